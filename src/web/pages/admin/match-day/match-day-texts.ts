import type { Translate } from '../../../../shared/i18n/translator';

/** "Alpha Wolves vs Night Owls": the names as given (a missing one already said by the caller). */
export const versusText = (team1: string, team2: string, t: Translate) => t('{team1} vs {team2}', { team1, team2 });
