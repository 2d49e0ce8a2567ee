import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { matchKey, thirdPlaceKey, type DerivedMatch } from '../../shared/bracket/derive-bracket.js';
import { deriveEvent, eventMatches, playoffKeyPrefix, type DerivedEvent } from '../../shared/bracket/event.js';
import type { FormatResult } from '../../shared/bracket/formats/format-match.js';
import { vetoPoolOf, vetoRestartOf, vetoState, type StoredVeto, type VetoSetup, type VetoState } from '../../shared/match/veto.js';
import { readyCheckMinutes, type MapResultInput, type MatchDetail, type MatchReportView, type MatchStatus, type PlayedMap, type VetoLogEntry } from '../../shared/schemas/match.js';
import { reportStateOf, type StoredForfeitClaim, type StoredReport } from '../../shared/match/report-states.js';
import type { Db, Tx } from '../db/client.js';
import { brackets, matches, teams, tournaments } from '../db/schema.js';
import { AppError, notFound } from '../http/errors.js';
import { effectiveMapPool } from '../site/map-pool.js';
import { matchHistoryOf } from './match-history.js';
import { msg } from '../../shared/i18n/msg.js';

/** Refused when a captain acts on, or reads as a captain, a match the team does not play. */
export const notInMatchMessage = msg('Your team does not play this match');

/**
 * A match as a series, read whole: its tournament, bracket and derived teams, the pool its veto
 * runs on, the veto replayed, the maps played and where it stands. The public page's read
 * (GET /api/matches/{id}), the best-of change, the result entry and the veto actions share it.
 */

export type BracketRow = typeof brackets.$inferSelect;
export type MatchRow = typeof matches.$inferSelect;
export type TournamentRow = typeof tournaments.$inferSelect;

/** The results the bracket derives from: a match with a winner, for the two teams it was entered for, with its maps (standings count them). */
export const storedResults = (rows: MatchRow[]): FormatResult[] =>
  rows
    .filter((row) => row.winnerTeamId !== null && row.team1Id !== null && row.team2Id !== null)
    .map((row) => ({ matchKey: row.key, team1Id: row.team1Id!, team2Id: row.team2Id!, winnerTeamId: row.winnerTeamId!, score: row.score, maps: row.forfeit ? null : row.maps }));

export const deriveFromRows = (bracket: BracketRow, rows: MatchRow[]): DerivedEvent =>
  deriveEvent(
    { format: bracket.format, teamIds: bracket.teamIds, thirdPlace: bracket.thirdPlace, options: bracket.formatOptions, playoffDrawn: bracket.playoffDrawnAt !== null },
    storedResults(rows),
  );

/** "Semi-finals, Match 2", "Third-place match", "Group B, Round 3, Match 1". */
export function matchLabelOf(derived: DerivedEvent, match: DerivedMatch): string {
  return derived.labels.get(match.key) ?? `Round ${match.round}, Match ${match.position + 1}`;
}

/** Per derived event, once: each match's place in the schedule, and each team's matches in play order. */
const scheduleIndexes = new WeakMap<DerivedEvent, { roundOf: Map<string, number>; byTeam: Map<string, { round: number; key: string }[]> }>();
function scheduleIndexOf(derived: DerivedEvent) {
  let index = scheduleIndexes.get(derived);
  if (!index) {
    const roundOf = new Map<string, number>();
    const byTeam = new Map<string, { round: number; key: string }[]>();
    derived.rounds.forEach((round, at) => {
      for (const m of round.matches) {
        roundOf.set(m.key, at);
        if (m.isBye) continue;
        for (const teamId of [m.team1Id, m.team2Id]) if (teamId !== null) byTeam.set(teamId, [...(byTeam.get(teamId) ?? []), { round: at, key: m.key }]);
      }
    });
    index = { roundOf, byTeam };
    scheduleIndexes.set(derived, index);
  }
  return index;
}

/**
 * The matches whose results bring this one's teams: in single elimination the two feeding matches
 * (the semi-finals for the third-place match); in Swiss every match of the round before (a round
 * is paired once the one before is complete); in the other formats the matches of earlier rounds of
 * the schedule that either team played.
 */
export function feedingKeys(derived: DerivedEvent, match: DerivedMatch & { bracket?: string }): string[] {
  if (derived.format === 'single_elimination') {
    if (match.key === thirdPlaceKey) return derived.rounds.at(-2)?.matches.map((m) => m.key) ?? [];
    if (match.round === 1) return [];
    return [matchKey(match.round - 1, match.position * 2), matchKey(match.round - 1, match.position * 2 + 1)];
  }
  const { roundOf, byTeam } = scheduleIndexOf(derived);
  const at = roundOf.get(match.key) ?? 0;
  if (match.bracket === 'swiss') return at > 0 ? derived.rounds[at - 1].matches.map((m) => m.key) : [];
  return [match.team1Id, match.team2Id].flatMap((teamId) => (teamId === null ? [] : (byTeam.get(teamId) ?? []).filter((entry) => entry.round < at).map((entry) => entry.key)));
}

/** When each match's result was entered, by key, per set of rows (once). */
const enteredAtIndexes = new WeakMap<MatchRow[], Map<string, Date | null>>();
function enteredAtOf(rows: MatchRow[], keys: string[]): (Date | null)[] {
  let index = enteredAtIndexes.get(rows);
  if (!index) {
    index = new Map(rows.map((row) => [row.key, row.enteredAt]));
    enteredAtIndexes.set(rows, index);
  }
  return keys.map((key) => index.get(key) ?? null);
}

/**
 * What a match's derived time waits for: the tournament's start, the draw, the playoff's draw for a
 * playoff match, and the results that brought its teams.
 */
function knownSinceDates({ tournament, bracket, rows, derived, match }: Pick<MatchContext, 'tournament' | 'bracket' | 'rows' | 'derived' | 'match'>): (Date | null)[] {
  const drawn = match.key.startsWith(playoffKeyPrefix) ? bracket.playoffDrawnAt : null;
  return [tournament.tournamentDate, bracket.createdAt, drawn, ...enteredAtOf(rows, feedingKeys(derived, match))];
}

/** Whether the row's series (maps, veto) was entered for the teams the match has now: a corrected earlier result changes them. */
export const isForTeams = (row: Pick<MatchRow, 'team1Id' | 'team2Id'>, match: Pick<DerivedMatch, 'team1Id' | 'team2Id'>) =>
  row.team1Id === match.team1Id && row.team2Id === match.team2Id;

export interface MatchContext {
  tournament: TournamentRow;
  bracket: BracketRow;
  rows: MatchRow[];
  derived: DerivedEvent;
  row: MatchRow;
  match: DerivedMatch;
  /** The pool the veto runs on and result maps are checked against. */
  pool: string[];
}

/**
 * Loads a match with everything its series depends on; 404 for an unknown match (or one of a
 * deleted tournament). `lock`: the bracket row (the lock results take, so two entries are applied one
 * after the other) and then the match rows, in that order.
 */
export async function loadMatchContext(executor: Db | Tx, matchId: string, { lock = false } = {}): Promise<MatchContext> {
  const [target] = await executor.select({ tournamentId: matches.tournamentId }).from(matches).where(eq(matches.id, matchId));
  if (!target) throw notFound('Match');
  const [tournament] = await executor.select().from(tournaments).where(and(eq(tournaments.id, target.tournamentId), isNull(tournaments.deletedAt)));
  if (!tournament) throw notFound('Match');
  const bracketQuery = executor.select().from(brackets).where(eq(brackets.tournamentId, target.tournamentId));
  const [bracket] = lock ? await bracketQuery.for('update') : await bracketQuery;
  if (!bracket) throw notFound('Match');
  const rowsQuery = executor.select().from(matches).where(eq(matches.tournamentId, target.tournamentId)).orderBy(asc(matches.key));
  const rows = lock ? await rowsQuery.for('update') : await rowsQuery;
  const row = rows.find((r) => r.id === matchId);
  if (!row) throw notFound('Match');
  const derived = deriveFromRows(bracket, rows);
  const match = eventMatches(derived).find((m) => m.key === row.key);
  if (!match) throw notFound('Match');
  return { tournament, bracket, rows, derived, row, match, pool: await effectiveMapPool(executor, tournament) };
}

/** The latest of some dates (nulls ignored), or null if none. */
const latestOf = (dates: (Date | null)[]): Date | null =>
  dates.filter((date): date is Date => date !== null).reduce<Date | null>((latest, date) => (latest === null || date > latest ? date : latest), null);

/**
 * When the match is played: the organizer's time, else derived (never stored): round 1 (and any
 * match without feeding matches) at the tournament's start, a later match when its teams are known
 * (its feeding results entered), never before the bracket was drawn. Null while it lacks a team.
 */
export function startsAtOf(context: Pick<MatchContext, 'tournament' | 'bracket' | 'rows' | 'derived' | 'row' | 'match'>): Date | null {
  const { row, match } = context;
  if (row.startsAt) return row.startsAt;
  if (match.isBye || !match.team1Id || !match.team2Id) return null;
  return latestOf(knownSinceDates(context));
}

/** When the ready check opens: 15 minutes before the match's time. */
export function readyOpensAtOf(context: MatchContext): Date | null {
  const startsAt = startsAtOf(context);
  return startsAt ? new Date(startsAt.getTime() - readyCheckMinutes * 60_000) : null;
}

/** When each of the match's current teams said ready (entries for other teams no longer count). */
export function readyOf(row: Pick<MatchRow, 'ready'>, match: Pick<DerivedMatch, 'team1Id' | 'team2Id'>): { team1: Date | null; team2: Date | null } {
  const at = (teamId: string | null) => {
    const entry = teamId ? row.ready?.find((r) => r.teamId === teamId) : undefined;
    return entry ? new Date(entry.at) : null;
  };
  return { team1: at(match.team1Id), team2: at(match.team2Id) };
}

/** The moment both teams were ready, or null while one is not. */
export function bothReadyAt(row: Pick<MatchRow, 'ready'>, match: Pick<DerivedMatch, 'team1Id' | 'team2Id'>): Date | null {
  const { team1, team2 } = readyOf(row, match);
  return team1 && team2 ? (team1 > team2 ? team1 : team2) : null;
}

/**
 * What the veto depends on besides its log, or null while it is not open: the match lacks a team
 * (or is a bye), its bracket was drawn before the site ran vetoes, or its captains are not both
 * ready. It opens at the moment both were ready (never before the tournament's start, the bracket or
 * the feeding results; a staff reset restarts its clock).
 */
export function vetoSetupOf(context: MatchContext): VetoSetup | null {
  const { tournament, bracket, row, match, pool } = context;
  if (!bracket.mapVeto || match.isBye || !match.team1Id || !match.team2Id) return null;
  const ready = bothReadyAt(row, match);
  if (!ready) return null;
  const seedOf = (teamId: string) => bracket.teamIds.indexOf(teamId) + 1;
  // A staff reset restarts the clock (veto helper): else every turn would be overdue at once.
  const opened = latestOf([ready, vetoRestartOf(row.veto, match.team1Id, match.team2Id), ...knownSinceDates(context)])!;
  return {
    bestOf: row.bestOf,
    pool: vetoPoolOf(row.veto, match.team1Id, match.team2Id) ?? pool,
    team1Id: match.team1Id,
    team2Id: match.team2Id,
    team1Seed: seedOf(match.team1Id),
    team2Seed: seedOf(match.team2Id),
    openedAt: opened,
    turnSeconds: tournament.vetoTurnSeconds,
  };
}

/** The stored veto log, if it was run for the teams the match has now (else it no longer counts). */
export function vetoLogOf(row: Pick<MatchRow, 'veto'>, match: Pick<DerivedMatch, 'team1Id' | 'team2Id'>): VetoLogEntry[] {
  const stored: StoredVeto | null = row.veto;
  if (!stored || stored.team1Id !== match.team1Id || stored.team2Id !== match.team2Id) return [];
  return stored.log;
}

/** The maps played, if they were entered for the teams the match has now. */
export function playedMapsOf(row: MatchRow, match: DerivedMatch): MapResultInput[] {
  return row.maps && isForTeams(row, match) ? row.maps : [];
}

/**
 * `readyPending`: the bracket runs vetoes and its captains are not both ready yet, so the match
 * still waits for its teams (the veto opens when both are ready).
 */
export function matchStatusOf(match: DerivedMatch, veto: VetoState | null, mapsPlayed: number, readyPending = false): MatchStatus {
  if (match.winnerTeamId !== null || match.isBye) return 'finished';
  if (!match.team1Id || !match.team2Id) return 'waiting';
  if (readyPending && mapsPlayed === 0) return 'waiting';
  // No veto (a bracket drawn before the site ran them) or a finished one: the maps are being played.
  if (!veto || veto.done || mapsPlayed > 0) return 'live';
  return 'veto';
}

/** Maps won by each team. */
export function seriesScoreOf(maps: MapResultInput[]) {
  return {
    team1: maps.filter((map) => map.team1Rounds > map.team2Rounds).length,
    team2: maps.filter((map) => map.team2Rounds > map.team1Rounds).length,
  };
}

/** The veto replayed for the match as it is now; null while it does not have both teams. */
export function vetoOf(context: MatchContext): { setup: VetoSetup; log: VetoLogEntry[]; state: VetoState } | null {
  const setup = vetoSetupOf(context);
  if (!setup) return null;
  const log = vetoLogOf(context.row, context.match);
  return { setup, log, state: vetoState(setup, log) };
}

/** Whether the match still waits for its captains' ready check before its veto (matchStatusOf's `readyPending`). */
export const readyPendingOf = (context: Pick<MatchContext, 'bracket' | 'row' | 'match'>) => context.bracket.mapVeto && bothReadyAt(context.row, context.match) === null;

/** The captains' report as the API shows it, read by the clock (a deadline passed unanswered: confirmed). */
export function reportViewOf(row: Pick<MatchRow, 'report'>, match: Pick<DerivedMatch, 'team1Id' | 'team2Id'>, at: Date): MatchReportView {
  const state = reportStateOf(row.report, match, at);
  const stored: StoredReport | null = state === 'none' ? null : row.report;
  return {
    state,
    reports: stored?.reports ?? [],
    deadline: stored?.deadline ?? null,
    dispute: stored?.dispute ?? null,
    ruling: stored?.ruling ? { note: stored.ruling.note, at: stored.ruling.at } : null,
  };
}

/** The stored forfeit claim if it is for the match's current teams and the match has no result. */
function claimForTeams(row: Pick<MatchRow, 'forfeitClaim'>, match: Pick<DerivedMatch, 'team1Id' | 'team2Id' | 'winnerTeamId'>): StoredForfeitClaim | null {
  const claim = row.forfeitClaim;
  if (!claim || match.winnerTeamId !== null) return null;
  const teams = [match.team1Id, match.team2Id];
  return teams.includes(claim.teamId) && teams.includes(claim.opponentId) ? claim : null;
}

/** A forfeit claim for the match's current teams, waiting for the organizer. */
export function forfeitClaimOf(row: Pick<MatchRow, 'forfeitClaim'>, match: Pick<DerivedMatch, 'team1Id' | 'team2Id' | 'winnerTeamId'>): StoredForfeitClaim | null {
  const claim = claimForTeams(row, match);
  return claim && !claim.refused ? claim : null;
}

/** The organizer's refusal of the last forfeit claim, while the match is still to be played. */
export function forfeitRefusalOf(row: Pick<MatchRow, 'forfeitClaim'>, match: Pick<DerivedMatch, 'team1Id' | 'team2Id' | 'winnerTeamId'>) {
  const claim = claimForTeams(row, match);
  return claim?.refused ? { teamId: claim.teamId, note: claim.refused.note, at: claim.refused.at } : null;
}

/** From when a ready team may claim the win by forfeit: the match's time plus the tournament's no-show allowance. */
export function claimForfeitAtOf(context: MatchContext): Date | null {
  const startsAt = startsAtOf(context);
  return startsAt ? new Date(startsAt.getTime() + context.tournament.noShowMinutes * 60_000) : null;
}

export type TeamInfo = { name: string; logoUrl: string | null };

/** The names and logos of these teams, by id (a team read once however many matches show it). */
export async function teamInfoOf(executor: Db | Tx, ids: string[]): Promise<Map<string, TeamInfo>> {
  if (!ids.length) return new Map();
  const rows = await executor.select({ id: teams.id, name: teams.name, logoUrl: teams.logoUrl }).from(teams).where(inArray(teams.id, ids));
  return new Map(rows.map((row) => [row.id, { name: row.name, logoUrl: row.logoUrl }]));
}

/** A match's two teams as the bracket and the match page show them: id, name and logo each. */
export function matchTeamsOf(match: Pick<DerivedMatch, 'team1Id' | 'team2Id'>, info: Map<string, TeamInfo>) {
  const nameOf = (id: string | null) => (id ? (info.get(id)?.name ?? null) : null);
  const logoOf = (id: string | null) => (id ? (info.get(id)?.logoUrl ?? null) : null);
  return {
    team1Id: match.team1Id,
    team1Name: nameOf(match.team1Id),
    team1LogoUrl: logoOf(match.team1Id),
    team2Id: match.team2Id,
    team2Name: nameOf(match.team2Id),
    team2LogoUrl: logoOf(match.team2Id),
  };
}

/** GET /api/matches/{id}'s answer for a loaded match. */
export async function matchDetailOf(executor: Db | Tx, context: MatchContext, at: Date = new Date()): Promise<MatchDetail> {
  const { tournament, derived, row, match } = context;
  const info = await teamInfoOf(executor, [match.team1Id, match.team2Id].filter((id): id is string => id !== null));
  const veto = vetoOf(context);
  const played = playedMapsOf(row, match);
  const maps: PlayedMap[] = played.map((map) => ({
    map: map.map,
    team1Rounds: map.team1Rounds,
    team2Rounds: map.team2Rounds,
    winnerTeamId: map.team1Rounds > map.team2Rounds ? match.team1Id : match.team2Id,
  }));
  const decided = match.winnerTeamId !== null && isForTeams(row, match);
  const ready = readyOf(row, match);
  const claim = forfeitClaimOf(row, match);
  const report = reportViewOf(row, match, at);
  const history = await matchHistoryOf(executor, {
    tournamentId: tournament.id,
    key: row.key,
    drawnAt: context.bracket.createdAt,
    team1Id: match.team1Id,
    team2Id: match.team2Id,
    vetoDoneAt: veto?.state.done ? (veto.log.at(-1)?.at ?? null) : null,
    ruling: report.ruling,
    // Read by the clock like the report's state: confirmed at its deadline before the sweep writes it.
    overdueDeadline: report.state === 'confirmed' && row.report?.state === 'reported' ? report.deadline : null,
  });
  return {
    id: row.id,
    tournamentId: tournament.id,
    tournamentName: tournament.name,
    key: row.key,
    round: match.round,
    label: matchLabelOf(derived, match),
    bestOf: row.bestOf,
    ...matchTeamsOf(match, info),
    status: matchStatusOf(match, veto?.state ?? null, maps.length, readyPendingOf(context)),
    isBye: match.isBye,
    veto: veto
      ? {
          log: veto.log,
          next: veto.state.next
            ? { action: veto.state.next.action, teamId: veto.state.next.teamId, deadline: veto.state.next.deadline.toISOString(), ...(veto.state.next.map ? { map: veto.state.next.map } : {}) }
            : null,
          remaining: veto.state.remaining,
          maps: veto.state.maps,
          done: veto.state.done,
        }
      : null,
    maps,
    seriesScore: seriesScoreOf(played),
    forfeit: decided && row.forfeit,
    score: match.score,
    winnerTeamId: match.winnerTeamId,
    scoringRule: tournament.scoringRule,
    startsAt: startsAtOf(context)?.toISOString() ?? null,
    ready: {
      team1: ready.team1 !== null,
      team2: ready.team2 !== null,
      opensAt: readyOpensAtOf(context)?.toISOString() ?? null,
      claimForfeitAt: claimForfeitAtOf(context)?.toISOString() ?? null,
    },
    report,
    selfReporting: tournament.selfReporting,
    forfeitClaim: claim ? { teamId: claim.teamId, at: claim.at } : null,
    forfeitRefused: forfeitRefusalOf(row, match),
    history,
    streamUrl: row.streamUrl,
  };
}

/** What the public sees of a dispute: who and when, never the reason or the screenshots (they are for the captains and staff). */
function withoutDisputeDetails(detail: MatchDetail): MatchDetail {
  const { dispute } = detail.report;
  return dispute ? { ...detail, report: { ...detail.report, dispute: { ...dispute, reason: null, evidence: [] } } } : detail;
}

/** The reads of one match (404 for an unknown one): the public page's, and a captain's of a match the team plays. */
export function createMatchViews(db: Db, now: () => Date = () => new Date()) {
  return {
    async get(matchId: string): Promise<MatchDetail> {
      return withoutDisputeDetails(await matchDetailOf(db, await loadMatchContext(db, matchId), now()));
    },
    /** Whole, the dispute's reason and screenshots included: for the captains of the match's two teams only (403 otherwise). */
    async forTeam(matchId: string, teamId: string): Promise<MatchDetail> {
      const context = await loadMatchContext(db, matchId);
      if (teamId !== context.match.team1Id && teamId !== context.match.team2Id) throw new AppError('forbidden', notInMatchMessage);
      return matchDetailOf(db, context, now());
    },
  };
}

export type MatchViews = ReturnType<typeof createMatchViews>;
