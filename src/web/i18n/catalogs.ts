import { everyPageNamespaces } from '../../shared/i18n/namespaces';
import { isLocale, type PageLocale } from '../../shared/i18n/locales';
import type { Catalog } from '../../shared/i18n/translator';

// One chunk per language and namespace: a page loads only its language's common texts and its own. The server's own stay out.
const files = import.meta.glob<Catalog>(['../../shared/i18n/catalogs/*/*.json', '!../../shared/i18n/catalogs/*/server.json'], { import: 'default' });

/** Each language's texts loaded so far, merged: the translators read them as namespaces arrive. */
const merged = new Map<string, Catalog>();
const loading = new Map<string, Promise<void>>();

export function catalogOf(locale: PageLocale): Catalog {
  let catalog = merged.get(locale);
  if (!catalog) {
    catalog = {};
    merged.set(locale, catalog);
  }
  return catalog;
}

/** Loads a language's namespaces (English is the code's own text and the pseudo-locale is made from it: nothing to load). */
export function loadCatalogs(locale: PageLocale, namespaces: readonly string[]): Promise<void> {
  if (!isLocale(locale) || locale === 'en') return Promise.resolve();
  return Promise.all(
    [...new Set([...everyPageNamespaces, ...namespaces])].map((namespace) => {
      const key = `${locale}/${namespace}`;
      let load = loading.get(key);
      if (!load) {
        const file = files[`../../shared/i18n/catalogs/${key}.json`];
        load = file ? file().then((texts) => void Object.assign(catalogOf(locale), texts)) : Promise.resolve();
        loading.set(key, load);
      }
      return load;
    }),
  ).then(() => undefined);
}

/** The page's language, as the server wrote it on <html>. */
export function documentLocale(): PageLocale {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return isLocale(lang) || lang === 'en-XA' ? (lang as PageLocale) : 'en';
}

/** Every language's every namespace: the server's renderer, which renders any page in any language. */
export async function loadAllCatalogs(): Promise<void> {
  await Promise.all(
    Object.entries(files).map(async ([file, load]) => {
      const [, locale] = /catalogs\/([^/]+)\//.exec(file) ?? [];
      if (locale) Object.assign(catalogOf(locale as PageLocale), await load());
    }),
  );
}
