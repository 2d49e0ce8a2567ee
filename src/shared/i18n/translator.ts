import { formatMessage, type MessageValues } from './format-message';
import { pseudoLocale, sourceLocale, type PageLocale } from './locales';

/** A language's texts: the English text (the message's id) → the translation. */
export type Catalog = Record<string, string>;

export type Translate = (message: string, values?: MessageValues) => string;

/** The pseudo-locale's rewriting of a text (pseudo-text.ts): registered where the pseudo-locale is served, so the browser loads it only when asked for. */
let pseudoText: ((text: string) => string) | null = null;
export const setPseudoText = (rewrite: (text: string) => string) => {
  pseudoText = rewrite;
};

/**
 * The translating function of one language: a message is its English text, looked up in the
 * catalog; a text the catalog lacks is shown in English (a test fails when one does). A message is
 * read as ICU only when values are given: a text from elsewhere (a refusal with a visitor's address
 * in it) is shown as it is, never parsed.
 */
export function createTranslator(locale: PageLocale, catalog: Catalog): Translate {
  if (locale === pseudoLocale) {
    return (message, values) => {
      const rewrite = pseudoText ?? ((text: string) => text);
      return values ? formatMessage(message, sourceLocale, values, rewrite) : rewrite(message);
    };
  }
  return (message, values) => {
    const translation = Object.hasOwn(catalog, message) ? catalog[message] : message;
    return values ? formatMessage(translation, locale, values) : translation;
  };
}

/** Whether a language's catalog has the text: the API's refusals are translated only then (http/translated-errors.ts). */
export const hasTranslation = (catalog: Catalog, message: string) => Object.hasOwn(catalog, message);
