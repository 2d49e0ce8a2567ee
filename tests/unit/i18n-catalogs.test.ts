import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { argumentNames, parseMessage, selectCases } from '../../src/shared/i18n/format-message';
import { everyPageNamespaces, namespacesOfPage } from '../../src/shared/i18n/namespaces';
import { catalogsDir, extractMessages, missingMessages, readCatalog, translatedLocales } from '../../scripts/i18n-messages';

const extracted = extractMessages();

describe('message catalogs', () => {
  it('every language has every text the code shows (npm run i18n:missing lists them)', () => {
    expect(missingMessages()).toEqual({});
  });

  it('finds the texts in the code', () => {
    expect(extracted.get('common')?.size ?? 0).toBeGreaterThan(0);
  });

  it('holds no text the code no longer shows', () => {
    for (const locale of translatedLocales)
      for (const file of fs.readdirSync(path.join(catalogsDir, locale))) {
        const namespace = file.replace(/\.json$/, '');
        const ids = extracted.get(namespace) ?? new Set();
        expect(Object.keys(readCatalog(locale, namespace) ?? {}).filter((id) => !ids.has(id)), `${locale}/${file}`).toEqual([]);
      }
  });

  it('each translation is well formed and takes the same values, choices and tags as its English', () => {
    const tagsOf = (message: string) => Array.from(message.matchAll(/<\/?(\w+)>/g), ([tag]) => tag).sort();
    for (const [namespace, ids] of extracted) {
      for (const id of ids) expect(() => parseMessage(id), id).not.toThrow();
      for (const locale of translatedLocales) {
        const catalog = readCatalog(locale, namespace) ?? {};
        for (const id of ids) {
          if (catalog[id] === undefined) continue;
          expect(argumentNames(catalog[id]), `${locale}: ${catalog[id]}`).toEqual(argumentNames(id));
          // A language may leave choices to `other`, never name one its English does not make.
          expect(selectCases(id), `${locale}: ${catalog[id]}`).toEqual(expect.arrayContaining(selectCases(catalog[id])));
          expect(tagsOf(catalog[id]), `${locale}: ${catalog[id]}`).toEqual(tagsOf(id));
        }
      }
    }
  });
});

describe('one text, one translation', () => {
  it('a text in several namespaces reads the same in each (a page merges the ones it loads)', () => {
    for (const locale of translatedLocales) {
      const seen = new Map<string, { namespace: string; translation: string }>();
      const differing: string[] = [];
      for (const file of fs.readdirSync(path.join(catalogsDir, locale))) {
        const namespace = file.replace(/\.json$/, '');
        for (const [id, translation] of Object.entries(readCatalog(locale, namespace) ?? {})) {
          const first = seen.get(id);
          if (first && first.translation !== translation) differing.push(`${id}: ${first.namespace} "${first.translation}" / ${namespace} "${translation}"`);
          else if (!first) seen.set(id, { namespace, translation });
        }
      }
      expect(differing, locale).toEqual([]);
    }
  });
});

describe('catalogs a page loads', () => {
  it("include those of every other page whose components it imports", () => {
    const pagesDir = path.join(import.meta.dirname, '../../src/web/pages');
    const files = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? files(path.join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [path.join(dir, entry.name)] : []));
    for (const page of fs.readdirSync(pagesDir, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name)) {
      const used = new Set<string>();
      for (const file of files(path.join(pagesDir, page)))
        for (const match of Array.from(fs.readFileSync(file, 'utf8').matchAll(/from '(?:\.\.\/)+pages\/([\w-]+)\/|from '\.\.\/([\w-]+)\//g))) {
          const other = match[1] ?? match[2];
          if (other !== page && fs.existsSync(path.join(pagesDir, other)) && !everyPageNamespaces.includes(other)) used.add(other);
        }
      expect(namespacesOfPage(page).slice(1).sort(), page).toEqual(expect.arrayContaining([...used].sort()));
    }
  });
});
