import fs from 'node:fs';
import path from 'node:path';
import { paths } from '../../shared/paths.js';

/** The module each page's lazy route loads (src/web/routes.tsx); a test checks they are in the build. */
export const pageModules: Record<string, string> = {
  [paths.home]: 'src/web/pages/home/home-page.tsx',
  [paths.register]: 'src/web/pages/register/register-page.tsx',
  [paths.teams]: 'src/web/pages/teams/teams-page.tsx',
  [paths.hallOfFame]: 'src/web/pages/hall-of-fame/hall-of-fame-page.tsx',
  [paths.bracket]: 'src/web/pages/bracket/bracket-page.tsx',
  [paths.rules]: 'src/web/pages/rules/rules-page.tsx',
  [paths.contact]: 'src/web/pages/contact/contact-page.tsx',
  [paths.refundPolicy]: 'src/web/pages/legal/refund-policy-page.tsx',
  [paths.termsOfService]: 'src/web/pages/legal/terms-page.tsx',
  [paths.privacy]: 'src/web/pages/legal/privacy-page.tsx',
  [paths.accessibility]: 'src/web/pages/legal/accessibility-page.tsx',
  [paths.admin]: 'src/web/pages/admin/admin-page.tsx',
  [paths.adminLogin]: 'src/web/pages/admin-login/admin-login-page.tsx',
  [paths.adminSetup]: 'src/web/pages/admin-setup/admin-setup-page.tsx',
};

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

/**
 * The JavaScript a page needs beyond the entry, from Vite's build manifest: announced with
 * modulepreload in the served HTML, the route's chunks download alongside the entry instead of
 * after it has run.
 */
export function createRouteChunks(webRoot: string): (pagePath: string) => string[] {
  const manifestFile = path.join(webRoot, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) return () => [];
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const inEntry = new Set<string>();
  const collect = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const imported of manifest[key].imports ?? []) collect(imported, into);
  };
  if (entryKey) collect(entryKey, inEntry);

  const cache = new Map<string, string[]>();
  for (const [pagePath, moduleKey] of Object.entries(pageModules)) {
    const needed = new Set<string>();
    collect(moduleKey, needed);
    cache.set(
      pagePath,
      [...needed].filter((key) => !inEntry.has(key)).map((key) => `/${manifest[key].file}`),
    );
  }
  return (pagePath) => cache.get(pagePath) ?? [];
}
