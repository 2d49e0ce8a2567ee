import { msg } from '../i18n/msg.js';
import { text } from './common.js';

/**
 * Passwords that meet the length rule yet are among the first an attacker tries (breach lists,
 * keyboard walks, the site's own name). Compared case-insensitively, spaces ignored.
 */
const commonPasswords = new Set([
  '123456789012',
  '1234567890123',
  '12345678901234',
  '123456123456',
  '111111111111',
  '000000000000',
  'qwertyuiop12',
  'qwertyuiop123',
  'qwertyuiopasdf',
  'qwerty123456',
  'asdfghjkl123',
  '1qaz2wsx3edc',
  '1q2w3e4r5t6y',
  'password1234',
  'password12345',
  'password123456',
  'passwordpassword',
  'iloveyou1234',
  'letmein12345',
  'welcome12345',
  'administrator',
  'administrator1',
  'admin1234567',
  'adminadminadmin',
  'changeme1234',
  'clutchcup1234',
  'clutchcup2026',
  'tournament123',
  'tournament2026',
  'valorant1234',
  'valorant12345',
  'football1234',
  'baseball1234',
  'sunshine1234',
  'princess1234',
  'dragon123456',
  'monkey123456',
  'superman1234',
  'trustno1trustno1',
  'abcdefghijkl',
  'abc123abc123',
  'aaaaaaaaaaaa',
]);

export const passwordRuleMessages = {
  tooShort: msg('Password must be at least 12 characters'),
  tooLong: msg('Password must be at most 200 characters'),
  common: msg('This password is too common: choose another'),
} as const;

export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase().replace(/\s+/g, ''));
}

/** A password an account may be given: at least 12 characters and not on the common list. */
export function newPasswordField(requiredMessage: string = msg('Password is required')) {
  return text(requiredMessage)
    .min(12, { error: passwordRuleMessages.tooShort, abort: true })
    .max(200, { error: passwordRuleMessages.tooLong, abort: true })
    .refine((value) => !isCommonPassword(value), { error: passwordRuleMessages.common });
}
