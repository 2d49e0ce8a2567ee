import type { PageLocale } from '../../shared/i18n/locales';
import { pseudoLocale } from '../../shared/i18n/locales';
import { setPseudoText, type Catalog } from '../../shared/i18n/translator';
import { catalogOf, loadingCatalogs } from './catalog-store';

/** A catalog is a JSON file fetched as data (parsing JSON costs far less than compiling a script). */
const fetchCatalog = (url: string): Promise<Catalog> =>
  fetch(url).then((response) => (response.ok ? (response.json() as Promise<Catalog>) : Promise.reject(new Error(`${url}: ${response.status}`))));

/** Loads one namespace of a language from its file, once. */
export function loadCatalog(locale: PageLocale, namespace: string, url: string): Promise<void> {
  const key = `${locale}/${namespace}`;
  let load = loadingCatalogs.get(key);
  if (!load) {
    load = fetchCatalog(url).then((texts) => void Object.assign(catalogOf(locale), texts));
    // A failed load may be tried again (the next page's route).
    load.catch(() => loadingCatalogs.delete(key));
    loadingCatalogs.set(key, load);
  }
  return load;
}

/**
 * Loading a page's catalogs: a chunk of its own, which an English page (the code's own texts) never loads.
 *
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
