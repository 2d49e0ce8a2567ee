import type { Translate } from '../../../../shared/i18n/translator';
import { bracketNameText } from '../../../components/bracket/bracket-texts';

/**
 * A match's name as the server gives it ("Group B, Round 3, Match 2", "Playoffs: Final, Match 1",
 * "Third-place match") or a round's ("Quarter-finals"), in the page's language; a part it does not
 * know is shown as it comes.
 */
export function matchLabelText(label: string, t: Translate): string {
  return label
    .split(', ')
    .map((part) => {
      const numbered = /^Match (\d+)$/.exec(part);
      if (numbered) return t('Match {number}', { number: numbered[1] });
      if (part === 'Bye') return t('Bye');
      return bracketNameText(part, t);
    })
    .join(', ');
}

/** "Alpha Wolves vs Night Owls": the names as given (a missing one already said by the caller). */
export const versusText = (team1: string, team2: string, t: Translate) => t('{team1} vs {team2}', { team1, team2 });
