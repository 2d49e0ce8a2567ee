import { Fragment, type ReactNode } from 'react';
import type { MessageValues } from '../../shared/i18n/format-message';
import { richParts } from '../../shared/i18n/rich-text';
import { useT } from './i18n';

/**
 * A translated sentence with parts that are elements (a link, bold words): the message marks them
 * with tags, `'Read the <rules>rules</rules> first.'`, and `parts` says what each tag becomes, so a
 * language can move the link within its sentence. Values fill `{name}` as in `t`.
 */
export function Trans({ message, values, parts }: { message: string; values?: MessageValues; parts: Record<string, (text: string) => ReactNode> }) {
  const t = useT();
  return (
    <>
      {richParts(t, message, values).map(({ tag, text }, index) => (
        <Fragment key={index}>{tag === null ? text : (parts[tag]?.(text) ?? text)}</Fragment>
      ))}
    </>
  );
}
