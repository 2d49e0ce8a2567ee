import type { ReactElement } from 'react';
import { isInBracketField } from '../../../../shared/bracket/field';
import { defaultSwissRounds } from '../../../../shared/bracket/formats/swiss';
import { msg } from '../../../../shared/i18n/msg';
import type { Translate } from '../../../../shared/i18n/translator';
import type { BracketGenerateInput, PlayoffSettings } from '../../../../shared/schemas/bracket';
import type { Team } from '../../../../shared/schemas/team';
import type { Tournament } from '../../../../shared/schemas/tournament';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useT } from '../../../i18n/i18n';

const isConfirmed = (team: Team) => team.paymentStatus === 'completed' || team.paymentStatus === 'partially_refunded';

/**
 * What the draw dialog says: who is drawn, who is left out for not checking in, and what the public
 * sees. English (`msg`), shown with `t(text)`; the sentences with values take the component's `t`.
 */
export const drawTexts = {
  drawTitle: msg('Draw the bracket?'),
  redrawTitle: msg('Regenerate the bracket?'),
  draw: (tournament: string, count: number, t: Translate) =>
    t(
      'The bracket of {tournament} goes public on the Bracket page with {count, plural, one {# team} other {# teams}}. Drawing it closes check-in and registration, and locks rosters and withdrawals.',
      { tournament, count },
    ),
  redraw: (count: number, t: Translate) =>
    t('The public pairings on the Bracket page change for everyone. The new bracket has {count, plural, one {# team} other {# teams}}.', { count }),
  inBracket: (count: number, t: Translate) => t('In the bracket ({count})', { count }),
  notCheckedIn: (count: number, t: Translate) => t('Not checked in: will not play ({count})', { count }),
  drawConfirm: msg('Draw Bracket'),
  redrawConfirm: msg('Regenerate Bracket'),
  failed: msg('Could not generate the bracket. Please try again.'),
  playoff: (playoff: Pick<PlayoffSettings, 'format' | 'advance'>, perGroup: boolean, t: Translate) =>
    t(
      'then the top {advance}{perGroup, select, yes { of each group} other {}} play a {format, select, double_elimination {double-elimination} other {single-elimination}} playoff, drawn once every result of the first stage is in.',
      { advance: playoff.advance, perGroup: perGroup ? 'yes' : 'no', format: playoff.format },
    ),
  format: (bestOf: number, finalBestOf: number, t: Translate) =>
    bestOf === finalBestOf
      ? t('Every match is best of {bestOf}.', { bestOf })
      : t('Every match is best of {bestOf}; the final is best of {finalBestOf}.', { bestOf, finalBestOf }),
};

/**
 * The format in a sentence, for every format but single elimination (whose dialog reads as it
 * always did): the organizer sees what is about to go public.
 */
export function stageSummary(input: BracketGenerateInput, teamCount: number, t: Translate): string | null {
  const hasPlayoff = input.playoff ? 'yes' : 'no';
  const playoff = input.playoff ? drawTexts.playoff(input.playoff, input.format === 'round_robin', t) : '';
  switch (input.format) {
    case 'double_elimination':
      return input.grandFinalReset === false
        ? t('Double elimination: one grand final between the upper and lower bracket winners, no reset.')
        : t('Double elimination: a grand final between the upper and lower bracket winners, played again if the lower-bracket team wins the first.');
    case 'round_robin':
      return t(
        'Round-robin groups: {groups, plural, one {# group} other {# groups}}, each pair meets {meets, select, twice {twice} other {once}}{hasPlayoff, select, yes {; {playoff}} other {.}}',
        { groups: input.groups ?? 1, meets: input.doubleRoundRobin ? 'twice' : 'once', hasPlayoff, playoff },
      );
    case 'swiss':
      return t('Swiss: {rounds, plural, one {# round} other {# rounds}}{hasPlayoff, select, yes {; {playoff}} other {.}}', {
        rounds: input.rounds ?? defaultSwissRounds(teamCount),
        hasPlayoff,
        playoff,
      });
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
  const t = useT();
  const leftOut = tournament.checkInEnabled === false ? [] : teams.filter((team) => isConfirmed(team) && !team.noShowAt && !isInBracketField(team, tournament));
  return (
    <ConfirmDialog
      trigger={trigger}
      title={t(isRedraw ? drawTexts.redrawTitle : drawTexts.drawTitle)}
      description={isRedraw ? drawTexts.redraw(field.length, t) : drawTexts.draw(tournament.name, field.length, t)}
      confirmLabel={t(isRedraw ? drawTexts.redrawConfirm : drawTexts.drawConfirm)}
      confirmVariant="default"
      failureMessage={t(drawTexts.failed)}
      onConfirm={onConfirm}
      onDone={onDone}
    >
      {summary && (
        <p className="text-sm" data-testid="draw-stages">
          {summary}
        </p>
      )}
      <p className="text-sm" data-testid="draw-format">
        {drawTexts.format(bestOf, finalBestOf, t)}
      </p>
      <Names title={drawTexts.inBracket(field.length, t)} teams={field} testId="draw-in-bracket" />
      {leftOut.length > 0 && <Names title={drawTexts.notCheckedIn(leftOut.length, t)} teams={leftOut} testId="draw-not-checked-in" />}
    </ConfirmDialog>
  );
}
