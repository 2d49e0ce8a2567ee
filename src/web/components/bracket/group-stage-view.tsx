import type { BracketStage } from '../../../shared/schemas/bracket';
import { useT } from '../../i18n/i18n';
import { bracketNameText, bracketTexts } from './bracket-texts';
import { StageSection } from './stage-section';
import type { MatchLinks } from './match-card';
import { RoundColumns, type HeadingLevel, type RoundColumn } from './round-columns';
import { StandingsTable } from './standings-table';

/** Round-robin groups: each group's standings table, then its matches round by round. */
export function GroupStageView({ stage, level, matchLinks }: { stage: BracketStage; level: HeadingLevel; matchLinks?: MatchLinks }) {
  const t = useT();
  const roundName = (number: number) => stage.rounds.find((round) => round.number === number)?.name ?? `Round ${number}`;
  return (
    <div className="grid grid-cols-1 gap-10">
      {(stage.groups ?? []).map((group) => {
        const numbers = [...new Set(group.matches.map((match) => match.round ?? 1))].sort((a, b) => a - b);
        const rounds: RoundColumn[] = numbers.map((number) => ({
          key: String(number),
          name: roundName(number),
          matches: group.matches.filter((match) => (match.round ?? 1) === number),
        }));
        const groupName = bracketNameText(group.name, t);
        return (
          <StageSection key={group.name} title={groupName} level={level} testId="group">
            <div className="grid grid-cols-1 gap-6">
              <div className="max-w-2xl">
                <StandingsTable rows={group.standings} caption={bracketTexts.groupCaption(groupName, t)} kind="group" />
              </div>
              <RoundColumns
                isNarrow
                rounds={rounds}
                label={bracketTexts.groupMatches(groupName, t)}
                roundContext={group.name}
                headingLevel={(level + 1) as HeadingLevel}
                matchLinks={matchLinks}
              />
            </div>
          </StageSection>
        );
      })}
    </div>
  );
}
