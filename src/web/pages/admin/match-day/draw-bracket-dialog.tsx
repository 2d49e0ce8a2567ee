import type { ReactElement } from 'react';
import { isInBracketField } from '../../../../shared/bracket/field';
import { defaultSwissRounds } from '../../../../shared/bracket/formats/swiss';
import { bracketFormatLabels, type BracketGenerateInput, type PlayoffFormat, type PlayoffSettings } from '../../../../shared/schemas/bracket';
import type { Team } from '../../../../shared/schemas/team';
import type { Tournament } from '../../../../shared/schemas/tournament';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

const isConfirmed = (team: Team) => team.paymentStatus === 'completed' || team.paymentStatus === 'partially_refunded';
const teamsCount = (count: number) => (count === 1 ? '1 team' : `${count} teams`);

/** A playoff's format as an adjective: "a single-elimination playoff". */
export const playoffName = (format: PlayoffFormat) => bracketFormatLabels[format].toLowerCase().replace(' ', '-');

/** What the draw dialog says: who is drawn, who is left out for not checking in, and what the public sees. */
export const drawTexts = {
  drawTitle: 'Draw the bracket?',
  redrawTitle: 'Regenerate the bracket?',
  draw: (tournament: string, count: number) =>
    `The bracket of ${tournament} goes public on the Bracket page with ${teamsCount(count)}. Drawing it closes check-in and registration, and locks rosters and withdrawals.`,
  redraw: (count: number) => `The public pairings on the Bracket page change for everyone. The new bracket has ${teamsCount(count)}.`,
  inBracket: (count: number) => `In the bracket (${count})`,
  notCheckedIn: (count: number) => `Not checked in: will not play (${count})`,
  drawConfirm: 'Draw Bracket',
  redrawConfirm: 'Regenerate Bracket',
  failed: 'Could not generate the bracket. Please try again.',
  playoff: (playoff: Pick<PlayoffSettings, 'format' | 'advance'>, perGroup: boolean) =>
    `then the top ${playoff.advance}${perGroup ? ' of each group' : ''} play a ${playoffName(playoff.format)} playoff, drawn once every result of the first stage is in.`,
  format: (bestOf: number, finalBestOf: number) =>
    bestOf === finalBestOf ? `Every match is best of ${bestOf}.` : `Every match is best of ${bestOf}; the final is best of ${finalBestOf}.`,
};

/**
 * The format in a sentence, for every format but single elimination (whose dialog reads as it
 * always did): the organizer sees what is about to go public.
 */
export function stageSummary(input: BracketGenerateInput, teamCount: number): string | null {
  const playoff = input.playoff ? `; ${drawTexts.playoff(input.playoff, input.format === 'round_robin')}` : '.';
  switch (input.format) {
    case 'double_elimination':
      return input.grandFinalReset === false
        ? 'Double elimination: one grand final between the upper and lower bracket winners, no reset.'
        : 'Double elimination: a grand final between the upper and lower bracket winners, played again if the lower-bracket team wins the first.';
    case 'round_robin': {
      const groups = input.groups ?? 1;
      const meets = input.doubleRoundRobin ? 'twice' : 'once';
      return `Round-robin groups: ${groups === 1 ? '1 group' : `${groups} groups`}, each pair meets ${meets}${playoff}`;
    }
    case 'swiss': {
      const rounds = input.rounds ?? defaultSwissRounds(teamCount);
      return `Swiss: ${rounds === 1 ? '1 round' : `${rounds} rounds`}${playoff}`;
    }
    default:
      return null;
  }
}

function Names({ title, teams, testId }: { title: string; teams: Team[]; testId: string }) {
  return (
    <section className="grid gap-1 text-sm" data-testid={testId}>
      <h3 className="font-semibold">{title}</h3>
      <p className="text-muted">{teams.map((team) => team.name).join(', ')}</p>
    </section>
  );
}

/**
 * Generating or regenerating the bracket publishes it, asked first: the dialog names the teams
 * drawn and the confirmed teams left out because they have not checked in (the draw closes check-in).
 */
export function DrawBracketDialog({
  trigger,
  tournament,
  teams,
  field,
  isRedraw,
  bestOf = 1,
  finalBestOf = 1,
  summary = null,
  onConfirm,
  onDone,
}: {
  trigger: ReactElement;
  tournament: Tournament;
  teams: Team[];
  field: Team[];
  isRedraw: boolean;
  bestOf?: number;
  finalBestOf?: number;
  /** The format in a sentence (stageSummary), null for single elimination. */
  summary?: string | null;
  onConfirm: () => Promise<unknown>;
  onDone: () => void;
}) {
  const leftOut = tournament.checkInEnabled === false ? [] : teams.filter((team) => isConfirmed(team) && !team.noShowAt && !isInBracketField(team, tournament));
  return (
    <ConfirmDialog
      trigger={trigger}
      title={isRedraw ? drawTexts.redrawTitle : drawTexts.drawTitle}
      description={isRedraw ? drawTexts.redraw(field.length) : drawTexts.draw(tournament.name, field.length)}
      confirmLabel={isRedraw ? drawTexts.redrawConfirm : drawTexts.drawConfirm}
      confirmVariant="default"
      failureMessage={drawTexts.failed}
      onConfirm={onConfirm}
      onDone={onDone}
    >
      {summary && (
        <p className="text-sm" data-testid="draw-stages">
          {summary}
        </p>
      )}
      <p className="text-sm" data-testid="draw-format">
        {drawTexts.format(bestOf, finalBestOf)}
      </p>
      <Names title={drawTexts.inBracket(field.length)} teams={field} testId="draw-in-bracket" />
      {leftOut.length > 0 && <Names title={drawTexts.notCheckedIn(leftOut.length)} teams={leftOut} testId="draw-not-checked-in" />}
    </ConfirmDialog>
  );
}
