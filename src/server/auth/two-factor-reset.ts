import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { adminUsers, recoveryCodes, signInChallenges } from '../db/schema.js';

/** For a locked-out owner (npm run admin:create -- … --reset-2fa): two-factor off, recovery codes gone. */
export async function resetTwoFactor(executor: Db | Tx, userId: string): Promise<void> {
  await executor.update(adminUsers).set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null }).where(eq(adminUsers.id, userId));
  await executor.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await executor.delete(signInChallenges).where(eq(signInChallenges.userId, userId));
}
