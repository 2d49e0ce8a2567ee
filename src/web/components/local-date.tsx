import { formatShortDate } from '../../shared/dates';
import { Island } from '../islands/island';
import { useIsMounted } from '../lib/use-is-mounted';

/**
 * A date in the reader's zone. The server cannot know it, so its HTML and the first render in the
 * browser say the date in UTC; once mounted, the reader's own. An island on content pages.
 */
export function LocalShortDate({ iso }: { iso: string | null }) {
  return <>{formatShortDate(iso, useIsMounted() ? undefined : 'UTC')}</>;
}

/** The date as an island (src/web/islands): a page served as islands still shows it in the reader's zone. */
export function ShortDate({ iso }: { iso: string | null }) {
  return (
    <Island name="short-date" props={{ iso }} as="span">
      <LocalShortDate iso={iso} />
    </Island>
  );
}
