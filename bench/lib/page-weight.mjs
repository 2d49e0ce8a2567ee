// Page weight of the built client: the JS and CSS a page loads before its first render, gzip'd.
// That is the entry script of index.html with its static imports and CSS, plus the page's own
// route chunk (React Router resolves a lazy route before it renders) with its static imports and
// CSS. Other route chunks, loaded only when someone navigates, are not counted.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** The route chunk of each measured page, as keyed in Vite's manifest (src/web/routes.tsx). */
export const pageSources = {
  '/': 'src/web/pages/home/home-page.tsx',
  '/register': 'src/web/pages/register/register-page.tsx',
  '/admin': 'src/web/pages/admin/admin-page.tsx',
};

export function measurePageWeights(webRoot, pages = pageSources) {
  const manifestPath = path.join(webRoot, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: build with build.manifest enabled (vite.config.ts)`);
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
  const html = fs.readFileSync(path.join(webRoot, 'index.html'), 'utf8');
  const fromHtml = assetsInHtml(html);

  const sizes = new Map();
  const sizeOf = (file) => {
    if (!sizes.has(file)) {
      const bytes = fs.readFileSync(path.join(webRoot, file));
      sizes.set(file, { raw: bytes.length, gzip: zlib.gzipSync(bytes, { level: 9 }).length });
    }
    return sizes.get(file);
  };

  const result = {};
  for (const [page, source] of Object.entries(pages)) {
    if (!manifest[source]) throw new Error(`${source} is not in the Vite manifest: did the route move? (bench/lib/page-weight.mjs)`);
    const files = new Set(fromHtml);
    collect(manifest, 'index.html', files);
    collect(manifest, source, files);
    const list = [...files].map((file) => ({ file, type: file.endsWith('.css') ? 'css' : 'js', ...sizeOf(file) })).sort((a, b) => b.gzip - a.gzip);
    const sum = (type, key) => list.filter((f) => f.type === type).reduce((total, f) => total + f[key], 0);
    result[page] = { jsGzip: sum('js', 'gzip'), cssGzip: sum('css', 'gzip'), jsRaw: sum('js', 'raw'), cssRaw: sum('css', 'raw'), files: list };
  }
  return result;
}

/** Scripts, modulepreloads and stylesheets that index.html itself loads (paths relative to webRoot). */
function assetsInHtml(html) {
  const files = new Set();
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const isScript = /^<script/i.test(tag) && /type=["']?module/i.test(tag);
    const rel = tag.match(/rel=["']?([^"'\s>]+)/i)?.[1];
    const isLoadedLink = /^<link/i.test(tag) && (rel === 'stylesheet' || rel === 'modulepreload');
    const url = tag.match(/(?:src|href)=["']?([^"'\s>]+)/i)?.[1];
    if ((isScript || isLoadedLink) && url?.startsWith('/') && !url.startsWith('//')) files.add(url.slice(1));
  }
  return files;
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
