// Page weight of the built client: the JS and CSS a page loads before it is interactive, gzip'd.
// For a page served as islands (the content pages and /register) that is the islands' entry, its
// warm-ups and the page's islands, each with its static imports and CSS. For a page of the app, the
// entry script of index.html with its static imports and CSS, the app it loads after the first paint
// (src/web/boot.ts imports main.tsx), plus the page's own route chunk (React Router resolves a lazy
// route before it renders). Chunks loaded only when someone navigates or acts (the wizard's later
// steps, toasts) are not counted.
// `npm test` holds these figures to budgets (scripts/check-script-budgets.ts).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** What the app loads before it is interactive, whichever the page: boot.ts (index.html) and the app it imports. */
export const appStarts = ['index.html', 'src/web/main.tsx'];

/** `pages`: each page and the manifest keys it starts from (scripts/script-budgets.ts `startsOf`). */
export function measurePageWeights(webRoot, pages) {
  const manifestPath = path.join(webRoot, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: build with build.manifest enabled (vite.config.ts)`);
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
  // The content pages' islands are a build of their own (vite.config.ts, mode "islands"): islands.html and its chunks.
  const islandsManifestPath = path.join(webRoot, '.vite', 'islands-manifest.json');
  if (fs.existsSync(islandsManifestPath)) Object.assign(manifest, JSON.parse(fs.readFileSync(islandsManifestPath, 'utf8')));

  const sizes = new Map();
  const sizeOf = (file) => {
    if (!sizes.has(file)) {
      const bytes = fs.readFileSync(path.join(webRoot, file));
      sizes.set(file, { raw: bytes.length, gzip: zlib.gzipSync(bytes, { level: 9 }).length });
    }
    return sizes.get(file);
  };

  const result = {};
  for (const [page, starts] of Object.entries(pages)) {
    const files = new Set();
    for (const start of starts) {
      if (!manifest[start]) throw new Error(`${start} is not in the Vite manifest: did the module move? (bench/lib/page-weight.mjs)`);
      collect(manifest, start, files);
    }
    const list = [...files].map((file) => ({ file, type: file.endsWith('.css') ? 'css' : 'js', ...sizeOf(file) })).sort((a, b) => b.gzip - a.gzip);
    const sum = (type, key) => list.filter((f) => f.type === type).reduce((total, f) => total + f[key], 0);
    result[page] = { jsGzip: sum('js', 'gzip'), cssGzip: sum('css', 'gzip'), jsRaw: sum('js', 'raw'), cssRaw: sum('css', 'raw'), files: list };
  }
  return result;
}

/** A manifest entry's file, CSS and static imports, transitively (dynamic imports are not followed). */
function collect(manifest, key, files, seen = new Set()) {
  if (seen.has(key)) return;
  seen.add(key);
  const entry = manifest[key];
  if (!entry) return;
  files.add(entry.file);
  for (const css of entry.css ?? []) files.add(css);
  for (const imported of entry.imports ?? []) collect(manifest, imported, files, seen);
}
