import fs from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

/**
 * The JavaScript a page needs beyond the entry, from Vite's build manifest: given the modules of
 * the page's matched routes (their route ids, src/web/routes.tsx), the chunks they import that the
 * entry does not. Announced with modulepreload in the served HTML, they download alongside the
 * entry instead of after it has run.
 */
export function createRouteChunks(webRoot: string): (modules: string[]) => string[] {
  const manifestFile = path.join(webRoot, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) return () => [];
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
      // Only route ids reach here, a handful: the map stays small.
      known.set(cacheKey, files);
    }
    return files;
  };
}

/** The islands' page template (islands.html as built: src/web/islands), null when the build has none. */
export function readIslandsTemplate(webRoot: string): string | null {
  const file = path.join(webRoot, 'islands.html');
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
}
