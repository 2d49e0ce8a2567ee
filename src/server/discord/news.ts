import { escapeMarkdown as md } from './announcer.js';

/**
 * What the site posts to Discord, one function per piece of news. Times use Discord's timestamp
 * markup, shown in each reader's own time zone.
 */
export const discordTime = (date: Date) => `<t:${Math.floor(date.getTime() / 1000)}:f>`;

export const news = {
  registrationOpen: (name: string, origin: string) => `**${md(name)}** is live: registration is open! Sign up your team: ${origin}/register`,
  almostFull: (name: string, spotsLeft: number, origin: string) =>
    `**${md(name)}** is 90% full: ${spotsLeft} ${spotsLeft === 1 ? 'spot' : 'spots'} left. ${origin}/register`,
  registrationClosed: (name: string) => `Registration for **${md(name)}** is closed.`,
  checkInOpen: (name: string, closesAt: Date) => `Check-in for **${md(name)}** is open until ${discordTime(closesAt)}. Captains: check in on your team link.`,
  bracketPublished: (name: string, origin: string) => `The bracket for **${md(name)}** is out: ${origin}/bracket`,
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
    const won = maps.filter((map) => map.winnerRounds > map.loserRounds).length;
    const detail = forfeit
      ? ' by forfeit'
      : maps.length > 1
        ? ` ${won}–${maps.length - won} (${maps.map((map) => `${md(map.map)} ${map.winnerRounds}–${map.loserRounds}`).join(', ')})`
        : maps.length === 1
          ? ` (${md(maps[0].map)} ${maps[0].winnerRounds}–${maps[0].loserRounds})`
          : score
            ? ` (${md(score)})`
            : '';
    return `${isCorrection ? 'Corrected result, ' : ''}${roundName}: **${md(winner)}** beat **${md(loser)}**${detail}`;
  },
  champion: (name: string, team: string, origin: string) => `🏆 **${md(team)}** won **${md(name)}**! ${origin}/hall-of-fame`,
};
