import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Written by scripts/build-server.mjs beside the server bundle: a fresh cluster, as initdb leaves it, dumped by the same PGlite. */
export const EMBEDDED_TEMPLATE_FILE = 'pglite-template.tar.gz';

/**
 * What a new embedded data folder starts from. PGlite's own first start runs initdb in a second,
 * temporary database instance, then copies its files through an in-memory tarball: about 840 MiB
 * RSS at peak, which the process keeps. Loading the prebuilt cluster instead peaks near the
 * ~370 MiB of a reopened folder. Without a template (running from the sources), PGlite runs initdb.
 */
export function embeddedTemplate(dataDir: string, file = path.join(path.dirname(fileURLToPath(import.meta.url)), EMBEDDED_TEMPLATE_FILE)): Blob | undefined {
  if (fs.existsSync(path.join(dataDir, 'PG_VERSION'))) return undefined;
  return fs.existsSync(file) ? new Blob([fs.readFileSync(file)]) : undefined;
}
