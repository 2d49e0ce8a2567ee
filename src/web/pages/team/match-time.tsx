import { CalendarPlus } from 'lucide-react';
import type { MatchDetail } from '../../../shared/schemas/match';
import { useT } from '../../i18n/i18n';
import { useFormats } from '../../i18n/use-formats';
import { useDisplayTimeZone } from '../../lib/use-now';
import { matchCalendarUrl } from '../../queries/matches';
import { yourMatchTexts } from './your-match-texts';

/** The reader's zone by name ("Europe/Paris"); UTC while the page hydrates, like the dates. */
function zoneName(displayZone: string | undefined): string {
  return displayZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The match's time in the captain's own zone, named, with its calendar file. */
export function MatchTime({ match, opponent }: { match: Pick<MatchDetail, 'id' | 'startsAt' | 'status'>; opponent: string | null }) {
  const t = useT();
  const formats = useFormats();
  const zone = useDisplayTimeZone();
  if (!match.startsAt) return <span data-testid="your-match-time">{t(yourMatchTexts.timeUnknown)}</span>;
  return (
    <span className="grid gap-0.5">
      <span data-testid="your-match-time">{formats.dayTimeZone(match.startsAt, zone)}</span>
      <span className="text-xs text-muted" data-testid="your-match-zone">
        {t(yourMatchTexts.timeZoneNote, { zone: zoneName(zone) })}
      </span>
      {match.status !== 'finished' && opponent && (
        <a
          href={matchCalendarUrl(match.id)}
          download
          aria-label={t(yourMatchTexts.addToCalendarLabel, { opponent })}
          className="inline-flex min-h-6 items-center gap-1 justify-self-start text-sm font-semibold text-accent underline-offset-4 hover:underline"
        >
          <CalendarPlus aria-hidden className="size-4" />
          {t(yourMatchTexts.addToCalendar)}
        </a>
      )}
    </span>
  );
}
