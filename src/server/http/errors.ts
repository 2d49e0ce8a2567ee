import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable, isTransactionConflict } from '../db/unavailable.js';
import { msg } from '../../shared/i18n/msg.js';

/** The error codes the API speaks, each with its HTTP status: one table for the whole app. */
export const errorStatus = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_media: 415,
  rate_limited: 429,
  not_implemented: 501,
  unavailable: 503,
} as const;
export type ErrorCode = keyof typeof errorStatus;

export interface Issue {
  path: string;
  message: string;
}

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues?: Issue[],
  ) {
    super(message);
  }
}

/** Seconds a client is told to wait when the database is away: about what a failover or restart takes. */
export const databaseRetryAfterSeconds = 5;
export const databaseUnavailableMessage = msg('The site cannot reach its database right now. Please try again in a moment.');

/** What a 404 names, with its message: "Tournament" is "Tournament not found". */
const notFoundMessages = {
  Tournament: msg('Tournament not found'),
  Team: msg('Team not found'),
  Match: msg('Match not found'),
  Payment: msg('Payment not found'),
  Refund: msg('Refund not found'),
  Bracket: msg('Bracket not found'),
  Champion: msg('Champion not found'),
  Account: msg('Account not found'),
  Session: msg('Session not found'),
  Invite: msg('Invite not found'),
  Message: msg('Message not found'),
  'Undelivered mail': msg('Undelivered mail not found'),
  'Demo payments': msg('Demo payments not found'),
  'Discord sign-in': msg('Discord sign-in not found'),
  'Discord link': msg('Discord link not found'),
  'Discord connection': msg('Discord connection not found'),
  'Discord application': msg('Discord application not found'),
} as const satisfies { [What in string]: `${What} not found` };

export const notFound = (what: keyof typeof notFoundMessages) => new AppError('not_found', notFoundMessages[what]);
export const conflict = (message: string) => new AppError('conflict', message);

function toPath(instancePath: string): string {
  return instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const retryAfter = (error as AppError & { retryAfterSeconds?: number }).retryAfterSeconds;
      if (retryAfter) reply.header('Retry-After', String(retryAfter));
      return reply.status(errorStatus[error.code]).send({ error: error.message, ...(error.issues ? { issues: error.issues } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // One message per field, the first one zod found, as a form shows it.
      const issues: Issue[] = [];
      for (const v of error.validation) {
        const path = toPath(v.instancePath);
        if (!issues.some((issue) => issue.path === path)) issues.push({ path, message: v.message ?? msg('Invalid value') });
      }
      return reply.status(400).send({ error: issues[0]?.message ?? msg('Invalid request'), issues });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong content type): say what, never how.
      const message =
        error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? msg('Unsupported content type')
          : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? msg('Request body is too large')
            : error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
              ? msg('Request body is empty')
              : status === 429
                ? msg('Too many requests, please try again later')
                : msg('Malformed request');
      return reply.status(status).send({ error: message });
    }
    if (isDatabaseUnavailable(error)) {
      // A failover or restart is expected: the client retries, the pool reconnects on the next request.
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('Retry-After', String(databaseRetryAfterSeconds)).send({ error: databaseUnavailableMessage });
    }
    if (isTransactionConflict(error)) {
      request.log.warn({ err: error }, 'transaction rolled back by a conflict');
      return reply.status(503).header('Retry-After', '1').send({ error: msg('The site is busy with the same change right now. Please try again.') });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: msg('Something went wrong on our side. Please try again.') });
  });
}
