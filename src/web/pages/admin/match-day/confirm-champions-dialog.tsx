import type { ReactElement } from 'react';
import type { Bracket, BracketMatch } from '../../../../shared/schemas/bracket';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

/** Every team's name, from the matches it played in (the placements name teams by id). */
function teamNames(bracket: Bracket): Map<string, string> {
  const names = new Map<string, string>();
  const matches: BracketMatch[] = [...bracket.rounds.flatMap((round) => round.matches), ...(bracket.thirdPlace ? [bracket.thirdPlace] : [])];
  for (const match of matches) {
    if (match.team1Id && match.team1Name) names.set(match.team1Id, match.team1Name);
    if (match.team2Id && match.team2Name) names.set(match.team2Id, match.team2Name);
  }
  return names;
}

/**
 * 1st, 2nd and 3rd place by name, from the bracket's placements (the last stage's final standings,
 * in any format); empty while they are not decided.
 */
export function podiumOf(bracket: Bracket): { first: string; second: string; third: string[] } {
  const placements = bracket.placements;
  if (!placements) return { first: '', second: '', third: [] };
  const names = teamNames(bracket);
  const nameOf = (teamId: string) => names.get(teamId) ?? '';
  return { first: nameOf(placements.first), second: nameOf(placements.second), third: placements.third.map(nameOf).filter((name) => name !== '') };
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
