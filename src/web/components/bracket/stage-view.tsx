import type { Bracket, BracketStage } from '../../../shared/schemas/bracket';
import { useT } from '../../i18n/i18n';
import { bracketNameText, bracketTexts } from './bracket-texts';
import { DoubleEliminationView } from './double-elimination-view';
import { GroupStageView } from './group-stage-view';
import type { MatchLinks } from './match-card';
import { RoundColumns, type HeadingLevel } from './round-columns';
import { StageSection } from './stage-section';
import { SwissStageView } from './swiss-stage-view';

/** One stage as its format reads: a bracket's rounds, upper and lower brackets, group tables, or Swiss standings and rounds. */
export function StageView({ stage, level, matchLinks }: { stage: BracketStage; level: HeadingLevel; matchLinks?: MatchLinks }) {
  const t = useT();
  switch (stage.type) {
    case 'double_elimination':
      return <DoubleEliminationView stage={stage} level={level} matchLinks={matchLinks} />;
    case 'round_robin':
      return <GroupStageView stage={stage} level={level} matchLinks={matchLinks} />;
    case 'swiss':
      return <SwissStageView stage={stage} level={level} matchLinks={matchLinks} />;
    case 'single_elimination':
      return (
        <RoundColumns
          // The third-place match shares the final's number: the position keeps the columns apart.
          rounds={stage.rounds.map((round, index) => ({ key: String(index + 1), name: round.name, matches: round.matches }))}
          label={bracketTexts.bracketLabel(bracketNameText(stage.name, t), t)}
          headingLevel={level}
          matchLinks={matchLinks}
        />
      );
  }
}

/** Before the playoff is drawn: who goes through to it, and whether it can be drawn now. */
function PlayoffAhead({ playoff, firstStage }: { playoff: NonNullable<Bracket['playoff']>; firstStage: BracketStage }) {
  const t = useT();
  const from = firstStage.type === 'swiss' ? 'standings' : (firstStage.groups?.length ?? 0) > 1 ? 'groups' : 'group';
  return (
    <div className="grid gap-2 rounded-xl border border-dashed border-border p-4 text-sm" data-testid="playoff-ahead">
      <p>{bracketTexts.playoffAhead(playoff.advance, from, playoff.format, t)}</p>
      {playoff.canDraw && <p className="text-muted">{t(bracketTexts.playoffReady)}</p>}
    </div>
  );
}

/**
 * An event in stages (every format but a lone single elimination). With a playoff, each stage is a
 * headed section (the first stage, then "Playoffs", announced before it is drawn); alone, the
 * stage's own sections start at `level`.
 */
export function StagesView({ bracket, level = 2, matchLinks }: { bracket: Bracket; level?: HeadingLevel; matchLinks?: MatchLinks }) {
  const t = useT();
  const stages = bracket.stages ?? [];
  const playoff = bracket.playoff;
  if (!playoff) {
    return (
      <div className="grid grid-cols-1 gap-10">
        {stages.map((stage) => (
          <StageView key={stage.name} stage={stage} level={level} matchLinks={matchLinks} />
        ))}
      </div>
    );
  }
  const inner = (level + 1) as HeadingLevel;
  return (
    <div className="grid grid-cols-1 gap-12">
      {stages.map((stage) => (
        <StageSection key={stage.name} title={bracketNameText(stage.name, t)} level={level} testId="stage" isStage>
          <StageView stage={stage} level={inner} matchLinks={matchLinks} />
        </StageSection>
      ))}
      {!playoff.isDrawn && stages[0] && (
        <StageSection title={t(bracketTexts.playoffTitle)} level={level} testId="stage" isStage>
          <PlayoffAhead playoff={playoff} firstStage={stages[0]} />
        </StageSection>
      )}
    </div>
  );
}
