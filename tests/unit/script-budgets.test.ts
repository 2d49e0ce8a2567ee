import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain script, no types
import { measurePageWeights } from '../../bench/lib/page-weight.mjs';
import { budgetFailures, budgetOf, chunkName, measuredPages, recordOf, scriptBudgetGoals, scriptBudgets, type PageWeight } from '../../scripts/script-budgets';
import { isContentPage, matchPath, paths, teamPath, tournamentPath } from '../../src/shared/paths';

const js = (file: string, gzip: number) => ({ file, type: 'js', gzip });
const page = (...files: ReturnType<typeof js>[]): PageWeight => ({ jsGzip: files.reduce((sum, f) => sum + f.gzip, 0), files });

describe('the script budgets npm test holds the build to', () => {
  it('passes pages within their budget', () => {
    expect(budgetFailures({ '/': page(js('assets/app-AAAAAAAA.js', 40_000)) }, {}, () => 50_000)).toEqual([]);
  });

  it('fails a page over its budget, listing what grew since the record first, then what is new', () => {
    const weights = {
      '/': page(
        js('assets/app-AAAAAAAA.js', 45_000),
        js('assets/countdown-BBBB_-CC.js', 3_000),
        js('assets/dist-CCCCCCCC.js', 2_000),
        js('assets/dist-DDDDDDDD.js', 1_500),
      ),
    };
    const failures = budgetFailures(weights, { 'app.js': 40_000, 'dist.js': 3_500 }, () => 50_000);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toContain('/: 51.5 KB of script before it is interactive, over its budget of 50.0 KB');
    const lines = failures[0]
      .split('\n')
      .slice(1)
      .map((line) => line.trim());
    expect(lines).toEqual(['app.js 45.0 KB (+5.0 KB)', 'countdown.js 3.0 KB (new)', 'dist.js (2 files) 3.5 KB']);
  });

  it('records each chunk by its name without the content hash, at its largest over the pages', () => {
    expect(chunkName('assets/home-page-D17fkhxA.js')).toBe('home-page.js');
    expect(
      recordOf({
        '/a': page(js('assets/app-AAAAAAAA.js', 10)),
        '/b': page(js('assets/app-AAAAAAAA.js', 10), js('assets/dist-CCCCCCCC.js', 2), js('assets/dist-DDDDDDDD.js', 3)),
      }),
    ).toEqual({
      'app.js': 10,
      'dist.js': 5,
    });
  });

  it('measures every content page against the content budget and /register against its own', () => {
    expect(measuredPages).toEqual(
      expect.arrayContaining([
        paths.home,
        paths.teams,
        paths.hallOfFame,
        paths.rules,
        paths.bracket,
        paths.tournaments,
        paths.contact,
        paths.privacy,
        paths.accessibility,
        paths.register,
      ]),
    );
    expect(measuredPages.some((p) => p.startsWith('/tournaments/')) && measuredPages.some((p) => p.startsWith('/matches/'))).toBe(true);
    // Content pages are held to the goal itself.
    expect(budgetOf(paths.bracket)).toBe(scriptBudgetGoals.contentPageKb * 1000);
    expect(budgetOf(paths.privacy)).toBe(scriptBudgetGoals.contentPageKb * 1000);
    expect(budgetOf(paths.register)).toBe(scriptBudgets.registerKb * 1000);
    // Budgets only come down to their goals (issue 32).
    expect(scriptBudgets.contentPageKb).toBe(scriptBudgetGoals.contentPageKb);
    expect(scriptBudgets.registerKb).toBeGreaterThanOrEqual(scriptBudgetGoals.registerKb);
  });
});

describe('content pages', () => {
  it('are the pages a visitor reads; the wizard, team pages, admin and embeds are the single-page app', () => {
    for (const path of [
      paths.home,
      paths.teams,
      paths.hallOfFame,
      paths.rules,
      paths.bracket,
      paths.tournaments,
      tournamentPath('spring-cup'),
      matchPath('m1'),
      paths.contact,
      paths.privacy,
      paths.termsOfService,
      paths.refundPolicy,
      paths.accessibility,
      '/rules/',
    ]) {
      expect(isContentPage(path), path).toBe(true);
    }
    for (const path of [
      paths.register,
      '/register/done/t1',
      teamPath('t1'),
      paths.myTeams,
      paths.admin,
      paths.adminLogin,
      '/embed/tournaments/spring-cup/bracket',
      '/nowhere',
    ]) {
      expect(isContentPage(path), path).toBe(false);
    }
  });
});

describe('page weight (bench/lib/page-weight.mjs)', () => {
  it('counts what the starting modules import statically, once each, and not what they import on demand', () => {
    const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'page-weight-'));
    fs.mkdirSync(path.join(webRoot, '.vite'));
    fs.mkdirSync(path.join(webRoot, 'assets'));
    const files = {
      'assets/entry.js': 'e'.repeat(500),
      'assets/shared.js': 's'.repeat(300),
      'assets/page.js': 'p'.repeat(200),
      'assets/lazy.js': 'l'.repeat(100),
      'assets/entry.css': 'c'.repeat(50),
    };
    for (const [file, text] of Object.entries(files)) fs.writeFileSync(path.join(webRoot, file), text);
    const manifest = {
      'index.html': { file: 'assets/entry.js', imports: ['_shared.js'], dynamicImports: ['lazy.ts'], css: ['assets/entry.css'] },
      '_shared.js': { file: 'assets/shared.js' },
      'page.tsx': { file: 'assets/page.js', imports: ['_shared.js'] },
      'lazy.ts': { file: 'assets/lazy.js' },
    };
    fs.writeFileSync(path.join(webRoot, '.vite', 'manifest.json'), JSON.stringify(manifest));
    const { '/': weight } = measurePageWeights(webRoot, { '/': ['index.html', 'page.tsx'] });
    expect(weight.jsRaw).toBe(1000);
    expect(weight.cssRaw).toBe(50);
    expect(weight.files.map((f: { file: string }) => f.file).sort()).toEqual(['assets/entry.css', 'assets/entry.js', 'assets/page.js', 'assets/shared.js']);
    expect(weight.jsGzip).toBeGreaterThan(0);
    expect(() => measurePageWeights(webRoot, { '/': ['moved.tsx'] })).toThrow(/moved\.tsx is not in the Vite manifest/);
    fs.rmSync(webRoot, { recursive: true, force: true });
  });
});
