import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { sourceLocale, type PageLocale } from '../../shared/i18n/locales';
import { createTranslator, type Catalog, type Translate } from '../../shared/i18n/translator';
import { defaultTimeZone } from '../../shared/time-zones';
import { documentTimeZone } from './document-locale';
import { catalogOf } from './catalog-store';

interface I18n {
  locale: PageLocale;
  t: Translate;
  /** The organizer's time zone (Settings): tournament times are shown in it beside the reader's. */
  organizerTimeZone: string;
}

const I18nContext = createContext<I18n>({ locale: sourceLocale, t: createTranslator(sourceLocale, {}), organizerTimeZone: defaultTimeZone });

/**
 * The page's language and the organizer's time zone for everything below: the server's render and
 * the browser's hydration pass the same (in the browser, by default, what the server wrote on <html>).
 */
export function I18nProvider({
  locale,
  catalog = catalogOf(locale),
  organizerTimeZone = documentTimeZone(),
  children,
}: {
  locale: PageLocale;
  catalog?: Catalog;
  organizerTimeZone?: string;
  children: ReactNode;
}) {
  const value = useMemo(() => ({ locale, t: createTranslator(locale, catalog), organizerTimeZone }), [locale, catalog, organizerTimeZone]);
  // .Provider: the islands render with Preact, which knows no context-as-provider.
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/**
 * The translating function: `t('Register Team')`, `t('{count, plural, one {# team} other {# teams}}', { count })`.
 * Its first argument is the English text itself, written as a literal so the catalogs' test finds it;
 * a text that comes from elsewhere (a schema's message, marked with `msg`) is passed as a value.
 */
export const useT = (): Translate => useContext(I18nContext).t;

export const useLocale = (): PageLocale => useContext(I18nContext).locale;

export const useOrganizerTimeZone = (): string => useContext(I18nContext).organizerTimeZone;
