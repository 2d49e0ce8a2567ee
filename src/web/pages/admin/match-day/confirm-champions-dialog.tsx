import type { ReactElement } from 'react';
import type { Bracket, BracketMatch } from '../../../../shared/schemas/bracket';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

const winnerName = (match: BracketMatch) => (match.winnerTeamId === match.team1Id ? match.team1Name : match.team2Name);
const loserName = (match: BracketMatch) => (match.winnerTeamId === match.team1Id ? match.team2Name : match.team1Name);

/** 1st, 2nd and 3rd place of a complete bracket, by name (third: the third-place match's winner, or both semi-final losers). */
export function podiumOf(bracket: Bracket): { first: string; second: string; third: string[] } {
  const final = bracket.rounds[bracket.rounds.length - 1].matches[0];
  const semis = bracket.rounds.length >= 2 ? bracket.rounds[bracket.rounds.length - 2].matches : [];
  const third = bracket.thirdPlace ? [winnerName(bracket.thirdPlace)] : semis.map(loserName);
  return { first: winnerName(final) ?? '', second: loserName(final) ?? '', third: third.filter((name): name is string => !!name) };
}

export const championsTexts = {
  title: 'Confirm the champions?',
  description: (tournament: string, podium: ReturnType<typeof podiumOf>) =>
    `${podium.first} are recorded as the champions of ${tournament}, ${podium.second} 2nd${podium.third.length ? ` and ${podium.third.join(' and ')} 3rd` : ''}. The public Hall of Fame shows ${podium.first} as the winner, and results can no longer change.`,
  confirm: 'Confirm Champions',
  failed: 'Could not confirm the champions. Please try again.',
};

/** Confirming the champions publishes them in the Hall of Fame and freezes the results: asked first. */
export function ConfirmChampionsDialog({
  trigger,
  tournamentName,
  bracket,
  onConfirm,
  onDone,
}: {
  trigger: ReactElement;
  tournamentName: string;
  bracket: Bracket;
  onConfirm: () => Promise<unknown>;
  onDone: () => void;
}) {
  return (
    <ConfirmDialog
      trigger={trigger}
      title={championsTexts.title}
      description={championsTexts.description(tournamentName, podiumOf(bracket))}
      confirmLabel={championsTexts.confirm}
      confirmVariant="default"
      failureMessage={championsTexts.failed}
      onConfirm={onConfirm}
      onDone={onDone}
    />
  );
}
