import { inArray, eq } from 'drizzle-orm';
import { allMatches, isPlayable, thirdPlaceKey } from '../../shared/bracket/derive-bracket.js';
import { seriesOutcome } from '../../shared/match/scoring.js';
import type { MatchResultOutcome } from '../../shared/schemas/bracket.js';
import type { BestOf, MapResultInput } from '../../shared/schemas/match.js';
import { recordAudit, type Actor } from '../audit/log.js';
import type { Db, Tx } from '../db/client.js';
import { matches, teams } from '../db/schema.js';
import { requireEventHub, type EventHub } from '../events/hub.js';
import { AppError, conflict, type Issue } from '../http/errors.js';
import { afterCommit } from '../http/public-data.js';
import { addMissingMatchRows, bracketViewOf } from '../bracket/service.js';
import { deriveFromRows, isForTeams, loadMatchContext, matchLabelOf, vetoOf, type MatchContext, type MatchRow } from './match-view.js';
import { msg } from '../../shared/i18n/msg.js';
import { withValues } from '../http/message-values.js';

/** What a result entry takes (the parsed matchResultSchema). */
export interface ResultValues {
  winnerTeamId?: string;
  score?: string | null;
  note?: string | null;
  maps?: MapResultInput[];
  forfeit?: boolean;
  /** The organizer agreed to clear the results of a Swiss round this correction pairs again. */
  clearResults?: boolean;
}

/** Swiss match keys (S2-1): a round the derivation pairs from the results before it. */
const isSwissKey = (key: string) => /^S\d+-\d+$/.test(key);

/** A series' columns as cleared when an earlier correction takes its teams away. */
const clearedSeries = {
  team1Id: null,
  team2Id: null,
  winnerTeamId: null,
  score: null,
  note: null,
  maps: null,
  forfeit: false,
  veto: null,
  enteredAt: null,
  enteredBy: null,
  // The captains' ready check, report and forfeit claim were for the teams it no longer has.
  ready: null,
  report: null,
  forfeitClaim: null,
};

const invalid = (details: Issue[]) => new AppError('validation', details[0].message, details);

/** A series entered without its maps, for each best-of that needs them. */
const bestOfRoundsMessages: Record<BestOf, string> = {
  1: msg("Enter each map's rounds for a best of 1"),
  3: msg("Enter each map's rounds for a best of 3"),
  5: msg("Enter each map's rounds for a best of 5"),
};

/**
 * The organizer's checks on a result, one place for each rule (captains' reports use them too):
 * the winner is one of the teams, a best of 3 or 5 has its maps, the maps come from the pool, each
 * once, in the veto's order, and follow the scoring rule. Returns the winner (null: the series is
 * not decided yet) and the maps as stored; throws the 400 that says what is wrong.
 */
export function checkedResult(context: MatchContext, values: ResultValues): { winnerTeamId: string | null; storedMaps: MapResultInput[] | null } {
  const { tournament, row: before, match, pool } = context;
  const team1Id = match.team1Id!;
  const team2Id = match.team2Id!;
  const { bestOf } = before;
  const maps = values.maps ?? [];
  if (values.forfeit || !maps.length) {
    if (!values.forfeit && bestOf !== 1) throw invalid([{ path: 'maps', message: bestOfRoundsMessages[bestOf] }]);
    if (values.winnerTeamId !== team1Id && values.winnerTeamId !== team2Id)
      throw invalid([{ path: 'winnerTeamId', message: msg('The winner must be one of the two teams') }]);
    return { winnerTeamId: values.winnerTeamId, storedMaps: null };
  }
  const storedMaps = namedFromPool(maps, pool);
  // Once the veto is done, the maps are the ones it settled, in its order (a best of one without a veto is fine).
  const veto = before.veto !== null ? vetoOf(context) : null;
  const settled = veto?.state.done ? veto.state.maps.map((m) => m.map) : null;
  const issues: Issue[] = [...mapNameIssues(maps, pool), ...vetoOrderIssues(maps, settled)];
  const { outcome, issues: seriesIssues } = seriesOutcome(bestOf, tournament.scoringRule, maps);
  issues.push(...seriesIssues);
  if (issues.length) throw invalid(issues);
  const winnerTeamId = outcome.winner === 1 ? team1Id : outcome.winner === 2 ? team2Id : null;
  if (values.winnerTeamId !== undefined && values.winnerTeamId !== winnerTeamId) {
    throw invalid([{ path: 'winnerTeamId', message: winnerTeamId ? msg('The maps give the series to the other team') : msg('The maps do not decide the series yet') }]);
  }
  return { winnerTeamId, storedMaps };
}

/** Who enters a result: staff (PUT /api/matches/{id}: an open captains' report becomes `ruled`) or the captains' confirmed report. */
export type ResultSource = 'staff' | 'captains';

/**
 * Reports or corrects a match's result: the maps in order with their rounds (a series not yet
 * decided keeps the maps so far, without a winner), a forfeit, or a best of one's winner with a
 * free-text score. The bracket is derived again; later results whose match no longer has the teams
 * they were entered for are cleared with their maps and veto, and returned, never kept silently.
 */
export function createResultEntry(db: Db, now: () => Date, events: EventHub) {
  const hub = requireEventHub(events, 'createResultEntry');
  const announce = afterCommit(hub);

  /** The result entry inside a caller's transaction: the organizer's and the captains' one path. */
  async function enterIn(tx: Tx, matchId: string, values: ResultValues, actor: Actor, source: ResultSource = 'staff'): Promise<MatchResultOutcome> {
    // The bracket row, then the match rows, are the lock: two results entered at once are applied one
    // after the other, and a veto action (which locks its match row) waits or is waited for.
    const context = await loadMatchContext(tx, matchId, { lock: true });
    const { tournament, bracket, rows, derived: current, row: before, match } = context;
    if (bracket.confirmedAt) throw conflict(msg('The champions are recorded: results can no longer change'));
    if (!isPlayable(match)) throw conflict(match.isBye ? msg('A bye has no result') : msg('This match does not have both teams yet'));
    const team1Id = match.team1Id!;
    const team2Id = match.team2Id!;
    const { winnerTeamId, storedMaps } = checkedResult(context, values);

    // The log names the match and the teams as they were then: team names change and teams go away.
    const names = await teamNames(tx, [team1Id, team2Id, before.winnerTeamId]);
    const nameOf = (id: string | null) => (id ? (names.get(id) ?? null) : null);
    const matchLabel = matchLabelOf(current, match);
    const entered = {
      team1Id,
      team2Id,
      winnerTeamId,
      score: storedMaps ? null : (values.score ?? null),
      maps: storedMaps,
      forfeit: values.forfeit ?? false,
      note: values.note ?? null,
      enteredAt: now(),
      enteredBy: actor.username,
      // Staff entering the result settle an open captains' report: it is ruled, with their note.
      ...(source === 'staff' && openReport(before, match)
        ? { report: { ...before.report!, state: 'ruled' as const, ruling: { note: values.note ?? null, at: now().toISOString(), by: actor.username } } }
        : {}),
    };
    await tx.update(matches).set(entered).where(eq(matches.id, matchId));
    if ('report' in entered) await hub.emit(tx, 'matchRuled', { matchId });
    const updatedRows = rows.map((row) => (row.id === matchId ? { ...row, ...entered } : row));

    // Later results entered for teams the matches no longer have: the derivation lists the decided
    // ones; series still on (maps, no winner) are found here, by their teams. A veto alone is left:
    // it counts only for the teams it was run for (match-view `vetoLogOf`) and is overwritten.
    const derived = deriveFromRows(bracket, updatedRows);
    // A Swiss round already played is paired again only when the organizer agrees to lose its results.
    const repaired = derived.format === 'swiss' ? derived.cleared.filter((result) => isSwissKey(result.matchKey)) : [];
    if (repaired.length > 0 && !values.clearResults) {
      const message = withValues(msg('This correction pairs a later Swiss round again: {matches} would be cleared'), {
        matches: repaired.map((result) => current.labels.get(result.matchKey) ?? result.matchKey).join(', '),
      });
      throw new AppError('conflict', message, [{ path: 'clearResults', message }]);
    }
    const clearedKeys = new Set(derived.cleared.map((result) => result.matchKey));
    const derivedByKey = new Map(allMatches(derived).map((m) => [m.key, m]));
    for (const row of updatedRows) {
      const nowIn = derivedByKey.get(row.key);
      const stale = !nowIn || !isForTeams(row, nowIn);
      if (row.id !== matchId && row.winnerTeamId === null && (row.maps?.length ?? 0) > 0 && stale) clearedKeys.add(row.key);
      // A match the event no longer has (a grand-final reset, a re-paired Swiss round, an undrawn playoff): its
      // captains' ready check, report and claim go too, or they would count again when it comes back.
      if (row.id !== matchId && !nowIn && (row.report !== null || row.forfeitClaim !== null || (row.ready?.length ?? 0) > 0 || row.veto !== null)) clearedKeys.add(row.key);
    }
    const clearedRows = updatedRows.filter((row) => clearedKeys.has(row.key));
    if (clearedRows.length)
      await tx
        .update(matches)
        .set(clearedSeries)
        .where(
          inArray(
            matches.id,
            clearedRows.map((row) => row.id),
          ),
        );
    const keptRows: MatchRow[] = updatedRows.map((row) => (clearedKeys.has(row.key) ? { ...row, ...clearedSeries } : row));
    // A result can bring matches the event had not got: the next Swiss round, a grand-final reset.
    const finalRows = [...keptRows, ...(await addMissingMatchRows(tx, bracket, derived, keptRows))];

    await recordAudit(
      tx,
      actor,
      {
        action: 'match.result',
        targetType: 'tournament',
        targetId: bracket.tournamentId,
        tournamentId: bracket.tournamentId,
        before:
          before.winnerTeamId || before.maps?.length
            ? {
                match: before.key,
                matchLabel,
                winnerTeamId: before.winnerTeamId,
                winnerName: nameOf(before.winnerTeamId),
                score: before.score,
                maps: before.maps,
                forfeit: before.forfeit,
              }
            : null,
        after: {
          match: before.key,
          matchLabel,
          winnerTeamId,
          winnerName: nameOf(winnerTeamId),
          loserName: winnerTeamId ? nameOf(winnerTeamId === team1Id ? team2Id : team1Id) : null,
          score: entered.score,
          maps: storedMaps,
          forfeit: entered.forfeit,
          cleared: [...clearedKeys],
        },
      },
      now(),
    );

    const result = await bracketViewOf(tx, tournament, bracket, finalRows);
    const clearedNames = await teamNames(
      tx,
      clearedRows.flatMap((row) => [row.team1Id, row.team2Id, row.winnerTeamId]),
    );
    const clearedNameOf = (id: string | null) => (id ? (clearedNames.get(id) ?? null) : null);
    const roundNames = new Map(result.rounds.flatMap((round) => round.matches.map((m) => [m.key, round.name])));
    return {
      bracket: result,
      isCorrection: before.winnerTeamId !== null,
      cleared: clearedRows.map((row) => ({
        matchId: row.id,
        key: row.key,
        // A match the event no longer has is named as it was before this result.
        roundName: row.key === thirdPlaceKey ? 'Third place' : (roundNames.get(row.key) ?? current.labels.get(row.key) ?? row.key),
        team1Name: clearedNameOf(row.team1Id),
        team2Name: clearedNameOf(row.team2Id),
        winnerName: clearedNameOf(row.winnerTeamId),
      })),
    };
  }

  return {
    enterIn,
    async report(matchId: string, values: ResultValues, actor: Actor): Promise<MatchResultOutcome> {
      return announce(hub.transaction(db, (tx) => enterIn(tx, matchId, values, actor)));
    },
  };
}

/** A captains' report for the match's teams still waiting on a confirmation or a ruling. */
const openReport = (row: MatchRow, match: { team1Id: string | null; team2Id: string | null }) =>
  row.report !== null &&
  row.report.team1Id === match.team1Id &&
  row.report.team2Id === match.team2Id &&
  (row.report.state === 'reported' || row.report.state === 'disputed');

export type ResultEntry = ReturnType<typeof createResultEntry>;

async function teamNames(executor: Parameters<typeof loadMatchContext>[0], ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (!wanted.length) return new Map();
  const rows = await executor.select({ id: teams.id, name: teams.name }).from(teams).where(inArray(teams.id, wanted));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Each map as the pool spells it ("ascent" is stored as "Ascent"). */
function namedFromPool(maps: MapResultInput[], pool: string[]): MapResultInput[] {
  return maps.map((map) => ({ ...map, map: pool.find((name) => name.toLowerCase() === map.map.toLowerCase()) ?? map.map }));
}

/** Every map from the tournament's pool, each played once. */
function mapNameIssues(maps: MapResultInput[], pool: string[]): Issue[] {
  const issues: Issue[] = [];
  const seen = new Set<string>();
  maps.forEach((map, index) => {
    const key = map.map.toLowerCase();
    if (!pool.some((name) => name.toLowerCase() === key)) issues.push({ path: `maps.${index}.map`, message: `${map.map} is not in the map pool` });
    else if (seen.has(key)) issues.push({ path: `maps.${index}.map`, message: `${map.map} was already played in this series` });
    seen.add(key);
  });
  return issues;
}

/** Map i is the veto's map i. `settled`: the veto's maps in order, or null while it is not done. */
function vetoOrderIssues(maps: MapResultInput[], settled: string[] | null): Issue[] {
  if (!settled?.length) return [];
  return maps.flatMap((map, index) => {
    const expected = settled[index];
    return expected && expected.toLowerCase() !== map.map.toLowerCase()
      ? [{ path: `maps.${index}.map`, message: withValues(msg('The veto settled {map} as map {number}'), { map: expected, number: String(index + 1) }) }]
      : [];
  });
}
