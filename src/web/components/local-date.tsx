import { useFormats } from '../i18n/use-formats';
import { Island } from '../islands/island';
import { useIsMounted } from '../lib/use-is-mounted';

export interface LocalDateProps {
  iso: string | null;
  format: 'short' | 'long';
}

/**
 * A date in the reader's zone, in the page's language. The server cannot know the zone, so its HTML
 * and the first render in the browser say the date in UTC; once mounted, the reader's own.
 */
export function LocalDate({ iso, format }: LocalDateProps) {
  const formats = useFormats();
  const zone = useIsMounted() ? undefined : 'UTC';
  return <>{format === 'long' ? formats.longDate(iso, zone) : formats.shortDate(iso, zone)}</>;
}

/** The date as an island (src/web/islands): a page served as islands still shows it in the reader's zone. */
export function DateIsland(props: LocalDateProps) {
  return (
    <Island name="local-date" props={props} as="span">
      <LocalDate {...props} />
    </Island>
  );
}
