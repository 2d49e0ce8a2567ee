import type { Translate } from '../../shared/i18n/translator.js';
import { escapeMarkdown as md } from './announcer.js';
import { bracketNameText } from '../../shared/bracket/name-text.js';

/**
 * What the site posts to Discord, one function per piece of news, in the language of `t` (the
 * site's default language). Times use Discord's timestamp markup, shown in each reader's own time zone.
 */
export const discordTime = (date: Date) => `<t:${Math.floor(date.getTime() / 1000)}:f>`;

export const newsIn = (t: Translate) => ({
  registrationOpen: (name: string, origin: string) =>
    t('**{name}** is live: registration is open! Sign up your team: {origin}/register', { name: md(name), origin }),
  almostFull: (name: string, spotsLeft: number, origin: string) =>
    t('**{name}** is 90% full: {count, plural, one {# spot} other {# spots}} left. {origin}/register', { name: md(name), count: spotsLeft, origin }),
  registrationClosed: (name: string) => t('Registration for **{name}** is closed.', { name: md(name) }),
  checkInOpen: (name: string, closesAt: Date) =>
    t('Check-in for **{name}** is open until {closesAt}. Captains: check in on your team link.', { name: md(name), closesAt: discordTime(closesAt) }),
  bracketPublished: (name: string, origin: string) => t('The bracket for **{name}** is out: {origin}/bracket', { name: md(name), origin }),
  /** `maps`: each map with the winner's rounds first ("Ascent 13–7, Bind 11–13, Lotus 13–9"). */
  result: ({
    roundName,
    winner,
    loser,
    score,
    maps = [],
    forfeit = false,
    isCorrection,
  }: {
    roundName: string;
    winner: string;
    loser: string;
    score: string | null;
    maps?: { map: string; winnerRounds: number; loserRounds: number }[];
    forfeit?: boolean;
    isCorrection: boolean;
  }) => {
    const values = { correction: isCorrection ? 'yes' : 'no', round: bracketNameText(roundName, t), winner: md(winner), loser: md(loser) };
    if (forfeit) return t('{correction, select, yes {Corrected result, } other {}}{round}: **{winner}** beat **{loser}** by forfeit', values);
    const won = maps.filter((map) => map.winnerRounds > map.loserRounds).length;
    const detail =
      maps.length > 1
        ? ` ${won}–${maps.length - won} (${maps.map((map) => `${md(map.map)} ${map.winnerRounds}–${map.loserRounds}`).join(', ')})`
        : maps.length === 1
          ? ` (${md(maps[0].map)} ${maps[0].winnerRounds}–${maps[0].loserRounds})`
          : score
            ? ` (${md(score)})`
            : '';
    return t('{correction, select, yes {Corrected result, } other {}}{round}: **{winner}** beat **{loser}**{detail}', { ...values, detail });
  },
  champion: (name: string, team: string, origin: string) => t('🏆 **{team}** won **{name}**! {origin}/hall-of-fame', { team: md(team), name: md(name), origin }),
});
