import { everyPageNamespaces } from '../../shared/i18n/namespaces';
import { isLocale, type PageLocale } from '../../shared/i18n/locales';
import { isCatalogLoading } from './catalog-store';
import { loadCatalog } from './loaded-catalogs';

/** A build's catalog files (import.meta.glob of src/shared/i18n/catalogs with `?url`): one JSON file per language and namespace. */
export type CatalogFiles = Record<string, string>;

/**
 * Loads a language's namespaces by their files' addresses (app-catalogs.ts): what a page the app
 * moves to needs beyond what the server listed for the first (loaded-catalogs.ts).
 */
export function createCatalogLoader(files: CatalogFiles) {
  return {
    load(locale: PageLocale, namespaces: readonly string[]): Promise<void> {
      if (!isLocale(locale) || locale === 'en') return Promise.resolve();
      return Promise.all(
        [...new Set([...everyPageNamespaces, ...namespaces])].map((namespace) => {
          const url = files[`../../shared/i18n/catalogs/${locale}/${namespace}.json`];
          return url ? loadCatalog(locale, namespace, url) : undefined;
        }),
      ).then(() => undefined);
    },
    /** Whether every one of these namespaces is loaded or loading already (then the addresses' chunk is not needed). */
    has: (locale: PageLocale, namespaces: readonly string[]) => [...everyPageNamespaces, ...namespaces].every((namespace) => isCatalogLoading(locale, namespace)),
  };
}
