import type { FastifyReply, FastifyRequest } from 'fastify';
import { isLocale, languageCookie, languageCookieMaxAgeSeconds, languageParameter, offeredLocale, pageLocale, sourceLocale, type Locale, type PageLocale } from '../../shared/i18n/locales.js';

/**
 * The language a page is served in: the address's `?lang=` (the footer's switch, an hreflang
 * alternate), remembered in a cookie; else the cookie; else the browser's Accept-Language; else
 * the organizer's default (Settings).
 */
export function createPageLanguage({ siteDefault, secureCookies }: { siteDefault: () => Promise<Locale>; secureCookies: boolean }) {
  return async function languageOf(request: FastifyRequest, reply: FastifyReply): Promise<PageLocale> {
    const query = new URL(request.url, 'http://localhost').searchParams.get(languageParameter);
    const chosen = query ? offeredLocale(query) : null;
    if (chosen) reply.setCookie(languageCookie, chosen, { path: '/', sameSite: 'lax', secure: secureCookies, maxAge: languageCookieMaxAgeSeconds });
    // The same address is another language for another visitor: caches must keep them apart.
    reply.header('Vary', 'Accept-Language, Cookie');
    let fallback: Locale = sourceLocale;
    try {
      fallback = await siteDefault();
    } catch {
      // The database is away: the page still comes, in the site's source language.
    }
    return pageLocale({ query: chosen, cookie: request.cookies[languageCookie], acceptLanguage: request.headers['accept-language'], siteDefault: fallback });
  };
}

/** The organizer's default language from the site read's JSON, parsed once per change. */
export function defaultLanguageOf(readSiteJson: () => Promise<string>): () => Promise<Locale> {
  let last: { json: string; locale: Locale } | null = null;
  return async () => {
    const json = await readSiteJson();
    if (last?.json !== json) {
      const value = (JSON.parse(json) as { defaultLanguage?: unknown }).defaultLanguage;
      last = { json, locale: isLocale(value) ? value : sourceLocale };
    }
    return last.locale;
  };
}
