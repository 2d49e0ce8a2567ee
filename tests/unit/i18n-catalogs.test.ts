import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { argumentNames, parseMessage } from '../../src/shared/i18n/format-message';
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

  it('each translation is well formed and takes the same values as its English', () => {
    for (const [namespace, ids] of extracted) {
      for (const id of ids) expect(() => parseMessage(id), id).not.toThrow();
      for (const locale of translatedLocales) {
        const catalog = readCatalog(locale, namespace) ?? {};
        for (const id of ids) if (catalog[id] !== undefined) expect(argumentNames(catalog[id]), `${locale}: ${catalog[id]}`).toEqual(argumentNames(id));
      }
    }
  });
});
