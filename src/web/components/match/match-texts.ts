import { sourceLocale } from '../../../shared/i18n/locales';
import { msg } from '../../../shared/i18n/msg';
import { createTranslator, type Translate } from '../../../shared/i18n/translator';
import type { MatchDetail, MatchHistoryStep, VetoLogEntry, VetoView } from '../../../shared/schemas/match';

/**
 * The match's texts, as the match page, the team page and Match Day say them. The sentences with
 * values take the component's `t` (from `useT()`); without one they are English.
 */
const english = createTranslator(sourceLocale, {});

/** The names the texts use: each team's id to its name. */
export interface MatchTeamNames {
  team1Id: string | null;
  team1Name: string | null;
  team2Id: string | null;
  team2Name: string | null;
}

export function teamNameOf(match: MatchTeamNames, teamId: string | null, t: Translate = english): string {
  if (teamId !== null && teamId === match.team1Id) return match.team1Name ?? t('Team 1');
  if (teamId !== null && teamId === match.team2Id) return match.team2Name ?? t('Team 2');
  return t('A team');
}

export function opponentOf(match: MatchTeamNames, teamId: string): string | null {
  return teamId === match.team1Id ? match.team2Id : teamId === match.team2Id ? match.team1Id : null;
}

export const bestOfLabel = (bestOf: number, t: Translate = english) => t('Best of {bestOf}', { bestOf });

/** A side's value for the messages' `{side, select, attack {…} defense {…} other {…}}`. */
const sideValue = (side: string | null | undefined) => side ?? 'none';

/** What the site did when the team's turn ran out, after the entry's line. */
function withAutoNote(line: string, action: VetoLogEntry['action'], t: Translate): string {
  switch (action) {
    case 'ban':
      return t('{line} (time ran out: banned by the site)', { line });
    case 'pick':
      return t('{line} (time ran out: picked by the site)', { line });
    case 'side':
    case 'order':
      return t('{line} (time ran out: chosen by the site)', { line });
    case 'coin':
    case 'decider':
      return line;
  }
}

/** One line of the veto log, as the match page, the team page and Match Day say it. */
export function vetoLogLine(match: MatchTeamNames, entry: VetoLogEntry, t: Translate): string {
  const team = teamNameOf(match, entry.teamId, t);
  const line = (() => {
    switch (entry.action) {
      case 'coin':
        return t('Equal seeds: {team} won the coin toss', { team });
      case 'order': {
        if (entry.order !== 'second') return t('{team} chose to start the veto', { team });
        const other = entry.teamId ? teamNameOf(match, opponentOf(match, entry.teamId), t) : t('the other team');
        return t('{team} let {other} start the veto', { team, other });
      }
      case 'ban':
        return entry.map ? t('{team} banned {map}', { team, map: entry.map }) : t('{team} banned a map', { team });
      case 'pick':
        return entry.map ? t('{team} picked {map}', { team, map: entry.map }) : t('{team} picked a map', { team });
      case 'decider':
        return entry.map ? t('{map} is the decider', { map: entry.map }) : t('The last map is the decider');
      case 'side':
        return entry.map
          ? t('{team} starts on {side, select, attack {Attack} defense {Defense} other {a side}} on {map}', { team, side: sideValue(entry.side), map: entry.map })
          : t('{team} starts on {side, select, attack {Attack} defense {Defense} other {a side}}', { team, side: sideValue(entry.side) });
    }
  })();
  return entry.auto ? withAutoNote(line, entry.action, t) : line;
}

/** Whose turn it is and what they do: "Alpha Wolves bans a map". */
export function vetoTurnLine(match: MatchTeamNames, next: NonNullable<VetoView['next']>, t: Translate): string {
  const team = teamNameOf(match, next.teamId, t);
  switch (next.action) {
    case 'order':
      return t('{team} chooses whether to start the veto', { team });
    case 'ban':
      return t('{team} bans a map', { team });
    case 'pick':
      return t('{team} picks a map', { team });
    case 'side':
      return next.map ? t('{team} chooses a starting side on {map}', { team, map: next.map }) : t('{team} chooses a starting side', { team });
  }
}

/** The captain's own turn, said to them. */
export function yourTurnLine(next: NonNullable<VetoView['next']>, t: Translate): string {
  switch (next.action) {
    case 'order':
      return t('Your turn: choose whether to start the veto');
    case 'ban':
      return t('Your turn: ban a map');
    case 'pick':
      return t('Your turn: pick a map');
    case 'side':
      return next.map ? t('Your turn: choose your starting side on {map}', { map: next.map }) : t('Your turn: choose your starting side');
  }
}

/** "1:05 left", "0:09 left"; "Time is up" once the deadline passed (the site acts within seconds). */
export function timeLeftText(deadline: string, now: number, t: Translate): string {
  const seconds = Math.ceil((Date.parse(deadline) - now) / 1000);
  if (seconds <= 0) return t('Time is up: the site chooses');
  return t('{time} left', { time: `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}` });
}

/** The series score with an en dash: "2–1". */
export function seriesScoreText(match: Pick<MatchDetail, 'seriesScore'>): string {
  return `${match.seriesScore.team1}–${match.seriesScore.team2}`;
}

/** A settled map's line: who picked it (or the decider) and who starts on which side. */
export function settledMapLine(match: MatchTeamNames, settled: VetoView['maps'][number], t: Translate): string {
  const picker = settled.pickedByTeamId === null ? null : teamNameOf(match, settled.pickedByTeamId, t);
  if (!settled.side) return picker === null ? t('decider') : t('picked by {picker}', { picker });
  const values = { team: teamNameOf(match, settled.side.teamId, t), side: settled.side.side };
  return picker === null
    ? t('decider; {team} starts on {side, select, attack {Attack} other {Defense}}', values)
    : t('picked by {picker}; {team} starts on {side, select, attack {Attack} other {Defense}}', { ...values, picker });
}

/** One step of the match's history, as the match page says it. */
export function historyLine(match: MatchTeamNames, step: MatchHistoryStep, t: Translate = english): string {
  const team = teamNameOf(match, step.teamId, t);
  switch (step.kind) {
    case 'ready':
      return t('{team} is ready', { team });
    case 'vetoDone':
      return t('The map veto finished');
    case 'reported':
      return t('{team} reported the result', { team });
    case 'confirmed':
      return t('{team} confirmed the result', { team });
    case 'confirmedByDeadline':
      return t('The result was confirmed: no answer before the deadline');
    case 'disputed':
      return t('{team} disputed the result', { team });
    case 'reportsDiffer':
      return t('{team} reported a different result: disputed', { team });
    case 'ruled':
      return t('Staff ruled: {team} won', { team });
    case 'reopened':
      return t('Staff reopened reporting');
    case 'forfeitClaimed':
      return t('{team} claimed the win by forfeit', { team });
    case 'forfeitApproved':
      return t('Staff approved the forfeit: {team} won', { team });
    case 'forfeitRefused':
      return t("Staff refused {team}'s forfeit claim", { team });
    case 'resultEntered':
      return t('Staff entered the result: {team} won', { team });
    case 'forfeitMarked':
      return t('Staff marked a forfeit: {team} won', { team });
    case 'mapsEntered':
      return t('Staff entered the maps played so far');
    case 'resultCorrected':
      return t('Staff corrected the result: {team} won', { team });
  }
}

/** The ruling's note under its step. */
export const staffNoteLine = (note: string, t: Translate = english) => t("Staff's note: {note}", { note });

/** The match's fixed texts (English, `msg`): a component shows them with `t(text)`. */
export const matchTexts = {
  vetoNotOpen: msg('The map veto opens once the tournament has started and both captains have said their team is ready.'),
  vetoDone: msg('The veto is over: the maps are settled.'),
  noVeto: msg('No map veto for this match.'),
  /** A bracket drawn before the site ran vetoes: the captains settle the maps between them. */
  noSiteVeto: msg('This match has no map veto on the site: the captains settle the maps between them, as before.'),
  /** The result came in without a veto (a best of one entered directly, a forfeit). */
  noVetoRun: msg('No map veto was run for this match.'),
  waiting: msg('The teams are not known yet.'),
  forfeit: msg('Won by forfeit'),
  bye: msg('Bye: the team advances without playing.'),
  noHistory: msg('Nothing yet: the ready check, the reports and what staff decide appear here as they happen.'),
  /** Before the time, the visitor's zone named ("Sat 12 Dec, 18:00 CET"). */
  matchTime: msg('Match time:'),
};
