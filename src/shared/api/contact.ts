import { z } from 'zod';
import { auditPageSchema, auditQuerySchema } from '../schemas/audit.js';
import { idParamsSchema, okSchema } from '../schemas/common.js';
import { contactSchema } from '../schemas/contact.js';
import { contactMessageSchema, failedMailSchema, inboxQuerySchema, inboxSchema, messageReplySchema, messageStatusInputSchema } from '../schemas/inbox.js';
import { endpoint } from './endpoint.js';
import { islandApiPaths } from './island-paths.js';
import { noContentSchema } from './responses.js';

export const sendContactMessage = endpoint({
  operationId: 'sendContactMessage',
  method: 'POST',
  path: islandApiPaths.contact,
  tag: 'contact',
  summary: 'Send the organizers a message',
  body: contactSchema,
  responses: { 201: okSchema },
});

export const listMessages = endpoint({
  operationId: 'listMessages',
  method: 'GET',
  path: '/api/admin/messages',
  tag: 'admin',
  summary: "The inbox's contact messages",
  querystring: inboxQuerySchema,
  responses: { 200: inboxSchema },
});

export const setMessageStatus = endpoint({
  operationId: 'setMessageStatus',
  method: 'PATCH',
  path: '/api/admin/messages/:id',
  tag: 'admin',
  summary: "Set a contact message's status",
  params: idParamsSchema,
  body: messageStatusInputSchema,
  responses: { 200: contactMessageSchema },
});

export const replyToMessage = endpoint({
  operationId: 'replyToMessage',
  method: 'POST',
  path: '/api/admin/messages/:id/reply',
  tag: 'admin',
  summary: 'Answer a contact message by e-mail',
  params: idParamsSchema,
  body: messageReplySchema,
  responses: { 200: contactMessageSchema },
});

export const listFailedMail = endpoint({
  operationId: 'listFailedMail',
  method: 'GET',
  path: '/api/admin/mail/failed',
  tag: 'admin',
  summary: 'The mail that could not be delivered',
  responses: { 200: z.array(failedMailSchema) },
});

export const retryMail = endpoint({
  operationId: 'retryMail',
  method: 'POST',
  path: '/api/admin/mail/:id/retry',
  tag: 'admin',
  summary: 'Send an undelivered message again',
  params: idParamsSchema,
  responses: { 204: noContentSchema('Queued again') },
});

export const listAuditLog = endpoint({
  operationId: 'listAuditLog',
  method: 'GET',
  path: '/api/admin/audit',
  tag: 'admin',
  summary: 'The audit log, a page at a time',
  querystring: auditQuerySchema,
  responses: { 200: auditPageSchema },
});
