/** The languages the site speaks. English is the source: its texts are the ones in the code, word for word. */
export const locales = ['en', 'es', 'pt-BR'] as const;
export type Locale = (typeof locales)[number];

export const sourceLocale: Locale = 'en';

/**
 * A pseudo-locale for tests: the English texts accented and 40 % longer, to find text left outside
 * the catalogs and layouts that break with longer words. Only chosen through its cookie or `?lang=`.
 */
export const pseudoLocale = 'en-XA';
export type PageLocale = Locale | typeof pseudoLocale;

/** Each language named in itself, as the footer's switch offers it. */
export const localeNames: Record<Locale, string> = { en: 'English', es: 'Español', 'pt-BR': 'Português (Brasil)' };

/** The cookie that remembers a visitor's choice (listed on the privacy page). */
export const languageCookie = 'lang';
export const languageCookieMaxAgeSeconds = 365 * 24 * 60 * 60;
/** The query parameter that chooses a language (the switch's links, the hreflang alternates). */
export const languageParameter = 'lang';

export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && (locales as readonly string[]).includes(value);

/** A language tag as a visitor or a browser writes it ("es-MX", "pt", "EN-us") mapped to one the site offers, or null. */
export function offeredLocale(tag: string): PageLocale | null {
  const lower = tag.trim().toLowerCase();
  if (lower === pseudoLocale.toLowerCase()) return pseudoLocale;
  const exact = locales.find((locale) => locale.toLowerCase() === lower);
  if (exact) return exact;
  const language = lower.split('-')[0];
  // Portuguese is offered as Brazil's: a reader of Portugal's reads it better than English.
  return locales.find((locale) => locale.toLowerCase().split('-')[0] === language) ?? null;
}

/** The first language of an Accept-Language header, by its weights, that the site offers. */
export function negotiateLocale(acceptLanguage: string | undefined): Locale | null {
  if (!acceptLanguage) return null;
  const ranked = acceptLanguage
    .split(',')
    .map((entry, index) => {
      const [tag, ...params] = entry.trim().split(';');
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { tag, weight: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ tag, weight }) => tag && weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of ranked) {
    const locale = offeredLocale(tag);
    // The pseudo-locale is for tests that ask for it by name, never a browser's choice.
    if (locale && locale !== pseudoLocale) return locale;
  }
  return null;
}

/**
 * A page's language: the visitor's choice (the address's `?lang=`, then the cookie), then their
 * browser's, then the site's default.
 */
export function pageLocale({ query, cookie, acceptLanguage, siteDefault }: { query?: string | null; cookie?: string | null; acceptLanguage?: string; siteDefault: Locale }): PageLocale {
  for (const chosen of [query, cookie]) {
    const locale = chosen ? offeredLocale(chosen) : null;
    if (locale) return locale;
  }
  return negotiateLocale(acceptLanguage) ?? siteDefault;
}
