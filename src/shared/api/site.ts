import { z } from 'zod';
import { publicReadSchemas } from '../schemas/public-reads.js';
import { adminSiteSettingsSchema, siteSettingsInputSchema } from '../schemas/site.js';
import { endpoint } from './endpoint.js';
import { fileResponseSchema, notModified } from './responses.js';

// The organizer's settings over the environment's: read like the other polled reads, from the cache.
export const getSite = endpoint({
  operationId: 'getSite',
  method: 'GET',
  path: '/api/site',
  tag: 'site',
  summary: "The site's public settings (polled, with an ETag)",
  responses: { 200: publicReadSchemas.site, 304: notModified },
});

export const getAdminSettings = endpoint({
  operationId: 'getAdminSettings',
  method: 'GET',
  path: '/api/admin/settings',
  tag: 'admin',
  summary: "The site's settings as the owner edits them",
  responses: { 200: adminSiteSettingsSchema },
});

export const updateAdminSettings = endpoint({
  operationId: 'updateAdminSettings',
  method: 'PUT',
  path: '/api/admin/settings',
  tag: 'admin',
  summary: "Change the site's settings (a fresh code when the mail's routing changes)",
  body: siteSettingsInputSchema,
  responses: { 200: adminSiteSettingsSchema },
});

export const getHealth = endpoint({
  operationId: 'getHealth',
  method: 'GET',
  path: '/healthz',
  tag: 'operations',
  summary: 'Liveness: the process answers',
  responses: { 200: z.object({ status: z.literal('ok') }) },
});

export const getReadiness = endpoint({
  operationId: 'getReadiness',
  method: 'GET',
  path: '/readyz',
  tag: 'operations',
  summary: 'Readiness: the database answers',
  responses: { 200: z.object({ status: z.literal('ready') }), 503: z.object({ status: z.literal('unavailable'), error: z.string() }) },
});

export const downloadBackup = endpoint({
  operationId: 'downloadBackup',
  method: 'GET',
  path: '/api/admin/backup',
  tag: 'admin',
  summary: 'Download a backup of the database while the site runs',
  responses: { 200: fileResponseSchema('application/gzip', 'The database backup (npm run db:backup format), as a file to download') },
});
