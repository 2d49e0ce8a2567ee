import { Fragment, type ReactNode } from 'react';
import type { MessageValues } from '../../shared/i18n/format-message';
import { useT } from './i18n';

/**
 * A translated sentence with parts that are elements (a link, bold words): the message marks them
 * with tags, `'Read the <rules>rules</rules> first.'`, and `parts` says what each tag becomes, so a
 * language can move the link within its sentence. Values fill `{name}` as in `t`.
 */
export function Trans({ message, values, parts }: { message: string; values?: MessageValues; parts: Record<string, (text: string) => ReactNode> }) {
  const t = useT();
  const text = t(message, values);
  const out: ReactNode[] = [];
  const tag = /<(\w+)>(.*?)<\/\1>/gs;
  let last = 0;
  for (const match of text.matchAll(tag)) {
    const [whole, name, inner] = match;
    if (match.index > last) out.push(text.slice(last, match.index));
    const part = parts[name];
    out.push(<Fragment key={match.index}>{part ? part(inner) : inner}</Fragment>);
    last = match.index + whole.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return <>{out}</>;
}
