import { z } from 'zod';

export const idSchema = z.uuid({ error: 'Not a valid id' });
export const idParamsSchema = z.object({ id: idSchema });

/** A datetime as the form sends it ("2026-12-01T18:00", ISO with zone, …): required and parseable. */
export function dateTimeField(requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage, abort: true })
    .max(40, 'Not a valid date')
    .refine((value) => !Number.isNaN(Date.parse(value)), 'Not a valid date');
}

/** Optional free text: empty strings and null come out as null. */
export function optionalText(max: number, tooLong: string) {
  return z
    .string()
    .max(max, tooLong)
    .nullish()
    .transform((value) => (value && value.trim() ? value : null));
}

/** The error body every failing API call answers with. */
export const apiErrorSchema = z.object({
  error: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
