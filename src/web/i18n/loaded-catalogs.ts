import type { PageLocale } from '../../shared/i18n/locales';
import { pseudoLocale } from '../../shared/i18n/locales';
import { setPseudoText, type Catalog } from '../../shared/i18n/translator';

/** Each language's texts loaded so far, merged: the translators read them as namespaces arrive. */
const merged = new Map<string, Catalog>();
/** What is loaded or loading, by `<language>/<namespace>`. */
const loading = new Map<string, Promise<void>>();

export function catalogOf(locale: PageLocale): Catalog {
  let catalog = merged.get(locale);
  if (!catalog) {
    catalog = {};
    merged.set(locale, catalog);
  }
  return catalog;
}

/** A catalog is a JSON file fetched as data (parsing JSON costs far less than compiling a script). */
const fetchCatalog = (url: string): Promise<Catalog> =>
  fetch(url).then((response) => (response.ok ? (response.json() as Promise<Catalog>) : Promise.reject(new Error(`${url}: ${response.status}`))));

/** Loads one namespace of a language from its file, once. */
export function loadCatalog(locale: PageLocale, namespace: string, url: string): Promise<void> {
  const key = `${locale}/${namespace}`;
  let load = loading.get(key);
  if (!load) {
    load = fetchCatalog(url).then((texts) => void Object.assign(catalogOf(locale), texts));
    // A failed load may be tried again (the next page's route).
    load.catch(() => loading.delete(key));
    loading.set(key, load);
  }
  return load;
}

export const isCatalogLoading = (locale: PageLocale, namespace: string) => loading.has(`${locale}/${namespace}`);

/**
 * The catalogs the server listed for the page (`<html data-catalogs="common:/assets/common-….json …">`,
 * src/server/site/html-page.ts), in the page's language; the pseudo-locale's rewriting when it is asked for.
 */
export function loadDocumentCatalogs(locale: PageLocale): Promise<void> {
  if (locale === pseudoLocale) return import('../../shared/i18n/pseudo-text').then(({ pseudoText }) => setPseudoText(pseudoText));
  const listing = document.documentElement.dataset.catalogs?.split(' ').filter(Boolean) ?? [];
  return Promise.all(
    listing.map((entry) => {
      const at = entry.indexOf(':');
      return loadCatalog(locale, entry.slice(0, at), entry.slice(at + 1));
    }),
  ).then(() => undefined);
}
