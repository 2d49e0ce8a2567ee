import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isLocale, type PageLocale } from '../../shared/i18n/locales.js';
import { pseudoText } from '../../shared/i18n/pseudo-text.js';
import { createTranslator, setPseudoText, type Catalog, type Translate } from '../../shared/i18n/translator.js';

setPseudoText(pseudoText);

/** Where the catalogs are: in the sources, or copied beside the bundle by the build (scripts/build-server.mjs). */
function catalogsDir(): string | null {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, 'catalogs'), path.join(here, '..', 'catalogs'), path.join(here, '..', '..', 'shared', 'i18n', 'catalogs')];
  return candidates.find((dir) => fs.existsSync(dir)) ?? null;
}

let merged: Map<string, Catalog> | null = null;

/** Each language's every namespace, merged: the server speaks any page's, mail's and error's text. */
function catalogs(): Map<string, Catalog> {
  if (merged) return merged;
  merged = new Map();
  const dir = catalogsDir();
  if (dir)
    for (const locale of fs.readdirSync(dir)) {
      if (!isLocale(locale)) continue;
      const catalog: Catalog = {};
      for (const file of fs.readdirSync(path.join(dir, locale)).filter((name) => name.endsWith('.json')))
        Object.assign(catalog, JSON.parse(fs.readFileSync(path.join(dir, locale, file), 'utf8')) as Catalog);
      merged.set(locale, catalog);
    }
  return merged;
}

const translators = new Map<string, Translate>();

/** The translating function of a language on the server (mail, Discord posts, the API's messages). */
export function serverTranslator(locale: PageLocale): Translate {
  let translate = translators.get(locale);
  if (!translate) {
    translate = createTranslator(locale, catalogs().get(locale) ?? {});
    translators.set(locale, translate);
  }
  return translate;
}
