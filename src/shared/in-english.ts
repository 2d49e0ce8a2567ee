import { sourceLocale } from './i18n/locales.js';
import { createTranslator, type Translate } from './i18n/translator.js';

export type { Translate };

/**
 * The texts in English, as the code writes them: what a function that takes the reader's `t` (a
 * sentence with values, in the catalogs as one message) says when its caller passes none.
 */
export const inEnglish: Translate = createTranslator(sourceLocale, {});
