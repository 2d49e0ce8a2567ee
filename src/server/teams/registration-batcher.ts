import crypto from 'node:crypto';
import type { Db } from '../db/client.js';
import { createGroupCommit, type Waiting } from '../db/group-commit.js';
import type { tournaments } from '../db/schema.js';
import { isUniqueViolation } from '../db/unique-violation.js';
import { registerWithSpots, type ClaimOutcome, type SpotClaim } from './lifecycle/spots.js';

/**
 * Group commit for registrations (db/group-commit.ts). When registration opens, captains press
 * "Register Team" within the same second; claimed one statement each, they queue on the tournament's
 * row (and, embedded, on PGlite's single connection), and the last one waits for all the others.
 * Here the claims of one tournament that arrive together go in one statement (lifecycle/spots.ts
 * `registerWithSpots`), with one read of the tournament for the whole batch. Each
 * captain still gets their own answer: the order of arrival decides who gets the last spots, a
 * refusal is theirs (closed, full, their name or a Riot ID taken), and of two claims in one batch
 * that share a name or a Riot ID the later waits for the earlier: taken if it registered, tried in
 * the next batch if not, exactly as one after the other.
 */

type TournamentRow = typeof tournaments.$inferSelect;

/** A registration waiting for its batch. */
export interface PendingClaim {
  tournamentId: string;
  /** Its team's row and roster for the tournament as the batch read it (fee, currency, status); throws the captain's own refusal. */
  prepare(tournament: TournamentRow): { team: Omit<SpotClaim['team'], 'id'>; roster: SpotClaim['roster'] };
}

/** What the claim did (spots.ts `ClaimOutcome`), the team's id, and the tournament as the batch read it. */
export interface BatchAnswer {
  outcome: ClaimOutcome;
  id: string;
  tournament: TournamentRow;
}

export function createRegistrationBatcher({
  db,
  now,
  readTournament,
  afterWrite,
}: {
  db: Db;
  now: () => Date;
  /** The tournament a batch counts on (expired holds given back first); throws when there is none. */
  readTournament: (tournamentId: string) => Promise<TournamentRow>;
  /** Awaits the batch's statement, then says public data changed (http/public-data.ts `afterCommit`). */
  afterWrite: <T>(write: Promise<T>) => Promise<T>;
}) {
  /** Runs one batch; returns the claims that wait for an earlier one of the batch that did not register. */
  async function runBatch(tournamentId: string, batch: Waiting<PendingClaim, BatchAnswer>[]): Promise<Waiting<PendingClaim, BatchAnswer>[]> {
    const tournament = await readTournament(tournamentId);
    const entries: { waiting: Waiting<PendingClaim, BatchAnswer>; claim: SpotClaim; keys: string[]; blockers: Set<SpotClaim> }[] = [];
    const holders = new Map<string, SpotClaim[]>();
    for (const waiting of batch) {
      let prepared: ReturnType<PendingClaim['prepare']>;
      try {
        prepared = waiting.input.prepare(tournament);
      } catch (error) {
        waiting.reject(error);
        continue;
      }
      const claim = { team: { ...prepared.team, id: crypto.randomUUID() }, roster: prepared.roster };
      const keys = [`name ${claim.team.nameKey}`, ...claim.roster.map((member) => `riot ${member.riotIdKey}`)];
      const blockers = new Set(keys.flatMap((key) => holders.get(key) ?? []));
      for (const key of keys) holders.set(key, [...(holders.get(key) ?? []), claim]);
      entries.push({ waiting, claim, keys, blockers });
    }
    const clear = entries.filter((entry) => entry.blockers.size === 0).map((entry) => entry.claim);
    const outcomes = clear.length ? await claimAll(tournament, clear) : new Map<string, ClaimOutcome>();
    const requeued: Waiting<PendingClaim, BatchAnswer>[] = [];
    for (const { waiting, claim, blockers } of entries) {
      const outcome = outcomes.get(claim.team.id);
      if (outcome) waiting.resolve({ outcome, id: claim.team.id, tournament });
      else if ([...blockers].some((blocker) => outcomes.get(blocker.team.id) === 'registered'))
        waiting.resolve({ outcome: 'taken', id: claim.team.id, tournament });
      else requeued.push(waiting);
    }
    return requeued;
  }

  /**
   * The batch's statement. A row another process wrote meanwhile with one of the names or Riot IDs
   * fails it on the unique indexes: then each claim goes alone, so only the one that clashes is refused.
   */
  async function claimAll(tournament: TournamentRow, claims: SpotClaim[]): Promise<Map<string, ClaimOutcome>> {
    const at = now();
    try {
      return await afterWrite(registerWithSpots(db, tournament, claims, at));
    } catch (error) {
      if (!isUniqueViolation(error) || claims.length === 1) {
        if (isUniqueViolation(error)) return new Map([[claims[0].team.id, 'taken']]);
        throw error;
      }
    }
    const outcomes = new Map<string, ClaimOutcome>();
    for (const claim of claims) for (const [id, outcome] of await claimAll(tournament, [claim])) outcomes.set(id, outcome);
    return outcomes;
  }

  const batches = createGroupCommit({ run: runBatch });
  return {
    /** Queues a registration for its tournament's next batch; resolves with what the claim did. */
    claim: (claim: PendingClaim): Promise<BatchAnswer> => batches.submit(claim.tournamentId, claim),
  };
}

export type RegistrationBatcher = ReturnType<typeof createRegistrationBatcher>;
