import { useEffect, useId, useRef, type ComponentProps, type ReactNode } from 'react';
import type { BracketMatch } from '../../../shared/schemas/bracket';
import { cn } from '../../lib/utils';
import { useT } from '../../i18n/i18n';
import { bracketNameText, bracketTexts } from './bracket-texts';
import { isOpen, MatchCard, type MatchLinks } from './match-card';
import { useScrollsSideways } from './use-scrolls-sideways';

export interface RoundColumn {
  /** Unique among the columns: what `data-round` carries. */
  key: string;
  name: string;
  matches: BracketMatch[];
}

export type HeadingLevel = 2 | 3 | 4 | 5;

/** A heading at the level its place in the page asks for (a round is an h2 on its own, an h4 inside a stage's section). */
export function Heading({ level, ...props }: { level: HeadingLevel } & ComponentProps<'h2'>) {
  const Tag = `h${level}` as const;
  return <Tag {...props} />;
}

/** The first round with a match being played (both teams, no winner); none once every result is in. */
const playingRoundKey = (rounds: RoundColumn[]): string | null => rounds.find((round) => round.matches.some(isOpen))?.key ?? null;

/**
 * Rounds as lists: one section per round (a heading and an ordered list of its matches), side by
 * side and scrolling sideways on a phone, the current round scrolled into view. Screen readers and
 * keyboards get the same lists; `actions` adds the organizer's controls under each match.
 */
export function RoundColumns({
  rounds,
  label,
  headingLevel = 2,
  actions,
  matchLinks = 'in-app',
  showTimes = true,
  teamNote,
  roundContext,
  isNarrow = false,
}: {
  rounds: RoundColumn[];
  /** Named before each round's own name, where several lists share round names (each group's "Round 1"). */
  roundContext?: string;
  /** Columns no wider than a card needs on a wide screen (a group's or a Swiss stage's few rounds), instead of sharing the whole width. */
  isNarrow?: boolean;
  /** The scrolling region's name. */
  label: string;
  headingLevel?: HeadingLevel;
  actions?: (match: BracketMatch) => ReactNode;
  matchLinks?: MatchLinks;
  /** Off where the actions show (and set) each match's time themselves: Match Day. */
  showTimes?: boolean;
  /** A short text after a team's name in a round's match (a Swiss team's record going into the round). */
  teamNote?: (round: RoundColumn, teamId: string) => ReactNode;
}) {
  const t = useT();
  const idPrefix = useId();
  const scroller = useRef<HTMLDivElement>(null);
  const playing = playingRoundKey(rounds);
  // In view: the round being played, or the last once it is decided.
  const current = playing ?? rounds.at(-1)?.key;
  useEffect(() => {
    const container = scroller.current;
    const section = current === undefined ? null : container?.querySelector<HTMLElement>(`[data-round="${CSS.escape(current)}"]`);
    // Sideways only: the page itself does not jump.
    if (container && section) container.scrollLeft = section.offsetLeft - container.offsetLeft - 8;
  }, [current]);
  const scrolls = useScrollsSideways(scroller, rounds.length);
  const contextId = `${idPrefix}-context`;

  return (
    // Focusable while it scrolls, so a keyboard can scroll it (a stop that scrolls nothing would be
    // noise); labelled so a screen reader says what it is.
    <div
      ref={scroller}
      tabIndex={scrolls ? 0 : undefined}
      role="region"
      aria-label={label}
      className="-mx-4 overflow-x-auto px-4 pb-4 focus-visible:outline-2 focus-visible:outline-primary"
    >
      {roundContext && (
        <span id={contextId} hidden>
          {bracketNameText(roundContext, t)}
        </span>
      )}
      <div className="flex snap-x gap-4">
        {rounds.map((round) => {
          const headingId = `${idPrefix}-round-${round.key}`;
          const roundName = bracketNameText(round.name, t);
          return (
            <section
              key={round.key}
              data-round={round.key}
              aria-labelledby={roundContext ? `${contextId} ${headingId}` : headingId}
              // Wide screens share the width among the rounds instead of leaving it empty.
              className={cn('w-[17rem] shrink-0 snap-start lg:w-auto lg:min-w-[17rem] lg:flex-1', isNarrow && 'lg:max-w-[24rem]')}
              data-testid="bracket-round"
            >
              <Heading level={headingLevel} id={headingId} className="mb-3 flex items-center gap-2 text-sm font-bold uppercase tracking-wider text-muted">
                {roundName}
                {/* Dark text on the solid brand colour (5.7:1) reads on any backdrop; red text on a red tint fell below 4.5:1 on a card. */}
                {round.key === playing && (
                  <span className="rounded-full bg-primary px-2 py-0.5 text-[0.65rem] text-primary-foreground">{t(bracketTexts.nowPlaying)}</span>
                )}
              </Heading>
              <ol className="grid gap-3">
                {round.matches.map((match, index) => (
                  <MatchCard
                    key={match.id}
                    match={match}
                    label={bracketTexts.matchLabel(roundName, index, t)}
                    actions={actions}
                    matchLinks={matchLinks}
                    showTimes={showTimes}
                    teamNote={teamNote ? (teamId) => teamNote(round, teamId) : undefined}
                  />
                ))}
              </ol>
            </section>
          );
        })}
      </div>
    </div>
  );
}
