import fs from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

/**
 * From one of Vite's build manifests: the files a set of modules needs that the build's entry does
 * not already bring (their chunks and static imports, transitively), as served paths.
 */
function chunksBeyondEntry(manifestFile: string): ((modules: string[]) => string[]) | null {
  if (!fs.existsSync(manifestFile)) return null;
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const collect = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const imported of manifest[key].imports ?? []) collect(imported, into);
  };
  const inEntry = new Set<string>();
  if (entryKey) collect(entryKey, inEntry);

  const known = new Map<string, string[]>();
  return (modules) => {
    const cacheKey = modules.join('\n');
    let files = known.get(cacheKey);
    if (!files) {
      const needed = new Set<string>();
      for (const moduleKey of modules) collect(moduleKey, needed);
      files = [...needed].filter((key) => !inEntry.has(key)).map((key) => `/${manifest[key].file}`);
      // Only route ids and island names reach here, a handful: the map stays small.
      known.set(cacheKey, files);
    }
    return files;
  };
}

/**
 * The JavaScript a page needs beyond the entry, from Vite's build manifest: given the modules of
 * the page's matched routes (their route ids, src/web/routes.tsx), the chunks they import that the
 * entry does not. Announced with modulepreload in the served HTML, they download alongside the
 * entry instead of after it has run.
 */
export function createRouteChunks(webRoot: string): (modules: string[]) => string[] {
  return chunksBeyondEntry(path.join(webRoot, '.vite', 'manifest.json')) ?? (() => []);
}

/** The module every page with islands runs before hydrating them, as keyed in the islands' manifest. */
export const islandWarmUps = 'src/web/islands/warm-up.ts';

/** The module an island is (src/web/islands/islands-entry.tsx loads `./{name}.island.tsx`), as keyed in the islands' manifest. */
export const islandModule = (name: string) => `src/web/islands/${name}.island.tsx`;

/**
 * The chunks of the islands a page served as islands holds (by name), beyond the islands' entry:
 * announced with modulepreload, they download beside the entry instead of after it has run.
 */
export function createIslandChunks(webRoot: string): (names: string[]) => string[] {
  const chunksOf = chunksBeyondEntry(path.join(webRoot, '.vite', 'islands-manifest.json'));
  // Any page with islands runs the warm-ups (src/web/islands/warm-up.ts) before hydrating them.
  return chunksOf ? (names) => (names.length === 0 ? [] : chunksOf([islandWarmUps, ...[...names].sort().map(islandModule)])) : () => [];
}

/** The islands' page template (islands.html as built: src/web/islands), null when the build has none. */
export function readIslandsTemplate(webRoot: string): string | null {
  const file = path.join(webRoot, 'islands.html');
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
}

/** Where each message catalog (by its source path, src/shared/i18n/catalogs/<language>/<namespace>.json) is served, from the app's manifest. */
export function createCatalogUrls(webRoot: string): (source: string) => string | null {
  const file = path.join(webRoot, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) return () => null;
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  return (source) => (manifest[source] ? `/${manifest[source].file}` : null);
}
