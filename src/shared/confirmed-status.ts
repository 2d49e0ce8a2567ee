import type { PaymentStatus } from './schemas/team.js';

// Without zod: the public pages' islands (src/web/islands) tell confirmed teams with these.
/**
 * The one rule of a confirmed team: paid (or free) in full, or refunded in part, which keeps its spot.
 * The server's confirmed count and spot rules (src/server/teams/lifecycle/rules.ts) and every badge read it.
 */
export const confirmedStatuses = ['completed', 'partially_refunded'] as const satisfies readonly PaymentStatus[];
export const isConfirmedStatus = (status: string): boolean => (confirmedStatuses as readonly string[]).includes(status);
