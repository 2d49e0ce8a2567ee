import Check from 'lucide-react/icons/check';
import Clock from 'lucide-react/icons/clock';
import type { ReactNode } from 'react';
import { matchPath } from '../../../shared/paths';
import type { BracketMatch } from '../../../shared/schemas/bracket';
import { useT } from '../../i18n/i18n';
import { useFormats } from '../../i18n/use-formats';
import { useDisplayTimeZone } from '../../lib/use-now';
import { cn } from '../../lib/utils';
import { NavAnchor } from '../layout/nav-anchor';
import { TeamAvatar } from '../ui/team-avatar';

/** A match with both teams and no winner yet: being played, or next. */
export const isOpen = (match: BracketMatch) => !match.isBye && match.team1Id !== null && match.team2Id !== null && match.winnerTeamId === null;

/**
 * `matchLinks`: 'in-app' (the site's own pages) or 'new-tab' (an embed in someone else's frame: the
 * match page opens at the top level, never inside the frame, where the rest of the site must not run).
 */
export type MatchLinks = 'in-app' | 'new-tab';

/**
 * One match of any bracket, as a list item: its teams, its time, the link to its page, and the
 * organizer's `actions` when given. `label` names it for screen readers ("Quarter-finals, match 2");
 * `caption`, when given, is shown above the teams too (the grand final's bracket reset).
 * `teamNote` adds a short text after a team's name (a Swiss team's record).
 */
export function MatchCard({
  match,
  label,
  caption,
  actions,
  matchLinks = 'in-app',
  showTimes = true,
  teamNote,
}: {
  match: BracketMatch;
  label: string;
  caption?: string;
  actions?: (match: BracketMatch) => ReactNode;
  matchLinks?: MatchLinks;
  showTimes?: boolean;
  teamNote?: (teamId: string) => ReactNode;
}) {
  return (
    <li data-testid="bracket-match" className="relative rounded-xl border border-border bg-surface p-3">
      {caption ? <p className="mb-2 px-2 text-xs font-bold uppercase tracking-wider text-muted">{caption}</p> : <p className="sr-only">{label}</p>}
      <MatchTeams match={match} teamNote={teamNote} />
      {showTimes && <MatchTime match={match} />}
      <MatchFooter match={match} links={matchLinks} />
      {actions?.(match)}
    </li>
  );
}

/** A series (best of 3 or 5) shows the maps each team won; a forfeit says FF. */
const isSeries = (match: BracketMatch) => (match.bestOf ?? 1) > 1;

/** What the winner's line adds: the series score (winner first), FF, or a best of one's free-text score. */
export function winnerScoreText(match: BracketMatch): string {
  if (match.forfeit) return 'FF';
  const won = match.winnerTeamId === match.team1Id ? match.team1Maps : match.team2Maps;
  const lost = match.winnerTeamId === match.team1Id ? match.team2Maps : match.team1Maps;
  if (won !== null && won !== undefined && lost !== null && lost !== undefined && isSeries(match)) return `${won}–${lost}`;
  return match.score ?? '';
}

/** When a match not yet played starts, in the visitor's zone with the zone named (UTC in the served HTML until hydrated). */
function MatchTime({ match }: { match: BracketMatch }) {
  const t = useT();
  const { dayTimeZone } = useFormats();
  const zone = useDisplayTimeZone();
  if (match.isBye || match.winnerTeamId !== null || !match.startsAt) return null;
  return (
    <p className="mt-2 flex items-center gap-1.5 px-2 text-xs text-muted" data-testid="bracket-match-time">
      <Clock aria-hidden className="size-3.5 shrink-0" />
      <span className="sr-only">{`${t('Match time:')} `}</span>
      <time dateTime={match.startsAt}>{dayTimeZone(match.startsAt, zone)}</time>
    </p>
  );
}

/** Under a match with both teams: its best-of when a series, and the link to its page. */
function MatchFooter({ match, links }: { match: BracketMatch; links: MatchLinks }) {
  const t = useT();
  if (match.isBye || !match.team1Id || !match.team2Id) return null;
  const label = t('Match page: {team1} vs {team2}', { team1: String(match.team1Name), team2: String(match.team2Name) });
  const linkClass = 'font-semibold text-accent underline-offset-4 hover:underline';
  return (
    <p className="mt-2 flex items-center justify-between gap-2 text-xs text-muted">
      <span>{isSeries(match) ? t('Best of {bestOf}', { bestOf: match.bestOf ?? 1 }) : ''}</span>
      {links === 'new-tab' ? (
        <a href={matchPath(match.id)} target="_blank" rel="noopener noreferrer" className={linkClass} aria-label={t('{label} (opens in a new tab)', { label })}>
          {t('Match page')}
        </a>
      ) : (
        <NavAnchor to={matchPath(match.id)} className={linkClass} aria-label={label}>
          {t('Match page')}
        </NavAnchor>
      )}
    </p>
  );
}

function MatchTeams({ match, teamNote }: { match: BracketMatch; teamNote?: (teamId: string) => ReactNode }) {
  const t = useT();
  const sides = [
    { id: match.team1Id, name: match.team1Name, logoUrl: match.team1LogoUrl, maps: match.team1Maps },
    { id: match.team2Id, name: match.team2Name, logoUrl: match.team2LogoUrl, maps: match.team2Maps },
  ];
  // While the series runs each team shows its maps; once won, the winner's line says the score.
  const showsMaps = isSeries(match) && !match.forfeit && match.winnerTeamId === null && (match.team1Maps ?? null) !== null;
  return (
    <ul className="grid gap-1.5">
      {sides.map((side, index) => {
        const isWinner = side.id !== null && side.id === match.winnerTeamId && !match.isBye;
        const isLoser = match.winnerTeamId !== null && side.id !== null && !isWinner && !match.isBye;
        if (side.id === null) {
          return (
            <li key={index} className="flex h-9 items-center rounded-md px-2 text-sm italic text-muted">
              {/* A bye still waiting for its one team (a lower-bracket bye): that team is to be decided, the other side is the bye. */}
              {match.isBye && (index === 1 || match.team2Id !== null) ? t('Bye') : t('To be decided')}
            </li>
          );
        }
        return (
          <li
            key={index}
            data-winner={isWinner || undefined}
            className={cn(
              'flex min-h-9 min-w-0 items-center gap-2 rounded-md px-2 py-1 text-sm',
              isWinner && 'bg-success/10 font-bold text-foreground',
              isLoser && 'text-muted',
            )}
          >
            <TeamAvatar name={side.name ?? ''} logoUrl={side.logoUrl} className="size-6 rounded text-[0.6rem]" />
            {/* Names wrap rather than cut: two teams can share their first letters, and a long score must not hide one. */}
            <span className="min-w-0 flex-1 break-words" data-testid="bracket-team-name">
              {side.name}
            </span>
            {teamNote?.(side.id)}
            {showsMaps && (
              <span className="shrink-0 text-sm font-bold tabular-nums" data-testid="bracket-team-maps">
                <span className="sr-only">{`${t('maps won:')} `}</span>
                {side.maps ?? 0}
              </span>
            )}
            {isWinner && (
              <span className="flex shrink-0 items-center gap-1 text-xs text-green-300">
                <Check aria-hidden className="size-4" />
                {winnerScoreText(match) ? t('Winner {score}', { score: winnerScoreText(match) }) : t('Winner')}
              </span>
            )}
            {match.isBye && <span className="text-xs text-muted">{t('Advances')}</span>}
          </li>
        );
      })}
    </ul>
  );
}
