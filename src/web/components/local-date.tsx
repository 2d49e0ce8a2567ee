import { formatLongDate, formatShortDate } from '../../shared/dates';
import { Island } from '../islands/island';
import { useIsMounted } from '../lib/use-is-mounted';

const formats = { short: formatShortDate, long: formatLongDate };

export interface LocalDateProps {
  iso: string | null;
  format: keyof typeof formats;
}

/**
 * A date in the reader's zone. The server cannot know it, so its HTML and the first render in the
 * browser say the date in UTC; once mounted, the reader's own.
 */
export function LocalDate({ iso, format }: LocalDateProps) {
  return <>{formats[format](iso, useIsMounted() ? undefined : 'UTC')}</>;
}

/** The date as an island (src/web/islands): a page served as islands still shows it in the reader's zone. */
export function DateIsland(props: LocalDateProps) {
  return (
    <Island name="local-date" props={props} as="span">
      <LocalDate {...props} />
    </Island>
  );
}
