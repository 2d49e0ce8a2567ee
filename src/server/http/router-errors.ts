import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The router (find-my-way) refuses some paths before any hook runs: a path parameter longer than
 * its limit (maxParamLength, 100 characters: every id we issue is far shorter) and a percent-escape
 * that is not UTF-8. Fastify's own answers for these echo the path and carry neither the request id
 * nor the security headers, so they are answered here instead: the documented `{ error }` shape,
 * a 400 like any other malformed request, and the headers every other answer has.
 */
export function routerErrorHandler(headersFor: (url: string) => Record<string, string>) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const isClientError = error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH';
    if (!isClientError) request.log.error({ err: error }, 'router error');
    else request.log.info({ code: error.code }, 'path refused by the router');
    void reply
      .headers(headersFor(request.url))
      .header('X-Request-Id', request.id)
      .status(isClientError ? 400 : 500)
      .send({
        error:
          error.code === 'FST_ERR_MAX_PARAM_LENGTH'
            ? 'Malformed request: a part of the path is too long'
            : isClientError
              ? 'Malformed request: the path is not valid'
              : 'Something went wrong on our side. Please try again.',
      });
  };
}
