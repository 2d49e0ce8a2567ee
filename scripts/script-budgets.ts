import { islandModule, islandWarmUps } from '../src/server/site/route-chunks';
import { isContentPage, isIslandPage, isMatchPage, isTournamentPage, matchPath, serverRenderedPages, paths, tournamentPath } from '../src/shared/paths';
// @ts-expect-error: a plain script, no types
import { appStarts } from '../bench/lib/page-weight.mjs';

/**
 * The script budgets `npm test` holds the build to (issue 32): the gzip'd JavaScript a page loads
 * before it is interactive (bench/lib/page-weight.mjs measures it). KB are 1000 bytes, as the bench
 * reports them.
 *
 * Content pages are served as islands and held to 50 KB; /register, the registration wizard (one
 * island of its own), to 120 KB.
 */
export const scriptBudgets = { contentPageKb: 50, registerKb: 120 };

/** The goal each figure above is on its way to. */
export const scriptBudgetGoals = { contentPageKb: 50, registerKb: 120 };

/** A match by a made-up id: every match page loads the same chunks whichever match it shows. */
const aMatchPage = matchPath('00000000-0000-4000-8000-000000000000');

/** One address per content page (a cup and a match by made-up ids: their pages load the same chunks whichever they show), and /register. */
export const measuredPages: string[] = [...serverRenderedPages.filter(isContentPage), tournamentPath('a-cup'), aMatchPage, paths.register];

export const budgetOf = (page: string) => (isContentPage(page) ? scriptBudgets.contentPageKb : scriptBudgets.registerKb) * 1000;

/**
 * The islands each page served as islands can hold (src/web/islands/{name}.island.tsx): with the
 * islands' entry, what it loads before it is interactive. tests/e2e/islands.spec.ts checks that a
 * page holds no other.
 */
const islandsOnPages: Record<string, string[]> = {
  [paths.home]: ['header', 'home-hero', 'home-info-cards', 'home-status', 'home-teams', 'home-open-cups', 'local-date'],
  [paths.teams]: ['header', 'teams-list'],
  [paths.tournaments]: ['header', 'local-date'],
  [paths.hallOfFame]: ['header', 'local-date', 'watch-highlight'],
  [paths.bracket]: ['header', 'bracket'],
  [aMatchPage]: ['header', 'match'],
  [paths.rules]: ['header', 'active-tournament', 'general-rules', 'faq'],
  [paths.contact]: ['header', 'contact-form'],
  [paths.register]: ['header', 'register'],
};
/** A cup's page, whichever cup. */
const cupPageIslands = ['header', 'cup-hero', 'info-cards', 'stream-player', 'cup-teams', 'embed-code', 'bracket'];
export const islandsOnPage = (page: string): string[] =>
  islandsOnPages[isMatchPage(page) ? aMatchPage : page] ?? (isTournamentPage(page) ? cupPageIslands : ['header']);

/**
 * The modules a page starts from, as keyed in Vite's manifests: its islands' entry (islands.html) and its islands,
 * or the app (boot.ts and main.tsx) and the page's own routes (their ids are their modules: src/web/routes.tsx).
 */
export function startsOf(page: string, modulesOf: (pathname: string) => string[], manifest: Record<string, unknown>): string[] {
  if (isIslandPage(page)) return ['islands.html', islandWarmUps, ...islandsOnPage(page).map(islandModule)];
  return [...appStarts, ...modulesOf(page).filter((module) => module in manifest)];
}

export interface PageWeight {
  jsGzip: number;
  files: { file: string; type: string; gzip: number }[];
}

/** A built file's name without its content hash (assets/app-CJZjOdh9.js → app.js): the same chunk across builds. */
export const chunkName = (file: string) => file.replace(/^.*\//, '').replace(/-[A-Za-z0-9_-]{8}(\.\w+)$/, '$1');

/** A page's scripts by chunk name, gzip sizes summed: packages' shared chunks are all named dist.js. */
function scriptsByName(weight: PageWeight): Map<string, { gzip: number; count: number }> {
  const byName = new Map<string, { gzip: number; count: number }>();
  for (const f of weight.files) {
    if (f.type !== 'js') continue;
    const name = chunkName(f.file);
    const sum = byName.get(name) ?? { gzip: 0, count: 0 };
    byName.set(name, { gzip: sum.gzip + f.gzip, count: sum.count + 1 });
  }
  return byName;
}

/** Each chunk name's largest figure over the pages: the record a failure compares with (scripts/script-weights.json). */
export function recordOf(weights: Record<string, PageWeight>): Record<string, number> {
  const record: Record<string, number> = {};
  for (const weight of Object.values(weights)) for (const [name, { gzip }] of scriptsByName(weight)) record[name] = Math.max(record[name] ?? 0, gzip);
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

/**
 * The pages over their budget, each with what it loads: the scripts that grew since the record
 * first (or are new), by how much, then the largest. Empty when every page is within budget.
 */
export function budgetFailures(weights: Record<string, PageWeight>, record: Record<string, number>, budgetFor: (page: string) => number = budgetOf): string[] {
  const failures: string[] = [];
  for (const [page, weight] of Object.entries(weights)) {
    const budget = budgetFor(page);
    if (weight.jsGzip <= budget) continue;
    const scripts = [...scriptsByName(weight)]
      .map(([name, { gzip, count }]) => {
        const before = record[name];
        return { name: count > 1 ? `${name} (${count} files)` : name, gzip, growth: before === undefined ? gzip : gzip - before, isNew: before === undefined };
      })
      .sort((a, b) => b.growth - a.growth || b.gzip - a.gzip);
    const lines = scripts.map(({ name, gzip, growth, isNew }) => `    ${name} ${kb(gzip)}${isNew ? ' (new)' : growth > 0 ? ` (+${kb(growth)})` : ''}`);
    failures.push(`${page}: ${kb(weight.jsGzip)} of script before it is interactive, over its budget of ${kb(budget)}:\n${lines.join('\n')}`);
  }
  return failures;
}
