import { escapeMarkdown as md } from './announcer.js';

/**
 * What the site posts to Discord, one function per piece of news. Times use Discord's timestamp
 * markup, shown in each reader's own time zone.
 */
const discordTime = (date: Date) => `<t:${Math.floor(date.getTime() / 1000)}:f>`;

export const news = {
  registrationOpen: (name: string, origin: string) => `**${md(name)}** is live: registration is open! Sign up your team: ${origin}/register`,
  almostFull: (name: string, spotsLeft: number, origin: string) =>
    `**${md(name)}** is 90% full: ${spotsLeft} ${spotsLeft === 1 ? 'spot' : 'spots'} left. ${origin}/register`,
  registrationClosed: (name: string) => `Registration for **${md(name)}** is closed.`,
  checkInOpen: (name: string, closesAt: Date) => `Check-in for **${md(name)}** is open until ${discordTime(closesAt)}. Captains: check in on your team link.`,
  bracketPublished: (name: string, origin: string) => `The bracket for **${md(name)}** is out: ${origin}/bracket`,
  result: ({ roundName, winner, loser, score, isCorrection }: { roundName: string; winner: string; loser: string; score: string | null; isCorrection: boolean }) =>
    `${isCorrection ? 'Corrected result, ' : ''}${roundName}: **${md(winner)}** beat **${md(loser)}**${score ? ` (${md(score)})` : ''}`,
  champion: (name: string, team: string, origin: string) => `🏆 **${md(team)}** won **${md(name)}**! ${origin}/hall-of-fame`,
};
