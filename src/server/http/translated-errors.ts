import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isLocale, languageCookie, negotiateLocale, offeredLocale, type Locale } from '../../shared/i18n/locales.js';
import { serverTranslator } from '../i18n/server-catalogs.js';

/** The language a request comes in (a captain registering: their mail's language). */
export type LanguageOf = (request: FastifyRequest) => Promise<Locale>;

/** The language an API request's messages are answered in: the visitor's choice (cookie), their browser's, the site's default. */
export async function requestLanguage(request: FastifyRequest, siteDefault: () => Promise<Locale>): Promise<Locale> {
  const cookie = request.cookies?.[languageCookie];
  const chosen = (cookie ? offeredLocale(cookie) : null) ?? negotiateLocale(request.headers['accept-language']);
  // The pseudo-locale is made from English: its captains get English mail.
  if (chosen) return isLocale(chosen) ? chosen : 'en';
  try {
    return await siteDefault();
  } catch {
    return 'en';
  }
}

/**
 * The API's error messages in the request's language: every refusal is written once, in English
 * (the specification's words), and translated here on its way out, with each field's message. A
 * message the catalogs lack (one with a team's name in it) goes out in English.
 */
export function translateApiErrors(app: FastifyInstance, siteDefault: () => Promise<Locale>): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 400 || typeof payload !== 'string' || !request.url.startsWith('/api/') || !payload.startsWith('{"error"')) return payload;
    const locale = await requestLanguage(request, siteDefault);
    if (locale === 'en') return payload;
    const t = serverTranslator(locale);
    try {
      const body = JSON.parse(payload) as { error?: unknown; issues?: { message?: unknown }[] };
      if (typeof body.error === 'string') body.error = t(body.error);
      for (const issue of Array.isArray(body.issues) ? body.issues : []) if (typeof issue.message === 'string') issue.message = t(issue.message);
      return JSON.stringify(body);
    } catch {
      return payload;
    }
  });
}
