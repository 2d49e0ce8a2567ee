import type { MessageValues } from '../../shared/i18n/format-message.js';
import { inEnglish } from '../../shared/in-english.js';

/**
 * Refusals with a value in them (a team's name): the English goes out as the API's message, and is
 * remembered with its message and values for a while, so the translation of the answer
 * (translated-errors.ts) can write it in the visitor's language. Bounded: the oldest go first.
 */
const remembered = new Map<string, { message: string; values: MessageValues; texts: readonly string[] }>();
const keptMessages = 1000;

/**
 * The English text of `message` with its values (mark the message with `msg`), remembered for its
 * translation. `texts` names the values that are catalog texts themselves (each marked with `msg`
 * where it is written, like a refund policy's explanation): they are translated too, where any other
 * value goes out as it is.
 */
export function withValues<Values extends MessageValues>(message: string, values: Values, texts: readonly (keyof Values & string)[] = []): string {
  const english = inEnglish(message, values);
  remembered.delete(english);
  remembered.set(english, { message, values, texts });
  if (remembered.size > keptMessages) remembered.delete(remembered.keys().next().value!);
  return english;
}

/** The message and values an English refusal was written from, if it was (and is still remembered). */
export const messageOf = (english: string) => remembered.get(english);
