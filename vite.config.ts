import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Rolldown, type UserConfig } from 'vite';

const dist = process.env.SITE_DIST ?? 'dist';

const isPackageIndex = (id: string) => /node_modules[\\/](lucide-react[\\/]dist[\\/]esm[\\/]lucide-react|radix-ui[\\/]dist[\\/]index)\.m?js$/.test(id);

/** Whether the module `root` matches reaches a module through static imports only: what it needs before it runs. */
function isStaticallyFrom(root: RegExp, id: string, ctx: Rolldown.ChunkingContext, seen = new Set<string>()): boolean {
  // Vite's preload helper serves boot.ts too: left out, it stays with boot.ts instead of pulling the app in.
  if (id.includes('preload-helper')) return false;
  if (root.test(id)) return true;
  if (seen.has(id)) return false;
  seen.add(id);
  // Through a package's index (every icon, every Radix primitive) is not a use: the app would take what only pages need.
  // (The layout imports its icons by their own paths, lucide-react/icons/…, so they count.)
  return (ctx.getModuleInfo(id)?.importers ?? []).some((importer) => !isPackageIndex(importer) && isStaticallyFrom(root, importer, ctx, seen));
}
const isStaticallyFromMain = (id: string, ctx: Rolldown.ChunkingContext) => isStaticallyFrom(/[\\/]src[\\/]web[\\/]main\.tsx$/, id, ctx);
// Every page served as islands has the header: what it needs (not the island itself, which the server names by its module).
const headerIsland = /[\\/]islands[\\/]header\.island\.tsx$/;
// What the entry itself needs (Preact) stays in the entry: shared with it, the two chunks would import each other.
const islandsEntry = /[\\/]islands[\\/]islands-entry\.tsx$/;
/**
 * The pages' islands a module is statically reached from, each page's own islands counted once: the
 * home page's live parts are islands of their own (src/web/islands/home-*.island.tsx) that share
 * their page's modules, which are the home page's, not pieces many pages share.
 */
function pagesReaching(id: string, ctx: Rolldown.ChunkingContext, seen = new Set<string>(), found = new Set<string>()): Set<string> {
  if (seen.has(id)) return found;
  seen.add(id);
  const island = /[\\/]islands[\\/]([^\\/]+)\.island\.tsx$/.exec(id)?.[1];
  if (island) found.add(island.startsWith('home-') ? 'home' : island);
  else for (const importer of ctx.getModuleInfo(id)?.importers ?? []) if (!isPackageIndex(importer)) pagesReaching(importer, ctx, seen, found);
  return found;
}
const isSiteModule = (id: string) => /lucide-react|[\\/]src[\\/](shared|web)[\\/]/.test(id) && !/\.island\.tsx$/.test(id);
// The islands' API addresses, a few lines most islands need: with the header's, not in the chunk many pages share, which
// the contact page would otherwise load for them alone.
const islandApiPaths = /[\\/]src[\\/]shared[\\/]api[\\/]island-paths\.ts$/;
const isStaticallyFromHeader = (id: string, ctx: Rolldown.ChunkingContext) =>
  (islandApiPaths.test(id) || (!headerIsland.test(id) && isStaticallyFrom(headerIsland, id, ctx))) && !isStaticallyFrom(islandsEntry, id, ctx);

/** The message catalogs stay files however small (src/web/i18n/catalogs.ts fetches them; the server preloads them by name): never inlined into a script. */
const catalogsAsFiles = (file: string) => (file.endsWith('.json') ? false : undefined);

/**
 * The content pages' islands (`vite build --mode islands`, after the app's build, into the same
 * dist/web): islands.html and its entry (src/web/islands/islands-entry.tsx), with React's API from
 * Preact's compat layer, which weighs a tenth of React DOM (docs/decisions/0017-islands.md).
 */
const islandsConfig: UserConfig = {
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react$/, replacement: 'preact/compat' },
      { find: /^prop-types$/, replacement: fileURLToPath(new URL('./src/web/compat/prop-types.ts', import.meta.url)) },
    ],
  },
  build: {
    outDir: `${dist}/web`,
    emptyOutDir: false,
    sourcemap: false,
    manifest: '.vite/islands-manifest.json',
    assetsInlineLimit: catalogsAsFiles,
    // The server announces each island's chunks with modulepreload (src/server/site/route-chunks.ts): no preload code in the script.
    modulePreload: false,
    rolldownOptions: {
      input: 'islands.html',
      // The same stylesheet as the app's (styles.css), under the app's name: a visitor moving between both fetches it once.
      output: {
        assetFileNames: (asset) => (asset.names.some((name) => name.endsWith('.css')) ? 'assets/index-[hash][extname]' : 'assets/[name]-[hash][extname]'),
        // The islands' chunks apart from the app's: a page served as islands loads nothing from outside assets/islands*.
        entryFileNames: 'assets/islands-[hash].js',
        chunkFileNames: 'assets/islands/[name]-[hash].js',
        codeSplitting: {
          // What the header needs, which every page served as islands loads: one file, not a dozen small ones.
          groups: [
            { name: (id, ctx) => (isStaticallyFromHeader(id, ctx) ? 'base' : null), includeDependenciesRecursively: false, priority: 2 },
            // Then the small pieces three islands or more share (icons, hooks, cards): one file again; and the home page's own.
            {
              name: (id, ctx) => {
                if (!isSiteModule(id) || isStaticallyFrom(islandsEntry, id, ctx)) return null;
                const pages = pagesReaching(id, ctx);
                // /register's wizard shares what it uses with the content pages: it never makes a module everyone's.
                const contentPages = pages.size - (pages.has('register') ? 1 : 0);
                return contentPages >= 3 ? 'public' : pages.size === 1 && pages.has('home') ? 'home' : null;
              },
              includeDependenciesRecursively: false,
              priority: 1,
            },
          ],
        },
      },
    },
  },
};

export default defineConfig(({ isSsrBuild, mode }) =>
  mode === 'islands'
    ? islandsConfig
    : {
        plugins: [react(), tailwindcss()],
        // SITE_DIST lets several builds live side by side (parallel test runs); dist by default.
        // `vite build --ssr src/web/entry-server.tsx` builds the public pages' server renderer into dist/ssr.
        build: isSsrBuild
          ? { outDir: `${dist}/ssr`, emptyOutDir: true, sourcemap: false }
          : {
              outDir: `${dist}/web`,
              emptyOutDir: true,
              sourcemap: false,
              manifest: true,
              assetsInlineLimit: catalogsAsFiles,
              rolldownOptions: {
                // The app is its own entry: no export of it needs preserving, which lets small shared chunks be inlined.
                preserveEntrySignatures: false,
                output: {
                  codeSplitting: {
                    // Everything the app loads before it renders (main.tsx, which boot.ts loads after the first paint), in one file.
                    // Not its dependencies by default: the preload helper that boot.ts shares would pull the app into the first paint.
                    groups: [{ name: (id, ctx) => (isStaticallyFromMain(id, ctx) ? 'app' : null), includeDependenciesRecursively: false }],
                    // A page's small shared pieces (icons, a button) travel inside the page's chunk instead of costing a request each.
                    experimentalInlineCommonChunks: { maxSize: 8 * 1024 },
                  },
                },
              },
            },
        server: {
          port: 5173,
          // ws: the logo URL import's progress socket (/api/companion/api/{token}).
          proxy: { '/api': { target: 'http://localhost:5000', ws: true }, '/objects': 'http://localhost:5000' },
        },
      },
);
