import crypto from 'node:crypto';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { allMatches, deriveBracket, isPlayable, thirdPlaceKey, type DerivedBracket, type DerivedMatch, type StoredResult } from '../../shared/bracket/derive-bracket.js';
import type { Bracket, BracketMatch, MatchResultOutcome, SeedingMethod } from '../../shared/schemas/bracket.js';
import { recordAudit, type Actor } from '../audit/log.js';
import type { Db, Tx } from '../db/client.js';
import { brackets, champions, matches, teamMembers, teams, tournaments } from '../db/schema.js';
import { AppError, conflict, notFound } from '../http/errors.js';
import { countStillPaying } from '../teams/lifecycle/spots.js';
import { listPlayingTeams, markNoShows } from '../teams/lifecycle/tournament-day.js';
import { requireEventHub, type EventHub } from '../events/hub.js';
import { afterCommit } from '../http/public-data.js';
import { closeRegistrationForBracket } from '../tournaments/phase.js';

type BracketRow = typeof brackets.$inferSelect;
type MatchRow = typeof matches.$inferSelect;
type TeamInfo = { name: string; logoUrl: string | null };

export interface GenerateValues {
  seeding: SeedingMethod;
  thirdPlace: boolean;
  teamIds?: string[];
}

export interface ResultValues {
  winnerTeamId: string;
  score: string | null;
  note: string | null;
}

const storedResults = (rows: MatchRow[]): StoredResult[] =>
  rows
    .filter((row) => row.winnerTeamId !== null && row.team1Id !== null && row.team2Id !== null)
    .map((row) => ({ matchKey: row.key, team1Id: row.team1Id!, team2Id: row.team2Id!, winnerTeamId: row.winnerTeamId!, score: row.score }));

const derive = (bracket: BracketRow, rows: MatchRow[]) => deriveBracket({ teamIds: bracket.teamIds, thirdPlace: bracket.thirdPlace }, storedResults(rows));

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
 * The tournament-day bracket: generated from the teams that play, results reported and corrected
 * by the organizer, champions written once from the final. shared/bracket derives the bracket
 * from the seeding and the stored results; this module stores them and keeps them consistent.
 */
export function createBracketService(db: Db, now: () => Date, events: EventHub) {
  const announce = afterCommit(requireEventHub(events, 'createBracketService'));
  async function teamInfo(executor: Db | Tx, ids: string[]): Promise<Map<string, TeamInfo>> {
    if (!ids.length) return new Map();
    const rows = await executor.select({ id: teams.id, name: teams.name, logoUrl: teams.logoUrl }).from(teams).where(inArray(teams.id, ids));
    return new Map(rows.map((row) => [row.id, { name: row.name, logoUrl: row.logoUrl }]));
  }

  async function view(executor: Db | Tx, bracket: BracketRow, rows: MatchRow[], derived: DerivedBracket = derive(bracket, rows)): Promise<Bracket> {
    const info = await teamInfo(executor, bracket.teamIds);
    const ids = new Map(rows.map((row) => [row.key, row.id]));
    const toMatch = (match: DerivedMatch): BracketMatch => ({
      id: ids.get(match.key)!,
      key: match.key,
      team1Id: match.team1Id,
      team1Name: match.team1Id ? (info.get(match.team1Id)?.name ?? null) : null,
      team1LogoUrl: match.team1Id ? (info.get(match.team1Id)?.logoUrl ?? null) : null,
      team2Id: match.team2Id,
      team2Name: match.team2Id ? (info.get(match.team2Id)?.name ?? null) : null,
      team2LogoUrl: match.team2Id ? (info.get(match.team2Id)?.logoUrl ?? null) : null,
      winnerTeamId: match.winnerTeamId,
      isBye: match.isBye,
      score: match.score,
    });
    return {
      tournamentId: bracket.tournamentId,
      seeding: bracket.seedingMethod,
      rounds: derived.rounds.map((round) => ({ number: round.number, name: round.name, matches: round.matches.map(toMatch) })),
      ...(derived.thirdPlace ? { thirdPlace: toMatch(derived.thirdPlace) } : {}),
      isComplete: derived.placements !== null,
      confirmedAt: bracket.confirmedAt?.toISOString() ?? null,
      championTeamId: derived.placements?.first ?? null,
    };
  }

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
      await liveTournament(db, tournamentId);
      const loaded = await load(db, tournamentId);
      return loaded ? view(db, loaded.bracket, loaded.rows) : null;
    },

    /** Generates the bracket, or replaces it while no result has been entered. */
    async generate(tournamentId: string, values: GenerateValues, actor: Actor): Promise<Bracket> {
      return announce(db.transaction(async (tx) => {
        const tournament = await liveTournament(tx, tournamentId, { lock: true });
        const existing = await load(tx, tournamentId, { lock: true });
        if (existing?.rows.some((row) => row.winnerTeamId !== null)) throw conflict('Results have been entered: the bracket can no longer be regenerated');
        // A captain paying now would pay for a place that is not in the bracket.
        const stillPaying = await countStillPaying(tx, tournamentId, now());
        if (stillPaying > 0) {
          throw conflict(
            stillPaying === 1
              ? '1 team is still paying: generate the bracket once its hold has ended, or remove it first'
              : `${stillPaying} teams are still paying: generate the bracket once their holds have ended, or remove them first`,
          );
        }
        await markNoShows(tx, now(), tournamentId);
        const field = (await listPlayingTeams(tx, tournament)).map((team) => team.id);
        if (field.length < 2) throw conflict(tournament.checkInEnabled ? 'A bracket needs at least 2 checked-in teams' : 'A bracket needs at least 2 confirmed teams');
        if (values.thirdPlace && field.length < 4) {
          throw new AppError('validation', 'A third-place match needs at least 4 teams', [{ path: 'thirdPlace', message: 'A third-place match needs at least 4 teams' }]);
        }
        let teamIds = field;
        if (values.seeding === 'random') teamIds = shuffled(field);
        if (values.seeding === 'manual') {
          const given = values.teamIds ?? [];
          const sameTeams = given.length === field.length && new Set(given).size === given.length && given.every((id) => field.includes(id));
          if (!sameTeams) throw new AppError('validation', 'List every team of the field once', [{ path: 'teamIds', message: 'List every team of the field once' }]);
          teamIds = given;
        }

        if (existing) await tx.delete(brackets).where(eq(brackets.tournamentId, tournamentId));
        const registrationClosed = await closeRegistrationForBracket(tx, tournament, now());
        const [bracket] = await tx.insert(brackets).values({ tournamentId, teamIds, seedingMethod: values.seeding, thirdPlace: values.thirdPlace, createdAt: now() }).returning();
        const derived = derive(bracket, []);
        const rows = await tx
          .insert(matches)
          .values(allMatches(derived).map((match) => ({ tournamentId, key: match.key })))
          .returning();
        await recordAudit(
          tx,
          actor,
          { action: 'bracket.generate', targetType: 'tournament', targetId: tournamentId, tournamentId, after: { seeding: values.seeding, thirdPlace: values.thirdPlace, teamIds, registrationClosed } },
          now(),
        );
        return view(tx, bracket, rows, derived);
      }));
    },

    /**
     * Reports or corrects a result. The bracket is derived again; later results whose match no
     * longer has the teams they were entered for are cleared and returned, never kept silently.
     */
    async report(matchId: string, values: ResultValues, actor: Actor): Promise<MatchResultOutcome> {
      return announce(db.transaction(async (tx) => {
        const [target] = await tx.select({ tournamentId: matches.tournamentId, key: matches.key }).from(matches).where(eq(matches.id, matchId));
        if (!target) throw notFound('Match');
        // The bracket row is the lock: two results entered at once are applied one after the other.
        const { bracket, rows } = (await load(tx, target.tournamentId, { lock: true }))!;
        if (bracket.confirmedAt) throw conflict('The champions are recorded: results can no longer change');
        const current = derive(bracket, rows);
        const match = allMatches(current).find((m) => m.key === target.key);
        if (!match || !isPlayable(match)) throw conflict(match?.isBye ? 'A bye has no result' : 'This match does not have both teams yet');
        if (values.winnerTeamId !== match.team1Id && values.winnerTeamId !== match.team2Id) {
          throw new AppError('validation', 'The winner must be one of the two teams', [{ path: 'winnerTeamId', message: 'The winner must be one of the two teams' }]);
        }
        const before = rows.find((row) => row.id === matchId)!;
        // The log names the match and the teams as they were then: team names change and teams go away.
        const names = await teamInfo(tx, [match.team1Id, match.team2Id, before.winnerTeamId].filter((id): id is string => id !== null));
        const nameOf = (id: string | null) => (id ? (names.get(id)?.name ?? null) : null);
        const roundName = current.rounds.find((round) => round.number === match.round)?.name ?? `Round ${match.round}`;
        const matchLabel = match.key === thirdPlaceKey ? 'Third-place match' : `${roundName}, Match ${match.position + 1}`;
        const loserTeamId = values.winnerTeamId === match.team1Id ? match.team2Id : match.team1Id;
        const entered = { team1Id: match.team1Id, team2Id: match.team2Id, winnerTeamId: values.winnerTeamId, score: values.score, note: values.note, enteredAt: now(), enteredBy: actor.username };
        await tx.update(matches).set(entered).where(eq(matches.id, matchId));
        const updatedRows = rows.map((row) => (row.id === matchId ? { ...row, ...entered } : row));
        const derived = derive(bracket, updatedRows);
        const clearedKeys = new Set(derived.cleared.map((result) => result.matchKey));
        const clearedRows = updatedRows.filter((row) => clearedKeys.has(row.key));
        if (clearedRows.length) {
          await tx
            .update(matches)
            .set({ team1Id: null, team2Id: null, winnerTeamId: null, score: null, note: null, enteredAt: null, enteredBy: null })
            .where(inArray(matches.id, clearedRows.map((row) => row.id)));
        }
        const finalRows = updatedRows.map((row) => (clearedKeys.has(row.key) ? { ...row, team1Id: null, team2Id: null, winnerTeamId: null, score: null } : row));
        await recordAudit(
          tx,
          actor,
          {
            action: 'match.result',
            targetType: 'tournament',
            targetId: bracket.tournamentId,
            tournamentId: bracket.tournamentId,
            before: before.winnerTeamId ? { match: target.key, matchLabel, winnerTeamId: before.winnerTeamId, winnerName: nameOf(before.winnerTeamId), score: before.score } : null,
            after: {
              match: target.key,
              matchLabel,
              winnerTeamId: values.winnerTeamId,
              winnerName: nameOf(values.winnerTeamId),
              loserName: nameOf(loserTeamId),
              score: values.score,
              cleared: [...clearedKeys],
            },
          },
          now(),
        );
        const result = await view(tx, bracket, finalRows);
        const info = await teamInfo(tx, bracket.teamIds);
        const clearedNameOf = (id: string | null) => (id ? (info.get(id)?.name ?? null) : null);
        const roundNames = new Map(result.rounds.flatMap((round) => round.matches.map((m) => [m.key, round.name])));
        return {
          bracket: result,
          isCorrection: before.winnerTeamId !== null,
          cleared: clearedRows.map((row) => ({
            matchId: row.id,
            key: row.key,
            roundName: row.key === thirdPlaceKey ? 'Third place' : (roundNames.get(row.key) ?? row.key),
            team1Name: clearedNameOf(row.team1Id),
            team2Name: clearedNameOf(row.team2Id),
            winnerName: clearedNameOf(row.winnerTeamId),
          })),
        };
      }));
    },

    /** The organizer confirms the final: champion rows for 1st, 2nd and 3rd, written once. */
    async confirm(tournamentId: string, actor: Actor): Promise<Bracket> {
      return announce(db.transaction(async (tx) => {
        const tournament = await liveTournament(tx, tournamentId);
        const loaded = await load(tx, tournamentId, { lock: true });
        if (!loaded) throw notFound('Bracket');
        const { bracket, rows } = loaded;
        if (bracket.confirmedAt) throw conflict('The champions are already recorded');
        const derived = derive(bracket, rows);
        if (!derived.placements) throw conflict(bracket.thirdPlace ? 'Enter the final and the third-place match first' : 'Enter the final first');
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
        return view(tx, confirmed, rows, derived);
      }));
    },

  };
}

export type BracketService = ReturnType<typeof createBracketService>;
