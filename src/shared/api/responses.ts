import { z } from 'zod';

/**
 * Response declarations that are not JSON bodies. Each route declares what it answers (OpenAPI:
 * /api/openapi.json); these are for the answers without a body, or with a file for a body.
 */

/** No body (204, or a 200 whose news is in its headers): documented without content. */
export const noContentSchema = (description = 'No content') => z.undefined().describe(description);

/** The 304 of a polled read (read-cache.ts). */
export const notModified = noContentSchema('Not modified: the ETag sent in If-None-Match is still current');

/** A file rather than JSON: streamed, never serialised, so the schema is for the document only. */
export const fileResponseSchema = (mediaType: string, description: string) => ({
  description,
  content: { [mediaType]: { schema: z.custom<unknown>().meta({ type: 'string', format: 'binary' }) } },
});
