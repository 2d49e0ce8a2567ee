import { msg } from './i18n/msg.js';

/**
 * The organizing team's roles and what each may do: the one table the server enforces
 * (server/auth/guard.ts) and the admin panel reads to show only what a role can use.
 */
export const roles = ['owner', 'organizer', 'staff'] as const;
export type Role = (typeof roles)[number];

export const roleNames: Record<Role, string> = { owner: msg('Owner'), organizer: msg('Organizer'), staff: msg('Staff') };

const everyone: readonly Role[] = roles;
const organizers: readonly Role[] = ['owner', 'organizer'];
const ownerOnly: readonly Role[] = ['owner'];

export const permissionRoles = {
  /** Accounts, invites and roles. */
  accounts: ownerOnly,
  /** Money going back: refunds, removal with a refund, cancelling a tournament, the finance view and its CSV; recording prize payouts. */
  money: ownerOnly,
  /** Personal data in bulk: captains' e-mail, the teams CSV, a team's export and erasure, the backup, undelivered mail. */
  personalData: ownerOnly,
  /** The audit log (Activity). */
  audit: ownerOnly,
  /** Site settings: the name, links, rules and the organizer on the legal pages. */
  settings: ownerOnly,
  /** Tournaments: create, edit, set live, the registration switch, delete one that holds no money; their logos; the prize split. */
  tournaments: organizers,
  /** Teams and rosters: remove without a refund, new team links, offer a waitlist spot. */
  teams: organizers,
  /** Teams, rosters, the waitlist and roster changes, read only. */
  teamsRead: everyone,
  /** Generate the bracket and confirm the champions. */
  bracket: organizers,
  /** Champions in the hall of fame. */
  champions: organizers,
  /** Check teams in (staff: the active tournament only). */
  checkIn: everyone,
  /** Enter and correct match results (staff: the active tournament only). */
  results: everyone,
  /** Check-in and results of any tournament, not only the active one. */
  anyTournament: organizers,
  /** The contact form's messages. */
  inbox: everyone,
} as const satisfies Record<string, readonly Role[]>;
export type Permission = keyof typeof permissionRoles;

export const isRole = (value: unknown): value is Role => typeof value === 'string' && (roles as readonly string[]).includes(value);

export function can(role: string | undefined | null, permission: Permission): boolean {
  return isRole(role) && permissionRoles[permission].includes(role);
}

export const permissionsOf = (role: string | undefined | null): Permission[] => (Object.keys(permissionRoles) as Permission[]).filter((p) => can(role, p));
