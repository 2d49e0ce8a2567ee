import { msg } from '../../shared/i18n/msg.js';
import type { Translate } from '../../shared/i18n/translator.js';

/** The names the bracket gives as they are (src/shared/bracket): each is a message. */
const fixedNames = new Set<string>([
  msg('Bracket'),
  msg('Groups'),
  msg('Swiss stage'),
  msg('Playoffs'),
  msg('Final'),
  msg('Semi-finals'),
  msg('Quarter-finals'),
  msg('Grand final'),
  msg('Grand final reset'),
  msg('Third-place match'),
  msg('Third place'),
  msg('Upper final'),
  msg('Lower final'),
  msg('Bye'),
]);

function partText(part: string, t: Translate): string {
  if (fixedNames.has(part)) return t(part);
  let found: RegExpExecArray | null;
  if ((found = /^Round (\d+)$/.exec(part))) return t('Round {number}', { number: found[1] });
  if ((found = /^Round of (\d+)$/.exec(part))) return t('Round of {teams}', { teams: found[1] });
  if ((found = /^Upper round (\d+)$/.exec(part))) return t('Upper round {number}', { number: found[1] });
  if ((found = /^Lower round (\d+)$/.exec(part))) return t('Lower round {number}', { number: found[1] });
  if ((found = /^Group (\w+)$/.exec(part))) return t('Group {letter}', { letter: found[1] });
  if ((found = /^Match (\d+)$/.exec(part))) return t('Match {number}', { number: found[1] });
  return part;
}

/**
 * A round's or match's name in a language (the Discord posts, the captain's mail): "Quarter-finals",
 * "Semi-finals, Match 2", "Group B, Round 3, Match 1", "Playoffs: Final". A name it does not know
 * stays as written; in English every name is the one the bracket gives.
 */
export function bracketNameText(name: string, t: Translate): string {
  const playoff = /^Playoffs: (.+)$/s.exec(name);
  if (playoff) return t('Playoffs: {round}', { round: bracketNameText(playoff[1], t) });
  return name
    .split(', ')
    .map((part) => partText(part, t))
    .join(', ');
}
