import type { Bracket } from '../../../shared/schemas/bracket';
import { BracketRounds } from './bracket-rounds';
import type { MatchLinks } from './match-card';
import type { HeadingLevel } from './round-columns';
import { StagesView } from './stage-view';

/**
 * The public bracket in any format: a lone single elimination as it has always read (its rounds
 * side by side), every other format by its stages. `level` is the first heading level the stages use.
 */
export function BracketView({ bracket, label, level = 2, matchLinks }: { bracket: Bracket; label: string; level?: HeadingLevel; matchLinks?: MatchLinks }) {
  if (bracket.stages) return <StagesView bracket={bracket} level={level} matchLinks={matchLinks} />;
  return <BracketRounds bracket={bracket} label={label} matchLinks={matchLinks} />;
}
