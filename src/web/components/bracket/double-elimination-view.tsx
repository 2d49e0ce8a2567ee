import type { BracketStage } from '../../../shared/schemas/bracket';
import { bracketTexts } from './bracket-texts';
import { MatchCard, type MatchLinks } from './match-card';
import { RoundColumns, type HeadingLevel } from './round-columns';
import { StageSection } from './stage-section';

/**
 * A double-elimination bracket: the upper bracket, the lower bracket and the grand final (with its
 * bracket reset once the lower-bracket team won the first), each a headed section.
 */
export function DoubleEliminationView({ stage, level, matchLinks }: { stage: BracketStage; level: HeadingLevel; matchLinks?: MatchLinks }) {
  const roundLevel = (level + 1) as HeadingLevel;
  const columnsOf = (part: 'upper' | 'lower') =>
    stage.rounds.filter((round) => round.bracket === part).map((round) => ({ key: `${part}-${round.number}`, name: round.name, matches: round.matches }));
  const grandFinal = stage.rounds.filter((round) => round.bracket === 'grand_final').flatMap((round) => round.matches);
  return (
    <div className="grid grid-cols-1 gap-8">
      {(['upper', 'lower'] as const).map((part) => {
        const title = part === 'upper' ? bracketTexts.upperBracket : bracketTexts.lowerBracket;
        return (
          <StageSection key={part} title={title} level={level} testId={`${part}-bracket`}>
            <RoundColumns rounds={columnsOf(part)} label={bracketTexts.sectionRounds(title)} headingLevel={roundLevel} matchLinks={matchLinks} />
          </StageSection>
        );
      })}
      <StageSection title={bracketTexts.grandFinal} level={level} testId="grand-final">
        <ol className="grid gap-3 sm:grid-cols-2 lg:max-w-[36rem]">
          {grandFinal.map((match, index) => (
            <MatchCard
              key={match.id}
              match={match}
              label={index === 0 ? bracketTexts.grandFinalMatch : bracketTexts.bracketReset}
              // Once a reset is played, the two matches say which is which on screen too.
              caption={grandFinal.length > 1 ? (index === 0 ? bracketTexts.grandFinalMatch : bracketTexts.bracketReset) : undefined}
              matchLinks={matchLinks}
            />
          ))}
        </ol>
      </StageSection>
    </div>
  );
}
