import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { freshCode, requirePermission } from '../auth/guard.js';
import type { Database } from '../db/client.js';
import { backupToFile, defaultBackupName } from './backup.js';
import { endpoints } from '../../shared/api/index.js';
import { contractRoute } from '../http/contract-routes.js';

/**
 * The organizer's backup while the site runs, in npm run db:backup's format. On the embedded database
 * this is the only way: no second process may open its folder. The snapshot is written to a temporary
 * file first, so a slow download never holds the database (PGlite's one connection) while it trickles out.
 */
export const backupRoutes: FastifyPluginAsyncZod<{ database: Database; now: () => Date }> = async (app, { database, now }) => {
  contractRoute(app, endpoints.downloadBackup, { onRequest: requirePermission('personalData', freshCode) }, async (_request, reply) => {
    const at = now();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-backup-'));
    const file = path.join(dir, defaultBackupName(at));
    const cleanUp = () => fs.rmSync(dir, { recursive: true, force: true });
    try {
      await backupToFile(database, file, at);
    } catch (error) {
      cleanUp();
      throw error;
    }
    const stream = fs.createReadStream(file);
    stream.once('close', cleanUp);
    return reply
      .header('Cache-Control', 'private, no-store')
      .header('Content-Type', 'application/gzip')
      .header('Content-Disposition', `attachment; filename="backup-${defaultBackupName(at)}"`)
      .send(stream);
  });
};
