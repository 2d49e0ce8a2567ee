import type { MessageValues } from './format-message';
import type { Translate } from './translator';

/** A piece of a rich sentence: plain text, or the text inside one of its `<tag>…</tag>`. */
export interface RichPart {
  tag: string | null;
  text: string;
}

/**
 * A translated sentence with tagged parts (`'Read the <rules>rules</rules> first.'`), cut at its
 * tags. Text values (a team's name) stand in as markers while the sentence is formatted and cut, so a
 * name with `<b>` in it stays a name and never becomes a tag.
 */
export function richParts(t: Translate, message: string, values: MessageValues = {}): RichPart[] {
  const texts: string[] = [];
  const marked: MessageValues = {};
  for (const [name, value] of Object.entries(values)) {
    if (typeof value === 'number') marked[name] = value;
    else {
      marked[name] = `\uE000${texts.length}\uE000`;
      texts.push(value);
    }
  }
  const restore = (text: string) => text.replace(/\uE000(\d+)\uE000/g, (_, index: string) => texts[Number(index)] ?? '');
  const formatted = t(message, Object.keys(values).length ? marked : undefined);
  const parts: RichPart[] = [];
  const tag = /<(\w+)>(.*?)<\/\1>/gs;
  let last = 0;
  for (const match of formatted.matchAll(tag)) {
    if (match.index > last) parts.push({ tag: null, text: restore(formatted.slice(last, match.index)) });
    parts.push({ tag: match[1], text: restore(match[2]) });
    last = match.index + match[0].length;
  }
  if (last < formatted.length) parts.push({ tag: null, text: restore(formatted.slice(last)) });
  return parts;
}
