import { z } from 'zod';
import { apiErrorSchema } from '../schemas/common.js';
import {
  abortParamsSchema,
  abortQuerySchema,
  adminUploadSchema,
  completeBodySchema,
  completedSchema,
  completeParamsSchema,
  completeQuerySchema,
  createMultipartBodySchema,
  listPartsParamsSchema,
  listPartsQuerySchema,
  logoUploadedSchema,
  multipartCreatedSchema,
  paramsQuerySchema,
  partsSchema,
  signedPartQuerySchema,
  signedPartSchema,
  signPartParamsSchema,
  signPartQuerySchema,
  singleUploadParamsSchema,
  teamLogoInputSchema,
  teamLogoSchema,
  temporaryCredentialsSchema,
  urlImportBodySchema,
  urlImportMetaSchema,
  urlImportRefusalSchema,
  urlImportTokenSchema,
} from '../schemas/uploads.js';
import { endpoint } from './endpoint.js';
import { fileResponseSchema, noContentSchema } from './responses.js';

/** A wildcard's value (Fastify names it `*`). */
const wildcardParams = z.object({ '*': z.string() });

export const uploadTeamLogo = endpoint({
  operationId: 'uploadTeamLogo',
  method: 'POST',
  path: '/api/upload-logo',
  tag: 'uploads',
  summary: 'Upload a team\'s logo (multipart/form-data, field "logo")',
  responses: { 201: logoUploadedSchema },
});

export const getObject = endpoint({
  operationId: 'getObject',
  method: 'GET',
  path: '/objects/*',
  tag: 'uploads',
  summary: 'An uploaded object (a logo)',
  params: wildcardParams,
  wildcard: { name: 'objectKey', description: "The object's key" },
  responses: { 200: fileResponseSchema('image/*', 'An uploaded object (a logo), immutable') },
});

export const createAdminUpload = endpoint({
  operationId: 'createAdminUpload',
  method: 'POST',
  path: '/api/objects/upload',
  tag: 'uploads',
  summary: 'Where the organizer sends an image: a signed upload URL',
  responses: { 200: adminUploadSchema },
});

export const storeUploadedLogo = endpoint({
  operationId: 'storeUploadedLogo',
  method: 'PUT',
  path: '/api/team-logos',
  tag: 'uploads',
  summary: 'Turn an uploaded image into a logo',
  body: teamLogoInputSchema,
  responses: { 200: teamLogoSchema },
});

// The Uppy Companion endpoints the site serves itself, under `companionUrl` (schemas/uploads.ts).

export const importUrlMeta = endpoint({
  operationId: 'importUrlMeta',
  method: 'POST',
  path: '/api/companion/url/meta',
  tag: 'uploads',
  summary: "Import from an address: the file's name, type and size",
  body: urlImportBodySchema,
  responses: { 200: urlImportMetaSchema, '4xx': urlImportRefusalSchema },
});

export const importUrlGet = endpoint({
  operationId: 'importUrlGet',
  method: 'POST',
  path: '/api/companion/url/get',
  tag: 'uploads',
  summary: 'Import from an address: the token of the socket that downloads it',
  body: urlImportBodySchema,
  responses: { 200: urlImportTokenSchema },
});

export const getUploadCredentials = endpoint({
  operationId: 'getUploadCredentials',
  method: 'GET',
  path: '/api/companion/s3/sts',
  tag: 'uploads',
  summary: "Temporary credentials for the browser's own uploads to the bucket",
  responses: { 200: temporaryCredentialsSchema, 501: apiErrorSchema.describe('No STS credentials: uploads are signed by the site') },
});

export const signSingleUpload = endpoint({
  operationId: 'signSingleUpload',
  method: 'GET',
  path: '/api/companion/s3/params',
  tag: 'uploads',
  summary: 'Sign the upload of one object',
  querystring: paramsQuerySchema,
  responses: { 200: singleUploadParamsSchema },
});

export const createMultipartUpload = endpoint({
  operationId: 'createMultipartUpload',
  method: 'POST',
  path: '/api/companion/s3/multipart',
  tag: 'uploads',
  summary: 'Start a multipart upload',
  body: createMultipartBodySchema,
  responses: { 200: multipartCreatedSchema },
});

export const listUploadParts = endpoint({
  operationId: 'listUploadParts',
  method: 'GET',
  path: '/api/companion/s3/multipart/:uploadId',
  tag: 'uploads',
  summary: "A multipart upload's parts so far",
  params: listPartsParamsSchema,
  querystring: listPartsQuerySchema,
  responses: { 200: partsSchema },
});

export const signUploadPart = endpoint({
  operationId: 'signUploadPart',
  method: 'GET',
  path: '/api/companion/s3/multipart/:uploadId/:partNumber',
  tag: 'uploads',
  summary: 'Sign the upload of one part',
  params: signPartParamsSchema,
  querystring: signPartQuerySchema,
  responses: { 200: signedPartSchema },
});

export const completeMultipartUpload = endpoint({
  operationId: 'completeMultipartUpload',
  method: 'POST',
  path: '/api/companion/s3/multipart/:uploadId/complete',
  tag: 'uploads',
  summary: 'Complete a multipart upload',
  params: completeParamsSchema,
  querystring: completeQuerySchema,
  body: completeBodySchema,
  responses: { 200: completedSchema },
});

export const abortMultipartUpload = endpoint({
  operationId: 'abortMultipartUpload',
  method: 'DELETE',
  path: '/api/companion/s3/multipart/:uploadId',
  tag: 'uploads',
  summary: 'Abort a multipart upload',
  params: abortParamsSchema,
  querystring: abortQuerySchema,
  responses: { 204: noContentSchema('Aborted') },
});

// The local storage's signed URLs point here: the signature is the permission, as with S3.
export const receiveSignedUpload = endpoint({
  operationId: 'receiveSignedUpload',
  method: 'PUT',
  path: '/api/uploads/*',
  tag: 'uploads',
  summary: 'The target of a signed upload URL (local storage): the raw bytes of an object or a part',
  params: wildcardParams,
  wildcard: { name: 'target', description: '`incoming/<name>` (an object) or `parts/<uploadId>/<partNumber>` (a part)' },
  querystring: signedPartQuerySchema,
  responses: { 200: noContentSchema('Stored; the ETag header names what was stored') },
});
