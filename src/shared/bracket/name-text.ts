import { msg } from '../i18n/msg.js';
import type { Translate } from '../i18n/translator.js';

/** The names the bracket's derivation gives as they are (stages, rounds, special matches): each is a message. */
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
  if ((found = /^Playoffs: (.+)$/.exec(part))) return t('Playoffs: {round}', { round: partText(found[1], t) });
  if ((found = /^Round (\d+)$/.exec(part))) return t('Round {number}', { number: found[1] });
  if ((found = /^Round of (\d+)$/.exec(part))) return t('Round of {teams}', { teams: found[1] });
  if ((found = /^Upper round (\d+)$/.exec(part))) return t('Upper round {number}', { number: found[1] });
  if ((found = /^Lower round (\d+)$/.exec(part))) return t('Lower round {number}', { number: found[1] });
  if ((found = /^Group (\w+)$/.exec(part))) return t('Group {letter}', { letter: found[1] });
  if ((found = /^Match (\d+)$/.exec(part))) return t('Match {number}', { number: found[1] });
  return part;
}

/**
 * A stage's, round's or match's name as the bracket's derivation writes it (in English: "Quarter-finals",
 * "Group B, Round 3, Match 1", "Playoffs: Final, Match 2"), in a language, part by part. The one place
 * the site, the admin, the captain's mail and Discord read these names; a part it does not know stays
 * as written.
 */
export const bracketNameText = (name: string, t: Translate): string =>
  name
    .split(', ')
    .map((part) => partText(part, t))
    .join(', ');
