import { numberFormat } from '../intl-formats';

/**
 * ICU messages, the subset the catalogs use: `{name}`, `{count, plural, =0 {…} one {…} other {…}}`
 * (with `#` for the number in the reader's locale) and `{kind, select, a {…} other {…}}`, nested.
 * A message is parsed once and kept. Written here rather than taken from i18next (16 KB gzipped) or
 * Lingui (it wants compiled catalogs, English too, in every page) because a content page's whole
 * script budget is 50 KB (docs/decisions/0018-languages.md).
 */
type Part = string | { name: string } | { name: string; kind: 'plural' | 'select'; cases: Record<string, Part[]> } | { pound: true };

export type MessageValues = Record<string, string | number>;

/** Kept parses: the catalogs' messages and the code's, a few thousand; bounded all the same. */
const parsed = new Map<string, Part[]>();
const keptParses = 5000;

class MessageSyntaxError extends Error {}

function parse(message: string): Part[] {
  let at = 0;
  function parts(inPlural: boolean): Part[] {
    const out: Part[] = [];
    let text = '';
    while (at < message.length) {
      const char = message[at];
      if (char === '}') break;
      if (char === '#' && inPlural) {
        if (text) out.push(text);
        text = '';
        out.push({ pound: true });
        at++;
      } else if (char === '{') {
        if (text) out.push(text);
        text = '';
        out.push(argument(inPlural));
      } else {
        text += char;
        at++;
      }
    }
    if (text) out.push(text);
    return out;
  }
  function word(): string {
    const match = /^\s*([^\s,{}]+)\s*/.exec(message.slice(at));
    if (!match) throw new MessageSyntaxError(message);
    at += match[0].length;
    return match[1];
  }
  function expect(char: string) {
    if (message[at] !== char) throw new MessageSyntaxError(message);
    at++;
  }
  function argument(inPlural: boolean): Part {
    expect('{');
    const name = word();
    if (message[at] === '}') {
      at++;
      return { name };
    }
    expect(',');
    const kind = word();
    if (kind !== 'plural' && kind !== 'select') throw new MessageSyntaxError(message);
    expect(',');
    const cases: Record<string, Part[]> = {};
    for (;;) {
      while (message[at] === ' ' || message[at] === '\n') at++;
      if (message[at] === '}') break;
      const key = word();
      expect('{');
      cases[key] = parts(kind === 'plural' || inPlural);
      expect('}');
    }
    expect('}');
    if (!cases.other) throw new MessageSyntaxError(`${message}: no other`);
    return { name, kind, cases };
  }
  const result = parts(false);
  if (at !== message.length) throw new MessageSyntaxError(message);
  return result;
}

/** The message's parts; throws on a message that is not well formed (a test parses every catalog). */
export function parseMessage(message: string): Part[] {
  let parts = parsed.get(message);
  if (!parts) {
    parts = parse(message);
    if (parsed.size >= keptParses) parsed.clear();
    parsed.set(message, parts);
  }
  return parts;
}

/** The names a message takes, for the test that a translation asks for the same values as its English. */
export function argumentNames(message: string): string[] {
  const names = new Set<string>();
  const walk = (parts: Part[]) => {
    for (const part of parts) {
      if (typeof part === 'string' || 'pound' in part) continue;
      names.add(part.name);
      if ('cases' in part) for (const inner of Object.values(part.cases)) walk(inner);
    }
  };
  walk(parseMessage(message));
  return [...names].sort();
}

/** The choices of a message's `select`s (`kind:team`, …), for the test that a translation keeps its English's cases. */
export function selectCases(message: string): string[] {
  const cases = new Set<string>();
  const walk = (parts: Part[]) => {
    for (const part of parts) {
      if (typeof part === 'string' || 'pound' in part || !('cases' in part)) continue;
      for (const [key, inner] of Object.entries(part.cases)) {
        if (part.kind === 'select') cases.add(`${part.name}:${key}`);
        walk(inner);
      }
    }
  };
  walk(parseMessage(message));
  return [...cases].sort();
}

const pluralRules = new Map<string, Intl.PluralRules>();
const pluralRulesOf = (locale: string) => {
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
  return rules;
};
const numbers = (locale: string) => numberFormat(locale, {});

function render(parts: Part[], locale: string, values: MessageValues, pound: number | null, text: (written: string) => string): string {
  let out = '';
  for (const part of parts) {
    if (typeof part === 'string') out += text(part);
    else if ('pound' in part) out += pound === null ? '#' : numbers(locale).format(pound);
    else if (!('cases' in part)) {
      const value = values[part.name];
      out += value === undefined ? `{${part.name}}` : typeof value === 'number' ? numbers(locale).format(value) : value;
    } else if (part.kind === 'plural') {
      const count = Number(values[part.name] ?? 0);
      const category = pluralRulesOf(locale).select(count);
      out += render(part.cases[`=${count}`] ?? part.cases[category] ?? part.cases.other, locale, values, count, text);
    } else {
      out += render(part.cases[String(values[part.name])] ?? part.cases.other, locale, values, pound, text);
    }
  }
  return out;
}

const asWritten = (text: string) => text;

/**
 * The message with its values, in the locale's plural rules and number forms; `text` rewrites the
 * message's own words, never the values (the pseudo-locale). A malformed message is shown as written
 * rather than breaking the page.
 */
export function formatMessage(message: string, locale: string, values: MessageValues = {}, text = asWritten): string {
  if (!message.includes('{')) return text(message);
  try {
    return render(parseMessage(message), locale, values, null, text);
  } catch (error) {
    if (error instanceof MessageSyntaxError) return text(message);
    throw error;
  }
}
