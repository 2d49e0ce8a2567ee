import type { Role } from '../../shared/permissions.js';

/** ADMIN_REQUIRE_2FA: which accounts must have a second factor before they can do anything. */
export type TwoFactorRequirement = 'owner' | 'all' | 'off';
export const isTwoFactorRequired = (requirement: TwoFactorRequirement, role: Role) => requirement === 'all' || (requirement === 'owner' && role === 'owner');

export const twoFactorPolicy = {
  /** RFC 6238's defaults, the ones every authenticator app reads from the otpauth URL. */
  periodSeconds: 30,
  digits: 6,
  /** One step either side: a phone clock a little off still works. */
  window: 1,
  recoveryCodes: 10,
  /** Between the password and the code. */
  challengeMs: 5 * 60 * 1000,
  /** A freshCode route (guard.ts) asks for a code again when the session's last one is older than this. */
  freshMs: 15 * 60 * 1000,
} as const;
