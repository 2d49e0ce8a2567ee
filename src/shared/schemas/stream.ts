import { z } from 'zod';
import { canonicalStreamUrl, streamSourceOf, streamUrlMessage } from '../stream-source.js';

export { canonicalStreamUrl, streamPlayerOrigins, streamPlayerUrl, streamSourceOf, streamUrlMessage, type StreamSource } from '../stream-source.js';

/** A form's stream field: empty is none; anything else must be one of the two, stored in its canonical form. */
export const streamUrlField = z
  .union([z.literal(''), z.string({ error: streamUrlMessage }).trim().max(300, streamUrlMessage)])
  .nullish()
  .transform((value, context) => {
    if (!value) return null;
    const source = streamSourceOf(value);
    if (!source) {
      context.addIssue({ code: 'custom', message: streamUrlMessage });
      return z.NEVER;
    }
    return canonicalStreamUrl(source);
  });

export const matchStreamInputSchema = z.object({ streamUrl: streamUrlField });
export type MatchStreamInput = z.input<typeof matchStreamInputSchema>;
