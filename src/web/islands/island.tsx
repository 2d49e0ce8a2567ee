import type { ReactNode } from 'react';

/**
 * Marks an island (issue 32): on a content page the server's HTML is all there is, except these
 * roots, which src/web/islands/islands-entry.tsx hydrates alone with the props written here. In the
 * single-page app the wrapper is only a box that takes no room (`display: contents`).
 * `children` must be exactly what the island's component renders from `props`.
 */
export function Island<Props extends object>({
  name,
  props,
  as: Root = 'div',
  children,
}: {
  name: string;
  props: Props;
  as?: 'div' | 'span';
  children: ReactNode;
}) {
  return (
    // A span where only phrasing content may stand (a date inside a link).
    <Root data-island={name} data-props={JSON.stringify(props)} className="contents">
      {children}
    </Root>
  );
}
