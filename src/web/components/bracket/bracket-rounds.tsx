import type { ReactNode } from 'react';
import type { Bracket, BracketMatch } from '../../../shared/schemas/bracket';
import { useT } from '../../i18n/i18n';
import { bracketTexts } from './bracket-texts';
import type { MatchLinks } from './match-card';
import { RoundColumns, type RoundColumn } from './round-columns';

/**
 * A bracket's schedule as rounds side by side (a lone single elimination's bracket, or Match Day's
 * every round in play order), its third-place match last.
 */
export function BracketRounds({
  bracket,
  actions,
  label,
  matchLinks = 'in-app',
  showTimes = true,
}: {
  bracket: Bracket;
  actions?: (match: BracketMatch) => ReactNode;
  label?: string;
  matchLinks?: MatchLinks;
  /** Off where the actions show (and set) each match's time themselves: Match Day. */
  showTimes?: boolean;
}) {
  const t = useT();
  const rounds: RoundColumn[] = bracket.rounds.map((round) => ({ key: String(round.number), name: round.name, matches: round.matches }));
  if (bracket.thirdPlace) rounds.push({ key: 'third-place', name: bracketTexts.thirdPlace, matches: [bracket.thirdPlace] });
  return <RoundColumns rounds={rounds} label={label ?? t('Bracket')} actions={actions} matchLinks={matchLinks} showTimes={showTimes} />;
}
