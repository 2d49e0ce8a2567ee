import { isLocale, pseudoLocale, type PageLocale } from '../../shared/i18n/locales';

/** The page's language, as the server wrote it on <html>. */
export function documentLocale(): PageLocale {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return isLocale(lang) || lang === pseudoLocale ? (lang as PageLocale) : 'en';
}
