import { Check, Clock } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Link } from 'react-router';
import { formatDayTimeZone } from '../../../shared/dates';
import { matchPath } from '../../../shared/paths';
import type { Bracket, BracketMatch, BracketRound } from '../../../shared/schemas/bracket';
import { useDisplayTimeZone } from '../../lib/use-now';
import { cn } from '../../lib/utils';
import { TeamAvatar } from '../ui/team-card';

const isOpen = (match: BracketMatch) => !match.isBye && match.team1Id !== null && match.team2Id !== null && match.winnerTeamId === null;

/** The round being played: the first with a match that has both teams and no winner yet; none once every result is in. */
export function playingRoundNumber(bracket: Bracket): number | null {
  return bracket.rounds.find((round) => round.matches.some(isOpen))?.number ?? null;
}

/** Whether the element's content is wider than it: it scrolls sideways (true until measured, as on the server). */
function useScrollsSideways(ref: RefObject<HTMLElement | null>, contentKey: unknown): boolean {
  const [scrolls, setScrolls] = useState(true);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, contentKey]);
  return scrolls;
}

/**
 * A bracket as lists: one section per round (a heading and an ordered list of its matches), side
 * by side and scrolling sideways on a phone, the current round scrolled into view. Screen readers
 * and keyboards get the same lists; `actions` adds the organizer's controls under each match.
 */
/**
 * `matchLinks`: 'in-app' (the site's own pages) or 'new-tab' (an embed in someone else's frame: the
 * match page opens at the top level, never inside the frame, where the rest of the site must not run).
 */
export function BracketRounds({
  bracket,
  actions,
  label = 'Bracket',
  matchLinks = 'in-app',
  showTimes = true,
}: {
  bracket: Bracket;
  actions?: (match: BracketMatch) => ReactNode;
  label?: string;
  matchLinks?: 'in-app' | 'new-tab';
  /** Off where the actions show (and set) each match's time themselves: Match Day. */
  showTimes?: boolean;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const playing = playingRoundNumber(bracket);
  // In view: the round being played, or the final once it is decided.
  const current = playing ?? bracket.rounds.at(-1)!.number;
  useEffect(() => {
    const container = scroller.current;
    const section = container?.querySelector<HTMLElement>(`[data-round="${current}"]`);
    // Sideways only: the page itself does not jump.
    if (container && section) container.scrollLeft = section.offsetLeft - container.offsetLeft - 8;
  }, [current]);

  const rounds: (BracketRound & { key: string })[] = bracket.rounds.map((round) => ({ ...round, key: String(round.number) }));
  if (bracket.thirdPlace) rounds.push({ key: 'third-place', number: 0, name: 'Third place', matches: [bracket.thirdPlace] });
  const scrolls = useScrollsSideways(scroller, rounds.length);

  return (
    // Focusable while it scrolls, so a keyboard can scroll it (a stop that scrolls nothing would be
    // noise); labelled so a screen reader says what it is.
    <div ref={scroller} tabIndex={scrolls ? 0 : undefined} role="region" aria-label={label} className="-mx-4 overflow-x-auto px-4 pb-4 focus-visible:outline-2 focus-visible:outline-primary">
      <div className="flex snap-x gap-4">
        {rounds.map((round) => (
          <section
            key={round.key}
            data-round={round.key}
            aria-labelledby={`round-${round.key}`}
            // Wide screens share the width among the rounds instead of leaving it empty.
            className="w-[17rem] shrink-0 snap-start lg:w-auto lg:min-w-[17rem] lg:flex-1"
            data-testid="bracket-round"
          >
            <h2 id={`round-${round.key}`} className="mb-3 flex items-center gap-2 text-sm font-bold uppercase tracking-wider text-muted">
              {round.name}
              {/* Dark text on the solid brand colour (5.7:1) reads on any backdrop; red text on a red tint fell below 4.5:1 on a card. */}
              {round.key === String(playing) && <span className="rounded-full bg-primary px-2 py-0.5 text-[0.65rem] text-primary-foreground">Now playing</span>}
            </h2>
            <ol className="grid gap-3">
              {round.matches.map((match, index) => (
                <li key={match.id} data-testid="bracket-match" className="relative rounded-xl border border-border bg-surface p-3">
                  <p className="sr-only">{`${round.name}, match ${index + 1}`}</p>
                  <MatchTeams match={match} />
                  {showTimes && <MatchTime match={match} />}
                  <MatchFooter match={match} links={matchLinks} />
                  {actions?.(match)}
                </li>
              ))}
            </ol>
          </section>
        ))}
      </div>
    </div>
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
  const zone = useDisplayTimeZone();
  if (match.isBye || match.winnerTeamId !== null || !match.startsAt) return null;
  return (
    <p className="mt-2 flex items-center gap-1.5 px-2 text-xs text-muted" data-testid="bracket-match-time">
      <Clock aria-hidden className="size-3.5 shrink-0" />
      <span className="sr-only">Match time: </span>
      <time dateTime={match.startsAt}>{formatDayTimeZone(match.startsAt, zone)}</time>
    </p>
  );
}

/** Under a match with both teams: its best-of when a series, and the link to its page. */
function MatchFooter({ match, links }: { match: BracketMatch; links: 'in-app' | 'new-tab' }) {
  if (match.isBye || !match.team1Id || !match.team2Id) return null;
  const label = `Match page: ${match.team1Name} vs ${match.team2Name}`;
  const linkClass = 'font-semibold text-accent underline-offset-4 hover:underline';
  return (
    <p className="mt-2 flex items-center justify-between gap-2 text-xs text-muted">
      <span>{isSeries(match) ? `Best of ${match.bestOf}` : ''}</span>
      {links === 'new-tab' ? (
        <a href={matchPath(match.id)} target="_blank" rel="noopener noreferrer" className={linkClass} aria-label={`${label} (opens in a new tab)`}>
          Match page
        </a>
      ) : (
        <Link to={matchPath(match.id)} className={linkClass} aria-label={label}>
          Match page
        </Link>
      )}
    </p>
  );
}

function MatchTeams({ match }: { match: BracketMatch }) {
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
              {match.isBye ? 'Bye' : 'To be decided'}
            </li>
          );
        }
        return (
          <li
            key={index}
            data-winner={isWinner || undefined}
            className={cn('flex min-h-9 min-w-0 items-center gap-2 rounded-md px-2 py-1 text-sm', isWinner && 'bg-success/10 font-bold text-foreground', isLoser && 'text-muted')}
          >
            <TeamAvatar name={side.name ?? ''} logoUrl={side.logoUrl} className="size-6 rounded text-[0.6rem]" />
            {/* Names wrap rather than cut: two teams can share their first letters, and a long score must not hide one. */}
            <span className="min-w-0 flex-1 break-words" data-testid="bracket-team-name">
              {side.name}
            </span>
            {showsMaps && (
              <span className="shrink-0 text-sm font-bold tabular-nums" data-testid="bracket-team-maps">
                <span className="sr-only">maps won: </span>
                {side.maps ?? 0}
              </span>
            )}
            {isWinner && (
              <span className="flex shrink-0 items-center gap-1 text-xs text-green-300">
                <Check aria-hidden className="size-4" />
                {`Winner${winnerScoreText(match) ? ` ${winnerScoreText(match)}` : ''}`}
              </span>
            )}
            {match.isBye && <span className="text-xs text-muted">Advances</span>}
          </li>
        );
      })}
    </ul>
  );
}
