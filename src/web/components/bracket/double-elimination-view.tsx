import type { BracketStage } from '../../../shared/schemas/bracket';
import { useT } from '../../i18n/i18n';
import { bracketTexts } from './bracket-texts';
import { MatchCard, type MatchLinks } from './match-card';
import { RoundColumns, type HeadingLevel } from './round-columns';
import { StageSection } from './stage-section';

/**
 * A double-elimination bracket: the upper bracket, the lower bracket and the grand final (with its
 * bracket reset once the lower-bracket team won the first), each a headed section.
 */
export function DoubleEliminationView({ stage, level, matchLinks }: { stage: BracketStage; level: HeadingLevel; matchLinks?: MatchLinks }) {
  const t = useT();
  const roundLevel = (level + 1) as HeadingLevel;
  const columnsOf = (part: 'upper' | 'lower') =>
    stage.rounds.filter((round) => round.bracket === part).map((round) => ({ key: `${part}-${round.number}`, name: round.name, matches: round.matches }));
  const grandFinal = stage.rounds.filter((round) => round.bracket === 'grand_final').flatMap((round) => round.matches);
  return (
    <div className="grid grid-cols-1 gap-8">
      {(['upper', 'lower'] as const).map((part) => {
        const title = t(part === 'upper' ? bracketTexts.upperBracket : bracketTexts.lowerBracket);
        return (
          <StageSection key={part} title={title} level={level} testId={`${part}-bracket`}>
            <RoundColumns rounds={columnsOf(part)} label={bracketTexts.sectionRounds(part, t)} headingLevel={roundLevel} matchLinks={matchLinks} />
          </StageSection>
        );
      })}
      <StageSection title={t(bracketTexts.grandFinal)} level={level} testId="grand-final">
        <ol className="grid gap-3 sm:grid-cols-2 lg:max-w-[36rem]">
          {grandFinal.map((match, index) => (
            <MatchCard
              key={match.id}
              match={match}
              label={t(index === 0 ? bracketTexts.grandFinalMatch : bracketTexts.bracketReset)}
              // Once a reset is played, the two matches say which is which on screen too.
              caption={grandFinal.length > 1 ? t(index === 0 ? bracketTexts.grandFinalMatch : bracketTexts.bracketReset) : undefined}
              matchLinks={matchLinks}
            />
          ))}
        </ol>
      </StageSection>
    </div>
  );
}
