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
 * that share a name or a Riot ID the later waits for the earlier's answer (it and those after it go
 * in the next batch), exactly as one after the other.
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
  type Entry = { waiting: Waiting<PendingClaim, BatchAnswer>; claim: SpotClaim };

  /**
   * Runs one batch. A claim sharing a name or a Riot ID with an earlier one of the batch must wait
   * for that one's answer: the batch's statement takes the claims before it, and it and the rest go
   * back to the front of the queue, in their order, so that no later captain takes a spot before it.
   */
  async function runBatch(tournamentId: string, batch: Waiting<PendingClaim, BatchAnswer>[]): Promise<Waiting<PendingClaim, BatchAnswer>[]> {
    const tournament = await readTournament(tournamentId);
    const entries: Entry[] = [];
    const held = new Set<string>();
    for (const [index, waiting] of batch.entries()) {
      let prepared: ReturnType<PendingClaim['prepare']>;
      try {
        prepared = waiting.input.prepare(tournament);
      } catch (error) {
        waiting.reject(error);
        continue;
      }
      const claim = { team: { ...prepared.team, id: crypto.randomUUID() }, roster: prepared.roster };
      const keys = [`name ${claim.team.nameKey}`, ...claim.roster.map((member) => `riot ${member.riotIdKey}`)];
      if (keys.some((key) => held.has(key))) {
        await claimAll(tournament, entries);
        return batch.slice(index);
      }
      for (const key of keys) held.add(key);
      entries.push({ waiting, claim });
    }
    if (entries.length) await claimAll(tournament, entries);
    return [];
  }

  /** One statement for `claims`; undefined when a unique index refused it (a row it did not see). */
  async function claimOnce(tournament: TournamentRow, claims: SpotClaim[]): Promise<Map<string, ClaimOutcome> | undefined> {
    try {
      return await afterWrite(registerWithSpots(db, tournament, claims, now()));
    } catch (error) {
      if (isUniqueViolation(error)) return undefined;
      throw error;
    }
  }

  /**
   * Answers the entries' claims. A row another process wrote meanwhile with one of the names or Riot
   * IDs fails the statement on the unique indexes: run again, its checks see that row (now
   * committed) and refuse only the clashing claim. If it fails again (a row only an older index
   * knows), each claim goes alone, answered as soon as its statement is done, and an error then
   * refuses only its own captain.
   */
  async function claimAll(tournament: TournamentRow, entries: Entry[]): Promise<void> {
    const answer = ({ waiting, claim }: Entry, outcome: ClaimOutcome) => waiting.resolve({ outcome, id: claim.team.id, tournament });
    for (let attempt = 0; attempt < 2 && entries.length > 1; attempt++) {
      const outcomes = await claimOnce(
        tournament,
        entries.map((entry) => entry.claim),
      );
      if (outcomes) {
        for (const entry of entries) answer(entry, outcomes.get(entry.claim.team.id)!);
        return;
      }
    }
    for (const entry of entries) {
      try {
        answer(entry, (await claimOnce(tournament, [entry.claim]))?.get(entry.claim.team.id) ?? 'taken');
      } catch (error) {
        entry.waiting.reject(error);
      }
    }
  }

  const batches = createGroupCommit({ run: runBatch });
  return {
    /** Queues a registration for its tournament's next batch; resolves with what the claim did. */
    claim: (claim: PendingClaim): Promise<BatchAnswer> => batches.submit(claim.tournamentId, claim),
    /** Refuses the registrations still queued: the app is closing. */
    close: batches.close,
  };
}

export type RegistrationBatcher = ReturnType<typeof createRegistrationBatcher>;
