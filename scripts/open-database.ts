// The database a maintenance command works on. The embedded one is refused while a site (or another
// command) holds it: two processes on one PGlite folder lose changes and can damage it.
import type { Config } from '../src/server/config.js';
import { openEmbedded, openPostgres, type Database } from '../src/server/db/client.js';
import { displayPath, EmbeddedDatabaseInUseError } from '../src/server/db/embedded-lock.js';

/** `instead`: what to do rather than stopping the site, or how to run the command again. */
export async function openDatabaseForCommand(config: Config, instead: string, { poolSize }: { poolSize?: number } = {}): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, { poolSize });
  try {
    return await openEmbedded(config.dataDir);
  } catch (error) {
    if (!(error instanceof EmbeddedDatabaseInUseError)) throw error;
    console.error(`The site is running on ${displayPath(error.dataDir)} (pid ${error.pid}): stop it first, ${instead}. Nothing was changed.`);
    process.exit(1);
  }
}
