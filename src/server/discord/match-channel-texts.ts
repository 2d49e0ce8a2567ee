import { sourceLocale } from '../../shared/i18n/locales.js';
import type { Translate } from '../../shared/i18n/translator.js';
import type { VetoState, VetoTurn } from '../../shared/match/veto.js';
import { mapSideLabels, vetoAutoNotes as autoNote, type VetoLogEntry } from '../../shared/schemas/match.js';
import { serverTranslator } from '../i18n/server-catalogs.js';
import { escapeMarkdown as md } from './announcer.js';
import { discordTime } from './news.js';

/**
 * What a match's private channel says (discord/match-channels.ts), one function per line, in the
 * language of `t` (the site's default language). Team and map names are user text: their markdown
 * is escaped, as the news does. Where a captain acts, the line links their team page (it opens with
 * their team link or their Discord sign-in).
 */

/** Each team's name by id; an unknown id reads "A team". */
export type TeamNames = Map<string, string>;

export function channelTextsIn(t: Translate) {
  const nameOf = (names: TeamNames, teamId: string | null | undefined) => {
    const name = names.get(teamId ?? '');
    return name === undefined ? t('A team') : md(name);
  };
  const otherOf = (names: TeamNames, teamId: string | null) => [...names.keys()].find((id) => id !== teamId) ?? null;

  /** Whose turn it is and where to act: "Alpha Wolves: ban a map on your team page, https://…/team/…". */
  function turnLine(turn: VetoTurn, names: TeamNames, origin: string): string {
    const values = { team: nameOf(names, turn.teamId), url: `${origin}/team/${turn.teamId}` };
    switch (turn.action) {
      case 'order':
        return t('{team}: choose whether to start the veto on your team page, {url}', values);
      case 'ban':
        return t('{team}: ban a map on your team page, {url}', values);
      case 'pick':
        return t('{team}: pick a map on your team page, {url}', values);
      case 'side':
        return t('{team}: choose your starting side on {map} on your team page, {url}', { ...values, map: turn.map != null ? md(turn.map) : t('the map') });
    }
  }

  /** Where the veto stands: the next turn, the coin toss to come, or the maps once it is done. */
  function vetoStandingLine(state: VetoState, names: TeamNames, origin: string): string | null {
    if (state.next) return turnLine(state.next, names, origin);
    if (state.coinPending) return t('Equal seeds: a coin toss decides who chooses the order.');
    if (state.done) return t('The veto is done. Maps: {maps}.', { maps: state.maps.map((map) => md(map.map)).join(', ') });
    return null;
  }

  /** One entry of the veto log, as it happens: "Alpha Wolves bans Ascent." */
  function vetoEntryLine(entry: VetoLogEntry, names: TeamNames): string {
    const team = nameOf(names, entry.teamId);
    const map = entry.map != null ? md(entry.map) : t('a map');
    const line = {
      coin: () => t('Equal seeds: {team} won the coin toss', { team }),
      order: () =>
        entry.order === 'second'
          ? t('{team} lets {other} start the veto', { team, other: nameOf(names, otherOf(names, entry.teamId)) })
          : t('{team} starts the veto', { team }),
      ban: () => t('{team} bans {map}', { team, map }),
      pick: () => t('{team} picks {map}', { team, map }),
      decider: () => t('{map} is the decider', { map }),
      side: () => t('{team} starts on {side} on {map}', { team, map, side: entry.side ? t(mapSideLabels[entry.side]) : t('a side') }),
    }[entry.action]();
    const note = entry.auto && autoNote[entry.action] ? t(autoNote[entry.action]) : '';
    return `${line}${note}.`;
  }

  return {
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
      const vetoLine = veto === 'none' ? null : veto === 'not-open' ? t('opens when both teams are ready') : veto && vetoStandingLine(veto, names, origin);
      return [
        t('{team1} vs {team2}', { team1: nameOf(names, team1Id), team2: nameOf(names, team2Id) }),
        ...(startsAt ? [t('Time: {time}', { time: discordTime(startsAt) })] : []),
        ...(vetoLine ? [t('Map veto: {veto}', { veto: vetoLine })] : []),
        t('Match page: {url}', { url: `${origin}/matches/${matchId}` }),
      ].join('\n');
    },

    ready: (names: TeamNames, teamId: string) => t('{team} is ready.', { team: nameOf(names, teamId) }),

    /** The veto opened (both teams ready): whose turn comes first. */
    vetoOpen: (state: VetoState, names: TeamNames, origin: string) => [t('The map veto is open.'), vetoStandingLine(state, names, origin)].filter(Boolean).join('\n'),

    /** An entry of the veto log, then where the veto stands after it. */
    vetoStep: (entry: VetoLogEntry, after: VetoState, names: TeamNames, origin: string) =>
      [vetoEntryLine(entry, names), vetoStandingLine(after, names, origin)].filter(Boolean).join('\n'),

    timeChanged: (startsAt: Date) => t('The match time changed: {time}.', { time: discordTime(startsAt) }),

    reported: (names: TeamNames, reporterId: string, opponentId: string, origin: string) =>
      t('{reporter} reported the result. {opponent}: confirm or dispute it on your team page, {url}', {
        reporter: nameOf(names, reporterId),
        opponent: nameOf(names, opponentId),
        url: `${origin}/team/${opponentId}`,
      }),

    /** Confirmed by the opponent, by the same report, or by the deadline passing unanswered. */
    confirmed: (names: TeamNames, reporterId: string) => t('The result {reporter} reported is confirmed.', { reporter: nameOf(names, reporterId) }),

    disputed: (names: TeamNames, teamId: string | undefined, matchId: string, origin: string) =>
      t('{team} disputed the result: the organizers will rule. Match page: {url}', { team: nameOf(names, teamId), url: `${origin}/matches/${matchId}` }),

    /** The line an archived channel ends with: "Result: Alpha Wolves beat Night Owls (2–1)." */
    result: ({ winner, loser, forfeit, score }: { winner: string | undefined; loser: string | undefined; forfeit: boolean; score: string | null }) => {
      const values = { winner: winner === undefined ? t('A team') : md(winner), loser: loser === undefined ? t('its opponent') : md(loser) };
      if (forfeit) return t('Result: {winner} beat {loser} by forfeit.', values);
      return score ? t('Result: {winner} beat {loser} ({score}).', { ...values, score: md(score) }) : t('Result: {winner} beat {loser}.', values);
    },
  };
}

export type ChannelTexts = ReturnType<typeof channelTextsIn>;

/** The channel's lines in English (the source language). */
export const channelTexts = channelTextsIn(serverTranslator(sourceLocale));
