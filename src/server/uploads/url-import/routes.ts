import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, errorStatus } from '../../http/errors.js';
import { NOT_AN_IMAGE_MESSAGE } from '../images.js';
import { IMPORT_TOO_LARGE_MESSAGE, defaultLimits, remoteFileMeta, type DownloadLimits } from './download.js';
import type { FetchPolicy } from './safe-fetch.js';
import { tokenForUrl } from './token.js';
import { endpoints } from '../../../shared/api/index.js';
import { contractRoute } from '../../http/contract-routes.js';

/**
 * Companion's URL provider, as @uppy/url calls it: `url/meta` reads the headers, `url/get`
 * answers the token of the socket (socket.ts) that downloads the image. Registered inside the companion
 * plugin, whose hook requires the organizer's session.
 */
export const urlImportRoutes: FastifyPluginAsyncZod<{ policy: FetchPolicy; limits?: DownloadLimits }> = async (scope, { policy, limits = defaultLimits }) => {
  scope.setErrorHandler((error, request, reply) => {
    if (!(error instanceof AppError)) throw error;
    // Uppy shows `message` from a 4xx body (url/meta: in the dashboard's notice). For url/get it would
    // also retry such an answer ten times over minutes; without it, Uppy gives up at once.
    const forUppy = request.routeOptions.url?.endsWith('/url/meta');
    return reply.status(errorStatus[error.code]).send({ error: error.message, ...(forUppy ? { message: error.message } : {}) });
  });

  contractRoute(scope, endpoints.importUrlMeta, async (request) => remoteFileMeta(request.body.url, policy, limits));

  contractRoute(scope, endpoints.importUrlGet, async (request) => {
    // Refuse now what the headers already tell (the address rules on every hop, type, declared size):
    // a 4xx here ends the upload at once, where an error on the socket makes Uppy try again.
    const meta = await remoteFileMeta(request.body.url, policy, limits);
    if (!meta.type.startsWith('image/')) throw new AppError('unsupported_media', NOT_AN_IMAGE_MESSAGE);
    if (meta.size !== null && meta.size > limits.maxBytes) throw new AppError('too_large', IMPORT_TOO_LARGE_MESSAGE);
    // The socket fetches the address again, under the same rules, and sniffs the bytes themselves.
    return { token: tokenForUrl(new URL(request.body.url).toString()) };
  });
};
