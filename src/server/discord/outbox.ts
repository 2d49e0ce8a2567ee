import { and, eq, isNotNull, or, sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../db/client.js';
import { discordJobs, type DiscordJobKind, type StaffJobKind } from '../db/schema.js';
import { DiscordUnavailableError } from './discord-api.js';

export type DiscordJob = typeof discordJobs.$inferSelect;
/** A cup's job: every kind but the staff role's names its cup (the check discord_jobs_cup). */
export type CupJob = DiscordJob & { tournamentId: string };

/** A job as its asker writes it: `key` makes it once (a repeated event finds it there). A staff role job names an account, not a cup. */
export type NewDiscordJob = { key: string; teamId?: string; matchId?: string; discordUserId?: string } & (
  { kind: Exclude<DiscordJobKind, StaffJobKind>; tournamentId: string } | { kind: StaffJobKind; adminUserId: string | null }
);

/** What doing a job came to: done, or to try again later (counted as an attempt). */
export type JobOutcome = { done: true; note?: string } | { done: false; problem: string };

/** How each kind of job is done (discord/cup-roles.ts, match-channels.ts, staff-role.ts). A Discord failure is thrown as DiscordUnavailableError. */
export type JobHandlers = { [K in DiscordJobKind]: (job: K extends StaffJobKind ? DiscordJob : CupJob) => Promise<JobOutcome> };

/** Attempts before a job is given up (it stays in the table with its last error). */
export const maxJobAttempts = 10;
/** A job claimed longer ago than this was being sent by a process that died: it is sent again. */
const claimLeaseMs = 2 * 60_000;
/** After a failure that is not a 429: 30 s, 1 min, 2 min, … capped at 30 min. */
const backoffMs = (attempts: number) => Math.min(30_000 * 2 ** (attempts - 1), 30 * 60_000);
/** After a 401 or 403: the organizer is fixing the bot; asked again every 10 minutes meanwhile. */
const setupRetryMs = 10 * 60_000;

/**
 * Writes a job in the caller's transaction (the change that asks for it), once per key. A removal
 * asked again while its job still waits gets the account back (an erasure clears the ids of the
 * team's jobs, and then asks for the removal with the id it read before); a job given up does not.
 */
export async function enqueueDiscordJob(tx: Tx, job: NewDiscordJob, at: Date): Promise<void> {
  await tx
    .insert(discordJobs)
    .values({
      jobKey: job.key,
      kind: job.kind,
      tournamentId: 'tournamentId' in job ? job.tournamentId : null,
      adminUserId: 'adminUserId' in job ? job.adminUserId : null,
      teamId: job.teamId,
      matchId: job.matchId,
      discordUserId: job.discordUserId,
      createdAt: at,
      nextAttemptAt: at,
    })
    .onConflictDoUpdate({
      target: discordJobs.jobKey,
      set: { discordUserId: sql`excluded.discord_user_id` },
      // Not a job given up: it keeps no account id, and asking again does not send it.
      setWhere: sql`${discordJobs.doneAt} is null and ${discordJobs.attempts} < ${maxJobAttempts} and ${discordJobs.discordUserId} is null and excluded.discord_user_id is not null`,
    });
}

/**
 * Asks again for a job that will not be sent otherwise: one given up (too many attempts, or refused),
 * or with `evenIfDone`, one already done whose work was undone on Discord (a role deleted there).
 */
export async function reviveDiscordJob(executor: Db | Tx, key: string, at: Date, { evenIfDone = false } = {}): Promise<void> {
  const notSent = sql`${discordJobs.doneAt} is null and ${discordJobs.attempts} >= ${maxJobAttempts}`;
  await executor
    .update(discordJobs)
    .set({ attempts: 0, nextAttemptAt: at, claimedAt: null, doneAt: null })
    .where(and(eq(discordJobs.jobKey, key), evenIfDone ? or(notSent, isNotNull(discordJobs.doneAt)) : notSent));
}

/**
 * Sends the stored Discord jobs: a request never waits for Discord, it only stores its jobs. Each
 * job is claimed with one statement (FOR UPDATE SKIP LOCKED, a lease of two minutes), so processes
 * never send it together; a team's (and a match's) jobs go in the order they were asked for, and the
 * jobs of a cup wait for its role and its category to exist, and the staff role's grants for the staff role (a
 * match channel never waits for it: it lets the role in once created, discord/staff-role.ts). A deletion waits only for
 * what it deletes: a channel's for its creation, the category's for its creation and the cup's channel deletions; so a
 * job Discord keeps refusing (a 401/403 is tried for ever) never holds back the end of a cup's personal data. A 429 puts
 * the job back until its `retry_after` (the REST client
 * keeps Discord's buckets and refuses at once to send into an empty one) without counting an
 * attempt; a 5xx, a 401/403 or no answer puts it back with a growing wait, a 400/404 gives it up;
 * once sent, the job forgets the captain's account id. When Discord limits or fails, the rest waits
 * for the next run.
 */
export function createDiscordOutbox({
  db,
  handlers,
  now,
  log,
}: {
  db: Db;
  handlers: JobHandlers;
  now: () => Date;
  log: { error: (obj: object, msg: string) => void };
}) {
  let running: Promise<number> | null = null;
  // A flush asked for during a run: its jobs may have been stored after the run looked, so one more run follows.
  let following: Promise<number> | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let retryAt = Infinity;

  /** The next run once the earliest wait is over: a later wait never holds back an earlier one. */
  function wakeIn(ms: number): void {
    const at = Date.now() + ms;
    if (retryTimer && retryAt <= at) return;
    if (retryTimer) clearTimeout(retryTimer);
    retryAt = at;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      retryAt = Infinity;
      outbox.kick();
    }, ms + 10);
    retryTimer.unref();
  }

  async function claimNext(at: Date): Promise<DiscordJob | null> {
    const atText = at.toISOString();
    const leaseEnded = new Date(at.getTime() - claimLeaseMs).toISOString();
    const [claimed] = await queryRows<{ id: string }>(
      db,
      sql`update ${discordJobs} set claimed_at = ${atText}::timestamptz, attempts = attempts + 1
          where id = (select j.id from ${discordJobs} j
                      where j.done_at is null and j.attempts < ${maxJobAttempts} and j.next_attempt_at <= ${atText}::timestamptz
                        and (j.claimed_at is null or j.claimed_at < ${leaseEnded}::timestamptz)
                        and not exists (select 1 from ${discordJobs} e
                                        where e.done_at is null and e.attempts < ${maxJobAttempts} and e.seq < j.seq
                                          and case
                                            when j.kind = 'delete-channel' then e.kind = 'create-channel' and e.job_key = replace(j.job_key, ':delete:', ':create:')
                                            when j.kind = 'delete-category' then e.kind in ('delete-channel', 'create-category') and e.tournament_id = j.tournament_id
                                            else (e.team_id = j.team_id or e.match_id = j.match_id or e.admin_user_id = j.admin_user_id
                                               or (e.kind in ('create-role', 'create-category') and e.tournament_id = j.tournament_id)
                                               or (e.kind = 'create-staff-role' and j.kind = 'add-staff-role'))
                                          end)
                      order by j.seq limit 1 for update skip locked)
          returning id`,
    );
    if (!claimed) return null;
    const [row] = await db.select().from(discordJobs).where(eq(discordJobs.id, claimed.id));
    return row ?? null;
  }

  async function perform(job: DiscordJob): Promise<{ outcome: JobOutcome; retryAfterMs: number | null; status: number | null }> {
    try {
      // A cup's kind has its cup (the check discord_jobs_cup): the handler's narrower type holds.
      return { outcome: await handlers[job.kind](job as CupJob), retryAfterMs: null, status: null };
    } catch (error) {
      if (!(error instanceof DiscordUnavailableError)) throw error;
      return { outcome: { done: false, problem: error.message }, retryAfterMs: error.retryAfterMs, status: error.status };
    }
  }

  async function sendBatch(limit: number): Promise<number> {
    let sent = 0;
    for (let i = 0; i < limit; i++) {
      const at = now();
      const job = await claimNext(at);
      if (!job) break;
      const { outcome, retryAfterMs, status } = await perform(job);
      if (outcome.done) {
        await db
          .update(discordJobs)
          .set({ doneAt: now(), claimedAt: null, discordUserId: null, lastError: outcome.note ?? null })
          .where(eq(discordJobs.id, job.id));
        sent++;
        continue;
      }
      // Unknown (the member left the server, the role was deleted) or malformed: the same answer however often
      // it is asked, so given up at once. A 401 or 403 (the bot's token or permissions) is retried: the organizer can fix it.
      const refused = status === 400 || status === 404;
      // A 429 is not the job's fault, nor a 401/403 (the bot's token or permissions, which the organizer
      // fixes): neither counts as an attempt, so the job is done once Discord or the bot is right again.
      const isSetup = status === 401 || status === 403;
      const attempts = retryAfterMs !== null || isSetup ? job.attempts - 1 : refused ? maxJobAttempts : job.attempts;
      const retryInMs = retryAfterMs ?? (isSetup ? setupRetryMs : backoffMs(job.attempts));
      const givenUp = attempts >= maxJobAttempts;
      await db
        .update(discordJobs)
        // A job given up keeps no account id: it is personal data, and nothing will send it.
        .set({
          claimedAt: null,
          attempts,
          nextAttemptAt: new Date(at.getTime() + retryInMs),
          lastError: outcome.problem.slice(0, 500),
          ...(givenUp ? { discordUserId: null } : {}),
        })
        .where(eq(discordJobs.id, job.id));
      log.error(
        { discordJobId: job.id, kind: job.kind, problem: outcome.problem },
        refused ? 'Discord refused a job; it is given up' : 'Discord job not done; it will be retried',
      );
      if (refused) continue;
      // Discord is limiting or down: the rest waits for the next run, as soon as the wait is over.
      wakeIn(retryInMs);
      break;
    }
    return sent;
  }

  const outbox = {
    /** Sends what is due, including what was stored before the call; calls during a run share the next one. Returns how many jobs it did. */
    flush(limit = 20): Promise<number> {
      if (running) {
        following ??= running.then(
          () => ((following = null), outbox.flush(limit)),
          () => ((following = null), outbox.flush(limit)),
        );
        return following;
      }
      running = sendBatch(limit).finally(() => (running = null));
      return running;
    },

    /** Starts a run without waiting for it (after a commit that stored jobs, and on a timer). */
    kick(): void {
      setImmediate(() => void outbox.flush().catch((error: unknown) => log.error({ err: error }, 'Discord jobs flush failed')));
    },

    /** Stops the pending retry (app shutdown). */
    close() {
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
    },
  };
  return outbox;
}

export type DiscordOutbox = ReturnType<typeof createDiscordOutbox>;
