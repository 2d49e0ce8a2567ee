import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../audit/actor.js';
import type { AuditLog } from '../audit/log.js';
import { guardEveryRoute, requirePermission } from '../auth/guard.js';
import type { StsCredentials } from './s3-sts.js';
import { AppError } from '../http/errors.js';
import { publicWriteLimits } from '../http/public-write-limits.js';
import type { UploadService } from './service.js';
import { settleRefusedBody } from './limits.js';
import { INCOMING_PREFIX, MAX_UPLOAD_BYTES, type SignedUploadReceiver } from './storage.js';
import type { SessionUser } from '../auth/service.js';
import { urlImportRoutes } from './url-import/routes.js';
import type { FetchPolicy } from './url-import/safe-fetch.js';
import { attachImportSocket } from './url-import/socket.js';
import { endpoints } from '../../shared/api/index.js';
import { companionUrl } from '../../shared/schemas/uploads.js';
import { contractRoute } from '../http/contract-routes.js';
import { msg } from '../../shared/i18n/msg.js';

/** The origin the browser used, so the URLs we sign for it stay same-origin (and pass the same-origin check). */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
/** `incoming/<name>` (one object) or `parts/<uploadId>/<partNumber>` (a multipart part); the signature decides the rest. */
function parseUploadTarget(path: string): { kind: 'object'; key: string } | { kind: 'part'; uploadId: string; partNumber: number } {
  const object = /^incoming\/([^/]+)$/.exec(path);
  if (object) return { kind: 'object', key: `${INCOMING_PREFIX}${object[1]}` };
  const part = /^parts\/([^/]+)\/(\d{1,5})$/.exec(path);
  if (part) return { kind: 'part', uploadId: part[1], partNumber: Number(part[2]) };
  throw new AppError('not_found', 'No upload target here');
}

const malformedUpload = () => new AppError('validation', msg('The upload was cut off or malformed. Please try again.'));

const declaredLength = (request: FastifyRequest) => {
  const value = Number(request.headers['content-length']);
  return Number.isFinite(value) ? value : undefined;
};

export const uploadRoutes: FastifyPluginAsyncZod<{
  uploads: UploadService;
  signedUploads?: SignedUploadReceiver;
  audit: AuditLog;
  urlImport: { policy: FetchPolicy; publicOrigin: string; resolveSession: (token: string) => Promise<SessionUser | null> };
  /** Temporary upload credentials, when the S3 store has a role to assume (S3_STS_ROLE_ARN). */
  sts?: StsCredentials | null;
}> = async (app, { uploads, signedUploads, audit, urlImport, sts }) => {
  // Routes here stream bodies and may refuse one part way: the connection must not stall on the rest.
  app.addHook('onSend', async (request, reply) => {
    if (reply.statusCode >= 400) settleRefusedBody(request.raw, reply);
  });
  // Multipart bodies are parsed only for the public logo upload.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      // One byte over the limit is enough to know; the service says so with its own message.
      limits: {
        fileSize: MAX_UPLOAD_BYTES + 1,
        files: 1,
        fields: 10,
        fieldSize: 1024,
        parts: 12,
        headerPairs: 50,
      },
      throwFileSizeLimit: false,
    });
    contractRoute(scope, endpoints.uploadTeamLogo, { config: { rateLimit: publicWriteLimits.logoUpload } }, async (request, reply) => {
      if (!request.isMultipart()) throw new AppError('unsupported_media', msg('Send the logo as multipart/form-data in the field "logo"'));
      const file = await request.file().catch((error: unknown) => {
        // busboy's own parse errors (a form cut off in its headers…) carry no status: the client's doing.
        const status = (error as { statusCode?: number }).statusCode;
        throw error instanceof AppError || (status && status < 500) ? error : malformedUpload();
      });
      if (!file) throw new AppError('validation', msg('Choose a logo image to upload'), [{ path: 'logo', message: msg('Choose a logo image to upload') }]);
      if (file.fieldname !== 'logo')
        throw new AppError('validation', msg('Send the logo in the form field "logo"'), [{ path: 'logo', message: msg('Missing field "logo"') }]);
      const created = await uploads.uploadLogo(file.file);
      reply.status(201);
      return created;
    });
  });

  contractRoute(app, endpoints.getObject, async (request, reply) => {
    const key = request.params['*'];
    const object = await uploads.openPublicObject(key);
    if (!object) throw new AppError('not_found', msg('Object not found'));
    return (
      reply
        .header('Content-Type', object.contentType)
        .header('Content-Length', object.size)
        .header('X-Content-Type-Options', 'nosniff')
        // Keys are random and never rewritten.
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        // Opened on its own, an object can run nothing.
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .send(object.stream)
    );
  });

  contractRoute(app, endpoints.createAdminUpload, { onRequest: requirePermission('tournaments') }, async (request) =>
    uploads.createAdminUpload(originOf(request)),
  );

  contractRoute(app, endpoints.storeUploadedLogo, { onRequest: requirePermission('tournaments') }, async (request) => {
    const logo = await uploads.logoFromUpload(request.body.logoImageURL);
    await audit.record(await actorOf(request), { action: 'upload.logo', targetType: 'upload', targetId: logo.objectPath, after: logo });
    return logo;
  });

  await app.register(companionRoutes, { uploads, policy: urlImport.policy, sts: sts ?? null });
  // Companion's socket path is `/api/{token}` under its URL.
  attachImportSocket(app, {
    pathPrefix: `${companionUrl}/api/`,
    publicOrigin: urlImport.publicOrigin,
    resolveSession: urlImport.resolveSession,
    policy: urlImport.policy,
    storeLogo: async (bytes, actor) => {
      const logo = await uploads.logoFromBytes(bytes);
      await audit.record(actor, { action: 'upload.logo', targetType: 'upload', targetId: logo.objectPath, after: logo });
      return logo;
    },
  });

  if (signedUploads) await app.register(signedUploadRoutes, { receiver: signedUploads });
};

/** The companion-style signing endpoints @uppy/aws-s3 calls, all admin-only. */
const companionRoutes: FastifyPluginAsyncZod<{
  uploads: UploadService;
  policy: FetchPolicy;
  sts: StsCredentials | null;
}> = async (companion, { uploads, policy, sts }) => {
  guardEveryRoute(companion, requirePermission('tournaments'));

  await companion.register(urlImportRoutes, { policy });

  // Temporary credentials let the browser sign its own requests to the bucket (S3_STS_ROLE_ARN); without
  // a role to assume, the site signs every upload itself (s3/params, s3/multipart) and says so.
  contractRoute(companion, endpoints.getUploadCredentials, async (_request, reply) => {
    if (!sts) {
      throw new AppError(
        'not_implemented',
        'Temporary S3 credentials are not offered: no STS credentials are configured. Uploads are signed by the site (s3/params, s3/multipart).',
      );
    }
    reply.header('Cache-Control', 'private, no-store');
    return sts.issue();
  });

  contractRoute(companion, endpoints.signSingleUpload, async (request) => uploads.signSingleUpload(request.query.type, originOf(request)));

  contractRoute(companion, endpoints.createMultipartUpload, async (request) => uploads.createMultipart(request.body.type));

  contractRoute(companion, endpoints.listUploadParts, async (request) =>
    uploads.listParts({
      key: request.query.key,
      uploadId: request.params.uploadId,
    }),
  );

  contractRoute(companion, endpoints.signUploadPart, async (request) =>
    uploads.signPart({ key: request.query.key, uploadId: request.params.uploadId }, request.params.partNumber, originOf(request)),
  );

  contractRoute(companion, endpoints.completeMultipartUpload, async (request) =>
    uploads.completeMultipart({ key: request.query.key, uploadId: request.params.uploadId }, request.body.parts),
  );

  contractRoute(companion, endpoints.abortMultipartUpload, async (request, reply) => {
    await uploads.abortMultipart({
      key: request.query.key,
      uploadId: request.params.uploadId,
    });
    return reply.status(204).send();
  });
};

/**
 * The targets of the local adapter's signed URLs. No session: the signature is the permission, as
 * with S3. Bodies are raw bytes of any type, streamed to disk under the size limit.
 */
const signedUploadRoutes: FastifyPluginAsyncZod<{
  receiver: SignedUploadReceiver;
}> = async (app, { receiver }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  contractRoute(app, endpoints.receiveSignedUpload, async (request, reply) => {
    const target = parseUploadTarget(request.params['*']);
    const { key, ...signature } = request.query;
    const { etag } =
      target.kind === 'object'
        ? await receiver.receiveObject(target.key, signature, request.raw, request.headers['content-type'], declaredLength(request))
        : await receiver.receivePart(key, target.uploadId, target.partNumber, signature, request.raw, declaredLength(request));
    return reply.header('ETag', etag).status(200).send();
  });
};
