import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isLocale, type Locale } from '../../shared/i18n/locales.js';
import { chosenLanguage } from '../site/page-language.js';
import { serverTranslator } from '../i18n/server-catalogs.js';
import { messageOf } from './message-values.js';

/** The language a request comes in (a captain registering: their mail's language). */
export type LanguageOf = (request: FastifyRequest) => Promise<Locale>;

/** The language an API request's messages are answered in: the visitor's choice (cookie), their browser's, the site's default (read only then). */
export async function requestLanguage(request: FastifyRequest, siteDefault: () => Promise<Locale>): Promise<Locale> {
  const { locale } = chosenLanguage(request);
  // The pseudo-locale is made from English: its captains get English mail.
  if (locale) return isLocale(locale) ? locale : 'en';
  return siteDefault();
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
      // A refusal written with values (message-values.ts) is written again from its message; any other is looked up as it is.
      const translate = (english: string) => {
        const written = messageOf(english);
        if (!written) return t(english);
        const values = { ...written.values };
        for (const name of written.texts) values[name] = t(String(values[name]));
        return t(written.message, values);
      };
      if (typeof body.error === 'string') body.error = translate(body.error);
      for (const issue of Array.isArray(body.issues) ? body.issues : []) if (typeof issue.message === 'string') issue.message = translate(issue.message);
      return JSON.stringify(body);
    } catch {
      return payload;
    }
  });
}
