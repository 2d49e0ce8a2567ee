import { isLocale, pseudoLocale, type PageLocale } from '../../shared/i18n/locales';
import { defaultTimeZone } from '../../shared/time-zones';

/** Loads the page's catalogs as the server listed them (loaded-catalogs.ts, loaded only then): an English page has none. */
export const loadPageCatalogs = (locale: PageLocale): Promise<void> =>
  locale === 'en' ? Promise.resolve() : import('./loaded-catalogs').then(({ loadDocumentCatalogs }) => loadDocumentCatalogs(locale));

/** The page's language, as the server wrote it on <html>. */
export function documentLocale(): PageLocale {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return isLocale(lang) || lang === pseudoLocale ? (lang as PageLocale) : 'en';
}

/** The organizer's time zone, as the server wrote it on <html> (the site's settings); UTC on the server's side of a render, which passes its own. */
export function documentTimeZone(): string {
  return (typeof document === 'undefined' ? undefined : document.documentElement.dataset.timeZone) || defaultTimeZone;
}
