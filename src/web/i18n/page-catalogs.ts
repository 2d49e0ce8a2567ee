import { isLocale, type PageLocale } from '../../shared/i18n/locales';
import { isCatalogLoading } from './catalog-store';

/**
 * Loads the catalogs of a page the app moves to, in the page's language. Every catalog's address
 * is in a chunk of its own (app-catalogs.ts), loaded only when a page needs a namespace the server
 * did not list for the first page: an English page (the code's own texts) never loads it.
 */
export function loadAppCatalogs(locale: PageLocale, namespaces: readonly string[]): Promise<void> {
  if (!isLocale(locale) || locale === 'en' || namespaces.every((namespace) => isCatalogLoading(locale, namespace))) return Promise.resolve();
  return import('./app-catalogs').then(({ appCatalogs }) => appCatalogs.load(locale, namespaces));
}
