import { recordsBeforeRounds } from '../../../shared/bracket/records-before-round';
import type { BracketStage } from '../../../shared/schemas/bracket';
import { useT } from '../../i18n/i18n';
import { bracketTexts } from './bracket-texts';
import { StageSection } from './stage-section';
import type { MatchLinks } from './match-card';
import { RoundColumns, type HeadingLevel } from './round-columns';
import { StandingsTable } from './standings-table';

/** A Swiss stage: the standings (record, Buchholz, map and round difference), then each round's pairings with the records that paired them. */
export function SwissStageView({ stage, level, matchLinks }: { stage: BracketStage; level: HeadingLevel; matchLinks?: MatchLinks }) {
  const t = useT();
  const records = recordsBeforeRounds(stage.rounds);
  const rounds = stage.rounds.map((round) => ({ key: String(round.number), number: round.number, name: round.name, matches: round.matches }));
  return (
    <div className="grid grid-cols-1 gap-8">
      <StageSection title={t(bracketTexts.standingsTitle)} level={level} testId="swiss-standings">
        <div className="max-w-2xl">
          <StandingsTable rows={stage.standings ?? []} caption={t(bracketTexts.swissCaption)} kind="swiss" />
        </div>
      </StageSection>
      <StageSection title={t(bracketTexts.roundsTitle)} level={level} testId="swiss-rounds">
        <p className="mb-4 text-sm text-muted">{t(bracketTexts.recordsNote)}</p>
        <RoundColumns
          isNarrow
          rounds={rounds}
          label={t(bracketTexts.swissRounds)}
          headingLevel={(level + 1) as HeadingLevel}
          matchLinks={matchLinks}
          teamNote={(round, teamId) => {
            // Everyone starts at 0–0: the first round's pairings say nothing by record.
            const record = round.key === rounds[0]?.key ? undefined : records.get(Number(round.key))?.get(teamId);
            if (!record) return null;
            return (
              <span className="shrink-0 text-xs tabular-nums text-muted" data-testid="swiss-record">
                <span className="sr-only">{`, ${t(bracketTexts.recordBefore)} `}</span>
                {bracketTexts.record(record.wins, record.losses)}
              </span>
            );
          }}
        />
      </StageSection>
    </div>
  );
}
