import type { MessageValues } from './format-message';
import type { Translate } from './translator';

/** A piece of a rich sentence: plain text, or the text inside one of its `<tag>…</tag>`. */
export interface RichPart {
  tag: string | null;
  text: string;
}

// Stands in for "<" inside values while the sentence is cut at its tags (a character of Unicode's private use area).
const lessThan = '\uE000';

/**
 * A translated sentence with tagged parts (`'Read the <rules>rules</rules> first.'`), cut at its
 * tags. A value's "<" (a team named "<b>") is set aside while the sentence is cut, so a value never
 * becomes a tag; a value that chooses a case (`select`) is passed as it is.
 */
export function richParts(t: Translate, message: string, values?: MessageValues): RichPart[] {
  const guarded = values && Object.fromEntries(Object.entries(values).map(([name, value]) => [name, typeof value === 'string' ? value.replaceAll('<', lessThan) : value]));
  const formatted = t(message, guarded);
  const restore = (text: string) => text.replaceAll(lessThan, '<');
  const parts: RichPart[] = [];
  let last = 0;
  for (const match of formatted.matchAll(/<(\w+)>(.*?)<\/\1>/gs)) {
    if (match.index > last) parts.push({ tag: null, text: restore(formatted.slice(last, match.index)) });
    parts.push({ tag: match[1], text: restore(match[2]) });
    last = match.index + match[0].length;
  }
  if (last < formatted.length) parts.push({ tag: null, text: restore(formatted.slice(last)) });
  return parts;
}
