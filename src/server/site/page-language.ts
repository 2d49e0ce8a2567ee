import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  isLocale,
  languageCookie,
  languageCookieMaxAgeSeconds,
  languageParameter,
  negotiateLocale,
  offeredLocale,
  pseudoLocale,
  sourceLocale,
  type Locale,
  type PageLocale,
} from '../../shared/i18n/locales.js';

/** A request's choice of language: the address's `?lang=`, else its cookie, else its browser's; null when none is one the site offers. */
export function chosenLanguage(request: FastifyRequest): { locale: PageLocale | null; fromQuery: boolean } {
  // The raw query string: a malformed path must not throw here.
  const query = new URLSearchParams(request.url.split('?')[1] ?? '').get(languageParameter);
  const fromQuery = query ? offeredLocale(query) : null;
  if (fromQuery) return { locale: fromQuery, fromQuery: true };
  const cookie = request.cookies?.[languageCookie];
  return { locale: (cookie ? offeredLocale(cookie) : null) ?? negotiateLocale(request.headers['accept-language']), fromQuery: false };
}

/**
 * The language a page is served in: the address's `?lang=` (the footer's switch, an hreflang
 * alternate), remembered in a cookie; else the cookie; else the browser's Accept-Language; else
 * the organizer's default (Settings), read only then.
 */
export function createPageLanguage({ siteDefault, secureCookies }: { siteDefault: () => Promise<Locale>; secureCookies: boolean }) {
  return async function languageOf(request: FastifyRequest, reply: FastifyReply): Promise<{ locale: PageLocale; fromQuery: boolean }> {
    const { locale, fromQuery } = chosenLanguage(request);
    if (fromQuery && locale) {
      // The pseudo-locale (for tests) lasts the browser's session only: a shared link cannot leave a visitor in it.
      const maxAge = locale === pseudoLocale ? undefined : languageCookieMaxAgeSeconds;
      reply.setCookie(languageCookie, locale, { path: '/', sameSite: 'lax', secure: secureCookies, ...(maxAge ? { maxAge } : {}) });
    }
    // The same address is another language for another visitor: caches must keep them apart.
    reply.header('Vary', 'Accept-Language, Cookie');
    return { locale: locale ?? (await siteDefault()), fromQuery };
  };
}

/**
 * The organizer's default language from the site read's JSON, parsed once per change. While the
 * database is away it is the last one read (English before any): a page never waits on it.
 */
export function defaultLanguageOf(readSiteJson: () => Promise<string>): () => Promise<Locale> {
  let last: { json: string; locale: Locale } | null = null;
  return async () => {
    let json: string;
    try {
      json = await readSiteJson();
    } catch {
      return last?.locale ?? sourceLocale;
    }
    if (last?.json !== json) {
      const value = (JSON.parse(json) as { defaultLanguage?: unknown }).defaultLanguage;
      last = { json, locale: isLocale(value) ? value : sourceLocale };
    }
    return last.locale;
  };
}
