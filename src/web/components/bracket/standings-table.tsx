import { useId, useRef } from 'react';
import type { StandingRow } from '../../../shared/schemas/bracket';
import { useT } from '../../i18n/i18n';
import { cn } from '../../lib/utils';
import { Badge } from '../ui/badge';
import { TeamAvatar } from '../ui/team-avatar';
import { bracketTexts } from './bracket-texts';
import { useScrollsSideways } from './use-scrolls-sideways';

type Column = keyof typeof bracketTexts.columns;
type NumberColumn = Exclude<Column, 'place' | 'team'>;

/** The tiebreak columns of each kind of table, in the order the standings are sorted by. */
const columnsOf: Record<'group' | 'swiss', NumberColumn[]> = {
  group: ['played', 'wins', 'losses', 'mapDiff', 'roundDiff'],
  swiss: ['record', 'buchholz', 'mapDiff', 'roundDiff'],
};

const cellText = (row: StandingRow, column: NumberColumn): string => {
  switch (column) {
    case 'record':
      return bracketTexts.record(row.wins, row.losses);
    case 'buchholz':
      return String(row.buchholz ?? 0);
    case 'mapDiff':
      return bracketTexts.signed(row.mapDiff);
    case 'roundDiff':
      return bracketTexts.signed(row.roundDiff);
    default:
      return String(row[column]);
  }
};

/** A column's head: the short form on screen (its full name on hover), the full name for screen readers. */
function ColumnHead({ column, className }: { column: Column; className?: string }) {
  const t = useT();
  const [short, full] = [t(bracketTexts.columns[column].short), t(bracketTexts.columns[column].full)];
  return (
    <th scope="col" className={cn('h-10 whitespace-nowrap px-2 align-middle text-xs font-semibold uppercase tracking-wide text-muted', className)}>
      {short === full ? (
        short
      ) : (
        <>
          <abbr title={full} aria-hidden className="no-underline">
            {short}
          </abbr>
          <span className="sr-only">{full}</span>
        </>
      )}
    </th>
  );
}

/**
 * A group's or the Swiss standings as a table with every tiebreak column, the teams that go
 * through to the playoff marked in words. It scrolls sideways inside its own box on a phone.
 */
export function StandingsTable({ rows, caption, kind }: { rows: StandingRow[]; caption: string; kind: 'group' | 'swiss' }) {
  const t = useT();
  const captionId = useId();
  const scroller = useRef<HTMLDivElement>(null);
  const scrolls = useScrollsSideways(scroller, rows.length);
  const columns = columnsOf[kind];
  // Before any result every team is level: no place is yet a playoff place.
  const hasStarted = rows.some((row) => row.played > 0 || row.byes > 0);
  return (
    <div>
      {/* Focusable while it scrolls, so a keyboard can scroll it; named by the table's caption. */}
      <div
        ref={scroller}
        role="region"
        aria-labelledby={captionId}
        tabIndex={scrolls ? 0 : undefined}
        className="overflow-x-auto rounded-xl border border-border bg-surface focus-visible:outline-2 focus-visible:outline-primary"
      >
        <table className="w-full min-w-[20rem] text-sm" data-testid="standings-table">
          <caption id={captionId} className="sr-only">
            {caption}
          </caption>
          <thead className="border-b border-border">
            <tr>
              <ColumnHead column="place" className="w-8 pl-3 text-left" />
              <ColumnHead column="team" className="text-left" />
              {columns.map((column) => (
                <ColumnHead key={column} column={column} className="text-right last:pr-3" />
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr
                key={row.teamId}
                data-testid="standings-row"
                className={cn('border-b border-border last:border-0', hasStarted && row.advances && 'bg-success/5')}
              >
                <td className="py-2 pl-3 pr-2 tabular-nums text-muted">{row.place}</td>
                <th scope="row" className="min-w-[7rem] px-2 py-2 text-left font-semibold">
                  {/* A long name wraps beside the avatar, the marker after the name. */}
                  <span className="flex items-start gap-2">
                    {/* On a phone the name has the room: the numbers must fit beside it without scrolling. */}
                    <span className="hidden shrink-0 sm:block">
                      <TeamAvatar name={row.teamName} logoUrl={row.teamLogoUrl} className="size-6 rounded text-[0.6rem]" />
                    </span>
                    <span className="min-w-0 break-words leading-6">
                      {row.teamName}
                      {hasStarted && row.advances && (
                        <>
                          {' '}
                          <Badge variant="success" className="px-2 align-middle">
                            {t(bracketTexts.advances)}
                          </Badge>
                        </>
                      )}
                    </span>
                  </span>
                </th>
                {columns.map((column) => (
                  <td key={column} className="whitespace-nowrap px-2 py-2 text-right tabular-nums last:pr-3">
                    {cellText(row, column)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-2 text-xs text-muted" aria-hidden>
        {t(kind === 'group' ? bracketTexts.legendGroup : bracketTexts.legendSwiss)}
      </p>
    </div>
  );
}
