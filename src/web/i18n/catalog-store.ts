import type { PageLocale } from '../../shared/i18n/locales';
import type { Catalog } from '../../shared/i18n/translator';

/** Each language's texts loaded so far, merged: the translators read them as namespaces arrive (loaded-catalogs.ts loads them). */
const merged = new Map<string, Catalog>();
/** What is loaded or loading, by `<language>/<namespace>`. */
export const loadingCatalogs = new Map<string, Promise<void>>();

export function catalogOf(locale: PageLocale): Catalog {
  let catalog = merged.get(locale);
  if (!catalog) {
    catalog = {};
    merged.set(locale, catalog);
  }
  return catalog;
}

export const isCatalogLoading = (locale: PageLocale, namespace: string) => loadingCatalogs.has(`${locale}/${namespace}`);
