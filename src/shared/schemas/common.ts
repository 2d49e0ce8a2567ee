import { z } from 'zod';
import { msg } from '../i18n/msg.js';

export const idSchema = z.uuid({ error: msg('Not a valid id') });
export const idParamsSchema = z.object({ id: idSchema });
/** A team link's team: any id, as an id that is not a uuid is as unknown as a wrong key (404), never a hint. */
export const teamLinkParamsSchema = z.object({ id: z.string().max(100) });

/**
 * Every free-text field starts here. PostgreSQL text cannot hold NUL (U+0000): refusing it in the
 * schema makes it a 400 naming the field, in the form and on the server, never a database error.
 */
export function text(requiredMessage?: string) {
  return z
    .string(requiredMessage ? { error: requiredMessage } : undefined)
    .refine((value) => !value.includes('\u0000'), { error: msg('Must not contain NUL characters'), abort: true });
}

/**
 * Dates are accepted from 2000-01-01 to 9999-12-31 (UTC): past champions and future tournaments fit,
 * and every accepted instant has a four-digit year that JavaScript, the pg driver and PostgreSQL
 * all read and write the same way (years like 275760 or -1 do not).
 */
export const dateRange = { from: Date.UTC(2000, 0, 1), until: Date.UTC(10000, 0, 1) } as const;
const outOfRange = msg('Date must be between the years 2000 and 9999');

/** A datetime as the form sends it ("2026-12-01T18:00", ISO with zone, …): required, parseable, in range. */
export function dateTimeField(requiredMessage: string) {
  return text(requiredMessage)
    .trim()
    .min(1, { error: requiredMessage, abort: true })
    .max(40, { error: msg('Not a valid date'), abort: true })
    .refine((value) => !Number.isNaN(Date.parse(value)), { error: msg('Not a valid date'), abort: true })
    .refine((value) => Date.parse(value) >= dateRange.from && Date.parse(value) < dateRange.until, outOfRange);
}

/** Optional free text: empty strings and null come out as null. */
export function optionalText(max: number, tooLong: string) {
  return text()
    .max(max, tooLong)
    .nullish()
    .transform((value) => (value && value.trim() ? value : null));
}

/** An absolute http(s) URL: anything else (javascript:, data:, protocol-relative) could run or leak in a link or img. */
export const isWebUrl = (value: string) => /^https?:\/\//i.test(value) && URL.canParse(value);

/**
 * The path of an uploaded object, as the upload code makes them (`/objects/logos/<hex>.webp`):
 * segments of plain characters, none starting with a dot, so no `..`, `//`, backslash or
 * percent-encoded dot can walk out of the objects folder.
 */
const objectPathPattern = /^\/objects\/(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
export const isObjectPath = (value: string) => objectPathPattern.test(value);

/** The error body every failing API call answers with. */
export const apiErrorSchema = z.object({
  error: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** `{ ok: true }`: the answer of a write that has nothing else to say. */
export const okSchema = z.object({ ok: z.literal(true) });
