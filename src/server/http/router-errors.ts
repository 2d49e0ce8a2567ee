import crypto from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SecurityHeaders } from './security-headers.js';
import { msg } from '../../shared/i18n/msg.js';

/**
 * The router (find-my-way) refuses some paths before any hook runs: a path parameter longer than
 * its limit (maxParamLength, 100 characters: every id we issue is far shorter) and a percent-escape
 * that is not UTF-8. Fastify's own answers for these echo the path and carry neither the request id
 * nor the security headers, so they are answered here instead: the documented `{ error }` shape,
 * a 400 like any other malformed request, and the headers every other answer has.
 */
export function routerErrorHandler(headers: SecurityHeaders) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const isClientError = error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH';
    if (!isClientError) request.log.error({ err: error }, 'router error');
    else request.log.info({ code: error.code }, 'path refused by the router');
    void reply
      .headers(headers.forUrl(request.url))
      .header('X-Request-Id', request.id)
      .status(isClientError ? 400 : 500)
      .send({
        error:
          error.code === 'FST_ERR_MAX_PARAM_LENGTH'
            ? msg('Malformed request: a part of the path is too long')
            : isClientError
              ? msg('Malformed request: the path is not valid')
              : msg('Something went wrong on our side. Please try again.'),
      });
  };
}

/**
 * Requests Node's HTTP parser cannot read (headers over its 16 KB, a request line that is not
 * HTTP, a request that took too long to arrive) never become a request: Fastify writes its own
 * answer on the socket. Ours has the documented `{ error }` shape, the JSON answers' security
 * headers and a request id of its own, which the log line names.
 */
export function clientErrorHandler(headers: SecurityHeaders) {
  // Fastify calls it with the instance as `this`.
  return function answerClientError(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
    // A reset connection has nobody to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, message] =
      error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request took too long to arrive']
        : error.code === 'HPE_HEADER_OVERFLOW'
          ? [431, 'The request headers are too large']
          : [400, 'Malformed request'];
    const requestId = crypto.randomUUID();
    this.log.info({ reqId: requestId, code: error.code, status }, 'request refused by the HTTP parser');
    if (socket.writable) {
      const body = JSON.stringify({ error: message });
      const lines = Object.entries({
        ...headers.json,
        'x-request-id': requestId,
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(Buffer.byteLength(body)),
        connection: 'close',
      }).map(([name, value]) => `${name}: ${value}\r\n`);
      socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join('')}\r\n${body}`);
    }
    socket.destroy(error);
  };
}
