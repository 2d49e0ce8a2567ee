import type { ReactElement } from 'react';
import { msg } from '../../../../shared/i18n/msg';
import type { Translate } from '../../../../shared/i18n/translator';
import type { Bracket, BracketMatch } from '../../../../shared/schemas/bracket';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useT } from '../../../i18n/i18n';

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

/** The dialog's texts (English, `msg`): shown with `t(text)`; the sentence with values takes the component's `t`. */
export const championsTexts = {
  title: msg('Confirm the champions?'),
  description: (tournament: string, podium: ReturnType<typeof podiumOf>, t: Translate) =>
    t(
      '{first} are recorded as the champions of {tournament}, {second} 2nd{hasThird, select, yes { and {third} 3rd} other {}}. The public Hall of Fame shows {first} as the winner, and results can no longer change.',
      {
        first: podium.first,
        tournament,
        second: podium.second,
        hasThird: podium.third.length ? 'yes' : 'no',
        third: podium.third.length ? podium.third.reduce((names, name) => t('{names} and {name}', { names, name })) : '',
      },
    ),
  confirm: msg('Confirm Champions'),
  failed: msg('Could not confirm the champions. Please try again.'),
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
  const t = useT();
  return (
    <ConfirmDialog
      trigger={trigger}
      title={t(championsTexts.title)}
      description={championsTexts.description(tournamentName, podiumOf(bracket), t)}
      confirmLabel={t(championsTexts.confirm)}
      confirmVariant="default"
      failureMessage={t(championsTexts.failed)}
      onConfirm={onConfirm}
      onDone={onDone}
    />
  );
}
