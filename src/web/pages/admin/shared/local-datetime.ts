import { inEnglish, type Translate } from '../../../../shared/in-english';

/**
 * The organizer types dates in their own time zone (datetime-local inputs); the server stores UTC.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** ISO instant → "2026-12-01T18:30" in the browser's time zone, cut to the minute (edit prefills). */
export function toLocalInputValue(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** "2026-12-01T18:30" read as local time → ISO UTC; anything unparseable is passed on for the server to reject. */
export function fromLocalInputValue(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

/** "Europe/Paris", shown beside the inputs so nobody wonders which clock they are setting; `t` (useT) says "local time" in the page's language when the browser names none. */
export function localTimeZoneName(t: Translate = inEnglish): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || t('local time');
}
