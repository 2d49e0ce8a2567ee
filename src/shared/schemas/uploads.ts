import { z } from 'zod';
import { apiErrorSchema } from './common.js';
import { msg } from '../i18n/msg.js';

// Request and response shapes of the upload endpoints, which the browser drives through Uppy and plain fetch.

/** The Uppy Companion endpoints the site serves itself live under this URL; the Uppy client's `companionUrl` is the same. */
export const companionUrl = '/api/companion';

const incomingKey = (message: string) => z.string({ error: message }).regex(/^incoming\/[a-f0-9]{32}$/, { error: msg('Not a valid upload key') });
const uploadId = (message: string) => z.string({ error: message }).min(1, { error: message }).max(1024);
const partNumber = (message: string) =>
  z.coerce.number({ error: message }).int(message).min(1, msg('partNumber must be between 1 and 10000')).max(10000, msg('partNumber must be between 1 and 10000'));

export const logoUploadedSchema = z.object({ logoUrl: z.string() });

export const adminUploadSchema = z.object({
  uploadURL: z.string(),
  method: z.literal('PUT'),
});

export const teamLogoInputSchema = z.object({
  logoImageURL: z.string({ error: msg('logoImageURL is required') }).trim().min(1, msg('logoImageURL is required')).max(4096, msg('logoImageURL is too long')),
});
export const teamLogoSchema = z.object({ objectPath: z.string() });

export const paramsQuerySchema = z.object({
  filename: z.string().max(1024).optional(),
  type: z.string({ error: msg('Signing an upload needs filename and type') }).min(1, msg('Signing an upload needs filename and type')).max(255),
});
export const singleUploadParamsSchema = z.object({
  method: z.literal('PUT'),
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  headers: z.record(z.string(), z.string()),
});

export const createMultipartBodySchema = z.object({
  filename: z.string().max(1024).optional(),
  type: z.string({ error: msg('Starting a multipart upload needs filename and type') }).min(1, msg('Starting a multipart upload needs filename and type')).max(255),
  metadata: z.record(z.string(), z.unknown()).optional(),
});
export const multipartCreatedSchema = z.object({
  key: z.string(),
  uploadId: z.string(),
});

const listMessage = msg('Listing parts needs key and uploadId');
export const listPartsParamsSchema = z.object({
  uploadId: uploadId(listMessage),
});
export const listPartsQuerySchema = z.object({ key: incomingKey(listMessage) });
export const partsSchema = z.array(z.object({ PartNumber: z.number(), ETag: z.string(), Size: z.number() }));

const signMessage = msg('Signing a multipart part needs key, uploadId and partNumber');
export const signPartParamsSchema = z.object({
  uploadId: uploadId(signMessage),
  partNumber: partNumber(signMessage),
});
export const signPartQuerySchema = z.object({ key: incomingKey(signMessage) });
export const signedPartSchema = z.object({ url: z.string() });

const completeMessage = msg('Completing a multipart upload needs key, uploadId and parts');
export const completeParamsSchema = z.object({
  uploadId: uploadId(completeMessage),
});
export const completeQuerySchema = z.object({
  key: incomingKey(completeMessage),
});
export const completeBodySchema = z.object({
  parts: z
    .array(
      z.object({
        PartNumber: z.number({ error: completeMessage }).int().min(1).max(10000),
        ETag: z.string({ error: completeMessage }).min(1).max(256),
      }),
      {
        error: completeMessage,
      },
    )
    .min(1, completeMessage)
    .max(10000),
});
export const completedSchema = z.object({ location: z.string() });

const abortMessage = msg('Aborting a multipart upload needs key and uploadId');
export const abortParamsSchema = z.object({ uploadId: uploadId(abortMessage) });
export const abortQuerySchema = z.object({ key: incomingKey(abortMessage) });

/** The signature of a local upload URL; anything missing or malformed fails the signature check (403), not validation. */
export const signedQuerySchema = z.object({
  expires: z.coerce.number().int().catch(0),
  sig: z.string().catch(''),
});
/** `key` is there for parts only (an object's key is its path). */
export const signedPartQuerySchema = signedQuerySchema.extend({
  key: z.string().catch(''),
});

/** GET s3/sts: temporary credentials for the browser's own uploads, the bucket and region. */
export const temporaryCredentialsSchema = z.object({
  credentials: z.object({ AccessKeyId: z.string(), SecretAccessKey: z.string(), SessionToken: z.string(), Expiration: z.string() }),
  bucket: z.string(),
  region: z.string(),
});

// Companion's URL provider (url/meta, url/get), as @uppy/url calls it.
export const urlImportBodySchema = z.looseObject({ url: z.string().trim().min(1, msg('Enter an address')).max(2048, msg('The address is too long')) });
export const urlImportMetaSchema = z.object({ name: z.string(), type: z.string(), size: z.number().int().nullable() });
export const urlImportTokenSchema = z.object({ token: z.string() });
/**
 * url/meta's refusals: the common error body plus `message`, the same text, which is the field
 * @uppy/core's companion client reads from a 4xx body to show the person why (without it, Uppy
 * shows only "Failed request with status: 400").
 */
export const urlImportRefusalSchema = apiErrorSchema
  .extend({ message: z.string().optional().describe('The same text as `error`, for the Uppy client, which shows `message`') })
  .describe('Refused: `error` says why, and `message` repeats it for Uppy');
