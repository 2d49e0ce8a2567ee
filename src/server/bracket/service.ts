import crypto from 'node:crypto';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { DerivedMatch } from '../../shared/bracket/derive-bracket.js';
import { eventMatches, type DerivedEvent, type EventMatch, type EventStage, type StageStanding } from '../../shared/bracket/event.js';
import { formatOptionsOf, formatProblems } from '../../shared/bracket/format-rules.js';
import type { Bracket, BracketGenerateInput, BracketMatch, BracketStage, SeedingMethod, StandingRow } from '../../shared/schemas/bracket.js';
import type { BestOf } from '../../shared/schemas/match.js';
import { poolTooSmallMessage } from '../../shared/match/scoring.js';
import { reportStateOf } from '../../shared/match/report-states.js';
import { recordAudit, type Actor } from '../audit/log.js';
import type { Db, Tx } from '../db/client.js';
import { brackets, champions, matches, teamMembers, teams, tournaments } from '../db/schema.js';
import { AppError, conflict, notFound } from '../http/errors.js';
import { countStillPaying } from '../teams/lifecycle/spots.js';
import { listPlayingTeams, markNoShows } from '../teams/lifecycle/tournament-day.js';
import { requireEventHub, type EventHub } from '../events/hub.js';
import { afterCommit } from '../http/public-data.js';
import { closeRegistrationForBracket } from '../tournaments/phase.js';
import { deriveFromRows, isForTeams, matchStatusOf, matchTeamsOf, teamInfoOf, playedMapsOf, readyPendingOf, seriesScoreOf, startsAtOf, vetoOf, type BracketRow, type MatchRow, type TournamentRow } from '../matches/match-view.js';
import { effectiveMapPool } from '../site/map-pool.js';
import { msg } from '../../shared/i18n/msg.js';
import { withValues } from '../http/message-values.js';


export type GenerateValues = Pick<BracketGenerateInput, 'format' | 'grandFinalReset' | 'groups' | 'doubleRoundRobin' | 'rounds' | 'playoff'> & {
  seeding: SeedingMethod;
  thirdPlace: boolean;
  teamIds?: string[];
  bestOf?: BestOf;
  finalBestOf?: BestOf;
};

/**
 * The match rows the event has not got yet: at the draw every match it has, later the matches a
 * result brings (a Swiss round once the one before is complete, a grand-final reset, the playoff).
 * A row is created once (the key is unique per tournament); the last stage's finals play the final's best-of.
 */
export async function addMissingMatchRows(tx: Tx, bracket: BracketRow, derived: DerivedEvent, rows: Pick<MatchRow, 'key'>[]): Promise<MatchRow[]> {
  const have = new Set(rows.map((row) => row.key));
  const missing = eventMatches(derived).filter((match) => !have.has(match.key));
  if (!missing.length) return [];
  const finals = new Set(derived.finalKeys);
  return tx
    .insert(matches)
    .values(missing.map((match) => ({ tournamentId: bracket.tournamentId, key: match.key, bestOf: finals.has(match.key) ? bracket.finalBestOf : bracket.bestOf })))
    .onConflictDoNothing()
    .returning();
}


const derive = deriveFromRows;

/** Why the champions cannot be confirmed yet, in the format's words. */
function placementsMissingMessage(bracket: BracketRow): string {
  if (bracket.formatOptions.playoff) return bracket.playoffDrawnAt ? msg('Enter the playoff final first') : msg('Finish the first stage and draw the playoff first');
  if (bracket.format === 'double_elimination') return msg('Enter the grand final first');
  if (bracket.format === 'round_robin' || bracket.format === 'swiss') return msg('Enter every match of the last round first');
  return bracket.thirdPlace ? msg('Enter the final and the third-place match first') : msg('Enter the final first');
}

/** Fisher-Yates with the CSPRNG: nobody can predict (or replay) a random seeding. */
function shuffled<T>(items: T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = crypto.randomInt(i + 1);
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

/**
 * An open captains' report's state as stored: the public read is cached and has no clock, so an
 * overdue report reads `reported` until the sweep writes it confirmed (and the cache is dropped).
 */
function openReportStateOf(row: MatchRow, match: DerivedMatch): { reportState?: 'reported' | 'disputed' } {
  const state = reportStateOf(row.report, match, new Date(0));
  return state === 'reported' || state === 'disputed' ? { reportState: state } : {};
}

/**
 * The public bracket from its rows: each match with its teams, winner and series (best-of, maps won,
 * forfeit, status). Result entry (matches/result-entry.ts) answers with it too.
 */
export async function bracketViewOf(executor: Db | Tx, tournament: TournamentRow, bracket: BracketRow, rows: MatchRow[], derived: DerivedEvent = derive(bracket, rows)): Promise<Bracket> {
  const info = await teamInfoOf(executor, bracket.teamIds);
  const byKey = new Map(rows.map((row) => [row.key, row]));
  const pool = await effectiveMapPool(executor, tournament);
  const toMatch = (match: EventMatch): BracketMatch => {
    const row = byKey.get(match.key)!;
    const played = playedMapsOf(row, match);
    const context = { tournament, bracket, rows, derived, row, match, pool };
    const veto = vetoOf(context);
    const series = seriesScoreOf(played);
    return {
      id: row.id,
      key: match.key,
      ...matchTeamsOf(match, info),
      winnerTeamId: match.winnerTeamId,
      isBye: match.isBye,
      score: match.score,
      bestOf: row.bestOf,
      team1Maps: played.length ? series.team1 : null,
      team2Maps: played.length ? series.team2 : null,
      forfeit: match.winnerTeamId !== null && isForTeams(row, match) && row.forfeit,
      status: matchStatusOf(match, veto?.state ?? null, played.length, readyPendingOf(context)),
      startsAt: startsAtOf(context)?.toISOString() ?? null,
      ...openReportStateOf(row, match),
      ...(derived.format === 'single_elimination' ? {} : { round: match.round }),
      ...(match.bracket ? { bracket: match.bracket } : {}),
      ...(match.group ? { group: match.group } : {}),
    };
  };
  const standingOf = (row: StageStanding): StandingRow => {
    const team = info.get(row.teamId);
    return {
      teamId: row.teamId,
      teamName: team?.name ?? '',
      teamLogoUrl: team?.logoUrl ?? null,
      place: row.place,
      played: row.played,
      wins: row.wins,
      losses: row.losses,
      byes: row.byes,
      mapsWon: row.mapsWon,
      mapsLost: row.mapsLost,
      mapDiff: row.mapDiff,
      roundsWon: row.roundsWon,
      roundsLost: row.roundsLost,
      roundDiff: row.roundDiff,
      ...(row.buchholz !== undefined ? { buchholz: row.buchholz } : {}),
      ...(row.advances !== undefined ? { advances: row.advances } : {}),
    };
  };
  const stageOf = (stage: EventStage): BracketStage => ({
    type: stage.type,
    name: stage.name,
    rounds: stage.rounds.map((round) => ({ number: round.number, name: round.name, ...(round.bracket ? { bracket: round.bracket } : {}), matches: round.matches.map(toMatch) })),
    ...(stage.groups ? { groups: stage.groups.map((group) => ({ name: group.name, standings: group.standings.map(standingOf), matches: group.matches.map(toMatch) })) } : {}),
    ...(stage.standings ? { standings: stage.standings.map(standingOf) } : {}),
    isComplete: stage.isComplete,
  });
  return {
    tournamentId: bracket.tournamentId,
    seeding: bracket.seedingMethod,
    bestOf: bracket.bestOf,
    finalBestOf: bracket.finalBestOf,
    format: derived.format,
    rounds: derived.rounds.map((round) => ({ number: round.number, name: round.name, matches: round.matches.map(toMatch) })),
    ...(derived.thirdPlace ? { thirdPlace: toMatch(derived.thirdPlace) } : {}),
    isComplete: derived.placements !== null,
    confirmedAt: bracket.confirmedAt?.toISOString() ?? null,
    championTeamId: derived.placements?.first ?? null,
    placements: derived.placements,
    ...(derived.stages ? { stages: derived.stages.map(stageOf), formatOptions: bracket.formatOptions } : {}),
    ...(derived.playoff
      ? { playoff: { format: derived.playoff.format, advance: derived.playoff.advance, isDrawn: derived.playoff.isDrawn, canDraw: derived.playoff.canDraw } }
      : {}),
  };
}

/**
 * The tournament-day bracket: generated from the teams that play, results reported and corrected
 * by the organizer, champions written once from the final. shared/bracket derives the bracket
 * from the seeding and the stored results; this module stores them and keeps them consistent.
 */
export function createBracketService(db: Db, now: () => Date, events: EventHub) {
  const announce = afterCommit(requireEventHub(events, 'createBracketService'));
  async function load(executor: Db | Tx, tournamentId: string, { lock = false } = {}) {
    const query = executor.select().from(brackets).where(eq(brackets.tournamentId, tournamentId));
    const [bracket] = lock ? await query.for('update') : await query;
    if (!bracket) return null;
    const rows = await executor.select().from(matches).where(eq(matches.tournamentId, tournamentId)).orderBy(asc(matches.key));
    return { bracket, rows };
  }

  async function liveTournament(executor: Db | Tx, id: string, { lock = false } = {}) {
    const query = executor.select().from(tournaments).where(and(eq(tournaments.id, id), isNull(tournaments.deletedAt)));
    const [tournament] = lock ? await query.for('update') : await query;
    if (!tournament) throw notFound('Tournament');
    return tournament;
  }

  return {
    /** The public bracket, or null while the tournament has none. */
    async get(tournamentId: string): Promise<Bracket | null> {
      const tournament = await liveTournament(db, tournamentId);
      const loaded = await load(db, tournamentId);
      return loaded ? bracketViewOf(db, tournament, loaded.bracket, loaded.rows) : null;
    },

    /** Generates the bracket, or replaces it while no result has been entered. */
    async generate(tournamentId: string, values: GenerateValues, actor: Actor): Promise<Bracket> {
      return announce(db.transaction(async (tx) => {
        const tournament = await liveTournament(tx, tournamentId, { lock: true });
        const existing = await load(tx, tournamentId, { lock: true });
        if (existing?.rows.some((row) => row.winnerTeamId !== null)) throw conflict(msg('Results have been entered: the bracket can no longer be regenerated'));
        // A captain paying now would pay for a place that is not in the bracket.
        const stillPaying = await countStillPaying(tx, tournamentId, now());
        if (stillPaying > 0) {
          throw conflict(
            stillPaying === 1
              ? msg('1 team is still paying: generate the bracket once its hold has ended, or remove it first')
              : withValues(msg('{count} teams are still paying: generate the bracket once their holds have ended, or remove them first'), {
                  count: String(stillPaying),
                }),
          );
        }
        await markNoShows(tx, now(), tournamentId);
        const field = (await listPlayingTeams(tx, tournament)).map((team) => team.id);
        if (field.length < 2) throw conflict(tournament.checkInEnabled ? msg('A bracket needs at least 2 checked-in teams') : msg('A bracket needs at least 2 confirmed teams'));
        if (values.thirdPlace && field.length < 4) {
          throw new AppError('validation', msg('A third-place match needs at least 4 teams'), [{ path: 'thirdPlace', message: msg('A third-place match needs at least 4 teams') }]);
        }
        const problems = formatProblems(values, field.length);
        if (problems.length) throw new AppError('validation', problems[0].message, problems);
        const { bestOf = 1, finalBestOf = 1 } = values;
        // A veto needs one map more than the series can play.
        const pool = await effectiveMapPool(tx, tournament);
        // A round robin or Swiss without a playoff has no final: its final best-of is never played.
        const hasFinal = !(values.format === 'round_robin' || values.format === 'swiss') || values.playoff !== undefined;
        for (const [path, value] of [['bestOf', bestOf], ...(hasFinal ? [['finalBestOf', finalBestOf] as const] : [])] as const) {
          if (pool.length < value + 1) throw new AppError('validation', poolTooSmallMessage(pool.length, value), [{ path, message: poolTooSmallMessage(pool.length, value) }]);
        }
        let teamIds = field;
        if (values.seeding === 'random') teamIds = shuffled(field);
        if (values.seeding === 'manual') {
          const given = values.teamIds ?? [];
          const sameTeams = given.length === field.length && new Set(given).size === given.length && given.every((id) => field.includes(id));
          if (!sameTeams) throw new AppError('validation', msg('List every team of the field once'), [{ path: 'teamIds', message: msg('List every team of the field once') }]);
          teamIds = given;
        }

        if (existing) await tx.delete(brackets).where(eq(brackets.tournamentId, tournamentId));
        const registrationClosed = await closeRegistrationForBracket(tx, tournament, now());
        const format = values.format ?? 'single_elimination';
        const formatOptions = formatOptionsOf(values);
        const [bracket] = await tx
          .insert(brackets)
          .values({ tournamentId, teamIds, seedingMethod: values.seeding, thirdPlace: values.thirdPlace, bestOf, finalBestOf, format, formatOptions, createdAt: now() })
          .returning();
        const derived = derive(bracket, []);
        const rows = await addMissingMatchRows(tx, bracket, derived, []);
        await recordAudit(
          tx,
          actor,
          { action: 'bracket.generate', targetType: 'tournament', targetId: tournamentId, tournamentId, after: { seeding: values.seeding, format, formatOptions, thirdPlace: values.thirdPlace, bestOf, finalBestOf, teamIds, registrationClosed } },
          now(),
        );
        return bracketViewOf(tx, tournament, bracket, rows, derived);
      }));
    },

    /**
     * The organizer draws the playoff once the first stage is complete: its teams and seeds follow
     * from the standings (a later correction there re-seeds it), its match rows are created.
     */
    async drawPlayoff(tournamentId: string, actor: Actor): Promise<Bracket> {
      return announce(db.transaction(async (tx) => {
        const tournament = await liveTournament(tx, tournamentId);
        const loaded = await load(tx, tournamentId, { lock: true });
        if (!loaded) throw notFound('Bracket');
        const { bracket, rows } = loaded;
        const before = derive(bracket, rows);
        if (!before.playoff) throw conflict(msg('This bracket has no playoff'));
        if (bracket.playoffDrawnAt) throw conflict(msg('The playoff is already drawn'));
        if (!before.playoff.canDraw) throw conflict(msg('Enter every result of the first stage first'));
        const [drawn] = await tx.update(brackets).set({ playoffDrawnAt: now() }).where(eq(brackets.tournamentId, tournamentId)).returning();
        const derived = derive(drawn, rows);
        const added = await addMissingMatchRows(tx, drawn, derived, rows);
        await recordAudit(
          tx,
          actor,
          { action: 'bracket.playoff', targetType: 'tournament', targetId: tournamentId, tournamentId, after: { format: before.playoff.format, teamIds: derived.playoff?.teamIds ?? [] } },
          now(),
        );
        return bracketViewOf(tx, tournament, drawn, [...rows, ...added], derived);
      }));
    },

    /** The organizer confirms the final: champion rows for 1st, 2nd and 3rd, written once. */
    async confirm(tournamentId: string, actor: Actor): Promise<Bracket> {
      return announce(db.transaction(async (tx) => {
        const tournament = await liveTournament(tx, tournamentId);
        const loaded = await load(tx, tournamentId, { lock: true });
        if (!loaded) throw notFound('Bracket');
        const { bracket, rows } = loaded;
        if (bracket.confirmedAt) throw conflict(msg('The champions are already recorded'));
        const derived = derive(bracket, rows);
        if (!derived.placements) throw conflict(placementsMissingMessage(bracket));
        const { first, second, third } = derived.placements;
        const placed = [
          { teamId: first, placement: 1 },
          { teamId: second, placement: 2 },
          ...third.map((teamId) => ({ teamId, placement: 3 })),
        ];
        const placedIds = placed.map((p) => p.teamId);
        const teamRows = await tx.select().from(teams).where(inArray(teams.id, placedIds));
        const members = await tx
          .select({ teamId: teamMembers.teamId, riotId: teamMembers.riotId })
          .from(teamMembers)
          .where(inArray(teamMembers.teamId, placedIds))
          .orderBy(asc(teamMembers.position));
        const created = await tx
          .insert(champions)
          .values(
            placed.map(({ teamId, placement }) => {
              const team = teamRows.find((row) => row.id === teamId)!;
              return {
                tournamentId,
                teamId,
                placement,
                currency: tournament.currency,
                teamName: team.name,
                teamLogoUrl: team.logoUrl,
                playerNames: members.filter((m) => m.teamId === teamId).map((m) => m.riotId),
                tournamentName: tournament.name,
                tournamentDate: tournament.tournamentDate,
                createdAt: now(),
              };
            }),
          )
          .returning({ id: champions.id, placement: champions.placement, teamId: champions.teamId });
        const [confirmed] = await tx.update(brackets).set({ confirmedAt: now() }).where(eq(brackets.tournamentId, tournamentId)).returning();
        await recordAudit(tx, actor, { action: 'bracket.confirm', targetType: 'tournament', targetId: tournamentId, tournamentId, after: { champions: created } }, now());
        return bracketViewOf(tx, tournament, confirmed, rows, derived);
      }));
    },

  };
}

export type BracketService = ReturnType<typeof createBracketService>;
