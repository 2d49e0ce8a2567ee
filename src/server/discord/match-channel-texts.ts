import type { VetoState, VetoTurn } from '../../shared/match/veto.js';
import { mapSideLabels, vetoAutoNotes as autoNote, type VetoLogEntry } from '../../shared/schemas/match.js';
import { escapeMarkdown as md } from './announcer.js';
import { discordTime } from './news.js';

/**
 * What a match's private channel says (discord/match-channels.ts), one function per line. Team and
 * map names are user text: their markdown is escaped, as the news does. Where a captain acts, the
 * line links their team page (it opens with their team link or their Discord sign-in).
 */

/** Each team's name by id; an unknown id reads "A team". */
export type TeamNames = Map<string, string>;

const nameOf = (names: TeamNames, teamId: string | null | undefined) => md(names.get(teamId ?? '') ?? 'A team');
const otherOf = (names: TeamNames, teamId: string | null) => [...names.keys()].find((id) => id !== teamId) ?? null;

/** Whose turn it is and where to act: "Alpha Wolves: ban a map on your team page, https://…/team/…". */
function turnLine(turn: VetoTurn, names: TeamNames, origin: string): string {
  const action = {
    order: 'choose whether to start the veto',
    ban: 'ban a map',
    pick: 'pick a map',
    side: `choose your starting side on ${md(turn.map ?? 'the map')}`,
  }[turn.action];
  return `${nameOf(names, turn.teamId)}: ${action} on your team page, ${origin}/team/${turn.teamId}`;
}

/** Where the veto stands: the next turn, the coin toss to come, or the maps once it is done. */
function vetoStandingLine(state: VetoState, names: TeamNames, origin: string): string | null {
  if (state.next) return turnLine(state.next, names, origin);
  if (state.coinPending) return 'Equal seeds: a coin toss decides who chooses the order.';
  if (state.done) return `The veto is done. Maps: ${state.maps.map((map) => md(map.map)).join(', ')}.`;
  return null;
}

/** One entry of the veto log, as it happens: "Alpha Wolves bans Ascent." */
function vetoEntryLine(entry: VetoLogEntry, names: TeamNames): string {
  const team = nameOf(names, entry.teamId);
  const map = md(entry.map ?? 'a map');
  const line = {
    coin: `Equal seeds: ${team} won the coin toss`,
    order: entry.order === 'second' ? `${team} lets ${nameOf(names, otherOf(names, entry.teamId))} start the veto` : `${team} starts the veto`,
    ban: `${team} bans ${map}`,
    pick: `${team} picks ${map}`,
    decider: `${map} is the decider`,
    side: `${team} starts on ${entry.side ? mapSideLabels[entry.side] : 'a side'} on ${map}`,
  }[entry.action];
  return `${line}${entry.auto ? autoNote[entry.action] : ''}.`;
}

export const channelTexts = {
  /**
   * The channel's first message: the two teams, the match's time, where its veto stands (when the
   * bracket runs vetoes), and the match page last.
   */
  greeting({
    names,
    team1Id,
    team2Id,
    startsAt,
    veto,
    matchId,
    origin,
  }: {
    names: TeamNames;
    team1Id: string;
    team2Id: string;
    startsAt: Date | null;
    veto: VetoState | null | 'not-open' | 'none';
    matchId: string;
    origin: string;
  }) {
    const vetoLine = veto === 'none' ? null : veto === 'not-open' ? 'opens when both teams are ready' : veto && vetoStandingLine(veto, names, origin);
    return [
      `${nameOf(names, team1Id)} vs ${nameOf(names, team2Id)}`,
      ...(startsAt ? [`Time: ${discordTime(startsAt)}`] : []),
      ...(vetoLine ? [`Map veto: ${vetoLine}`] : []),
      `Match page: ${origin}/matches/${matchId}`,
    ].join('\n');
  },

  ready: (names: TeamNames, teamId: string) => `${nameOf(names, teamId)} is ready.`,

  /** The veto opened (both teams ready): whose turn comes first. */
  vetoOpen: (state: VetoState, names: TeamNames, origin: string) =>
    ['The map veto is open.', vetoStandingLine(state, names, origin)].filter(Boolean).join('\n'),

  /** An entry of the veto log, then where the veto stands after it. */
  vetoStep: (entry: VetoLogEntry, after: VetoState, names: TeamNames, origin: string) =>
    [vetoEntryLine(entry, names), vetoStandingLine(after, names, origin)].filter(Boolean).join('\n'),

  timeChanged: (startsAt: Date) => `The match time changed: ${discordTime(startsAt)}.`,

  reported: (names: TeamNames, reporterId: string, opponentId: string, origin: string) =>
    `${nameOf(names, reporterId)} reported the result. ${nameOf(names, opponentId)}: confirm or dispute it on your team page, ${origin}/team/${opponentId}`,

  /** Confirmed by the opponent, by the same report, or by the deadline passing unanswered. */
  confirmed: (names: TeamNames, reporterId: string) => `The result ${nameOf(names, reporterId)} reported is confirmed.`,

  disputed: (names: TeamNames, teamId: string | undefined, matchId: string, origin: string) =>
    `${nameOf(names, teamId)} disputed the result: the organizers will rule. Match page: ${origin}/matches/${matchId}`,

  /** The line an archived channel ends with: "Result: Alpha Wolves beat Night Owls (2–1)." */
  result: ({ winner, loser, forfeit, score }: { winner: string | undefined; loser: string | undefined; forfeit: boolean; score: string | null }) =>
    `Result: ${md(winner ?? 'A team')} beat ${md(loser ?? 'its opponent')}${forfeit ? ' by forfeit' : score ? ` (${md(score)})` : ''}.`,
};
