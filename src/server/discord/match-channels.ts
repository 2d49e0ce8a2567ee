import { and, asc, eq, inArray, isNotNull, isNull, like, lt, not, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { PermissionFlagsBits } from 'discord-api-types/v10';
import type { Db, Tx } from '../db/client.js';
import { brackets, discordCupCategories, discordJobs, discordMatchChannels, matches, teams, tournaments } from '../db/schema.js';
import { deriveFromRows, loadMatchContext, seriesScoreOf, startsAtOf, vetoOf, type MatchContext, type MatchRow } from '../matches/match-view.js';
import { AppError } from '../http/errors.js';
import { effectiveMapPool } from '../site/map-pool.js';
import { eventMatches } from '../../shared/bracket/event.js';
import { vetoRestartOf, vetoState } from '../../shared/match/veto.js';
import type { StoredReport } from '../../shared/match/report-states.js';
import { DiscordUnavailableError, isUnknownRole, type DiscordApi, type MemberOverwrite } from './discord-api.js';
import { serverTranslator } from '../i18n/server-catalogs.js';
import { channelTextsIn, type ChannelTexts, type TeamNames } from './match-channel-texts.js';
import { enqueueDiscordJob, type DiscordJob, type JobHandlers, type JobOutcome } from './outbox.js';
import { siteLanguageOf, type DiscordLanguage } from './site-language.js';

/**
 * The keys that make each channel job once: one category per cup, one channel (and one archive, one
 * deletion) per match and pair of teams, so two events racing store one job, and a corrected earlier
 * result that gives the match other teams gets a channel of its own. The cup's clean-up is asked once
 * (its category's deletion, stored last, says it was). A channel's deletion waits for the creation
 * whose key is its own with `delete` for `create` (discord/outbox.ts).
 */
export const channelJobKeys = {
  category: (tournamentId: string) => `channel:category:${tournamentId}`,
  create: (matchId: string, team1Id: string, team2Id: string) => `channel:create:${matchId}:${team1Id}:${team2Id}`,
  archive: (matchId: string, team1Id: string, team2Id: string) => `channel:archive:${matchId}:${team1Id}:${team2Id}`,
  step: (matchId: string, team1Id: string, team2Id: string, step: MatchStep) => `channel:step:${matchId}:${team1Id}:${team2Id}:${step}`,
  delete: (matchId: string, team1Id: string, team2Id: string) => `channel:delete:${matchId}:${team1Id}:${team2Id}`,
  deleteCategory: (tournamentId: string) => `channel:delete-category:${tournamentId}`,
  /** The staff role let into an open channel, once per role created (discord/staff-role.ts stores it). */
  staffOverwrite: (matchId: string, team1Id: string, team2Id: string, roleId: string) => `channel:staff:${matchId}:${team1Id}:${team2Id}:${roleId}`,
};

/**
 * A step of the match posted in its channel, once each: a team ready; the veto opened and each of its
 * entries (`veto-{run}-…`, a staff reset starting a new run); the match time changed (`time-{n}-{ms}`:
 * the channel's n-th time change, so a time the match goes back to is posted again); the result
 * reported, confirmed, disputed (`reported-{at}`…: the report of that first report's time, so a
 * report again after staff reopened reporting is posted again).
 */
export type MatchStep =
  `ready-${string}` | `veto-${number}-open` | `veto-${number}-${number}` | `time-${number}-${number}` | `${'reported' | 'confirmed' | 'disputed'}-${number}`;

/** Which report counts: the time of its first report (staff reopening reporting starts another). */
const reportRunOf = (report: StoredReport) => Date.parse(report.reports[0]?.at ?? '') || 0;

/**
 * Whether the cup's clean-up was asked: its category's deletion is stored with it. The one place that
 * says so. A column given must be written with its table (a query with a join writes it so).
 */
const cleanedUpSql = (tournamentId: SQLWrapper | string) =>
  sql<boolean>`exists (select 1 from ${discordJobs} asked where asked.tournament_id = ${tournamentId} and asked.kind = 'delete-category')`;

/** Which run of the match's veto counts: 0, or the time of its last staff reset (a reset veto is posted again). */
const vetoRunOf = (row: Pick<MatchRow, 'veto'>, team1Id: string, team2Id: string) => vetoRestartOf(row.veto, team1Id, team2Id)?.getTime() ?? 0;

/**
 * The steps the match shows for these two teams, in the order they happen (a ready or a report for
 * other teams does not count): `veto` is the veto replayed, null while it is not open.
 */
function stepsOf(row: MatchRow, team1Id: string, team2Id: string, veto: ReturnType<typeof vetoOf>): MatchStep[] {
  const ready = (row.ready ?? []).filter((entry) => entry.teamId === team1Id || entry.teamId === team2Id).map((entry): MatchStep => `ready-${entry.teamId}`);
  const run = vetoRunOf(row, team1Id, team2Id);
  const vetoSteps: MatchStep[] = veto ? [`veto-${run}-open`, ...veto.log.map((_, index): MatchStep => `veto-${run}-${index}`)] : [];
  const report = row.report && row.report.team1Id === team1Id && row.report.team2Id === team2Id ? row.report : null;
  if (!report) return [...ready, ...vetoSteps];
  const reportRun = reportRunOf(report);
  return [
    ...ready,
    ...vetoSteps,
    `reported-${reportRun}`,
    ...(report.state === 'confirmed' ? [`confirmed-${reportRun}` as const] : []),
    ...(report.dispute ? [`disputed-${reportRun}` as const] : []),
  ];
}

/** The match and its two teams a channel job is for, read back from its key (the job row names one team at most). */
function channelOfKey(job: Pick<DiscordJob, 'jobKey'>): { matchId: string; team1Id: string; team2Id: string; step?: MatchStep } {
  const [, , matchId, team1Id, team2Id, step] = job.jobKey.split(':');
  return { matchId: matchId!, team1Id: team1Id!, team2Id: team2Id!, step: step as MatchStep | undefined };
}

/**
 * The match as it is now, if it still has the channel's two teams (a corrected earlier result may
 * have changed them) and its cup is not deleted. Any other failure is thrown: the job is tried again.
 */
async function currentMatchOf(db: Db, { matchId, team1Id, team2Id }: { matchId: string; team1Id: string; team2Id: string }): Promise<MatchContext | null> {
  const context = await loadMatchContext(db, matchId).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'not_found') return null;
    throw error;
  });
  return context && context.match.team1Id === team1Id && context.match.team2Id === team2Id ? context : null;
}

const done = (note?: string): JobOutcome => ({ done: true, note });
const talk = PermissionFlagsBits.ViewChannel | PermissionFlagsBits.SendMessages;

/** "Alpha Wolves vs Night Owls" as a channel name Discord accepts: lower case, dashes. */
const channelNameOf = (team1: string, team2: string) =>
  `${team1} vs ${team2}`
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100) || 'match';

/** "Result: Alpha Wolves beat Night Owls (2–1)." — the line an archived channel ends with. */
function resultLineOf(row: MatchRow, names: TeamNames, channelTexts: ChannelTexts): string {
  const winnerIsTeam1 = row.winnerTeamId === row.team1Id;
  const series = row.maps?.length ? seriesScoreOf(row.maps) : null;
  return channelTexts.result({
    winner: names.get(row.winnerTeamId ?? ''),
    loser: names.get((winnerIsTeam1 ? row.team2Id : row.team1Id) ?? ''),
    forfeit: row.forfeit,
    score: series ? `${winnerIsTeam1 ? series.team1 : series.team2}–${winnerIsTeam1 ? series.team2 : series.team1}` : row.score,
  });
}

/**
 * A private text channel per match on the Discord server: once a match's two teams are known and
 * both captains connected Discord, a job creates it under the cup's category (created once per cup),
 * seen only by the two captains, the staff role and the bot, and posts the teams, the match's time, where its veto
 * stands and the match page's link; then each step once (ready, the veto's turns, a new time, the
 * result reported, confirmed, disputed); once the match is final, another makes it read-only and
 * posts the result. After the cup's retention period, or at once when the organizer cleans Discord
 * up, the channels and then the category are deleted. Jobs are stored by `sweep`, after each change
 * that can decide a match's teams, its steps or its result; the outbox (discord/outbox.ts) sends them.
 * What the channels say is written in the site's default language (`language`) when it is posted.
 */
export function createMatchChannels({
  db,
  api,
  publicOrigin,
  now,
  staffRoleId = async () => null,
  staffRoleLost = async () => {},
  language = siteLanguageOf(db),
}: {
  db: Db;
  api: Pick<
    DiscordApi,
    'botUserId' | 'createCategory' | 'createTextChannel' | 'setChannelOverwrites' | 'setChannelPermission' | 'postMessage' | 'deleteChannel'
  >;
  publicOrigin: string;
  now: () => Date;
  /** The server's staff role (discord/staff-role.ts), once created: it sees and talks in every match channel. */
  staffRoleId?: () => Promise<string | null>;
  /** Discord answered Unknown Role for the staff role: it is forgotten and created again (discord/staff-role.ts). */
  staffRoleLost?: (roleId: string) => Promise<void>;
  /** The language the channels are written in: the site's default language (its settings) by default. */
  language?: DiscordLanguage;
}) {
  /** The channels' lines in the site's language as it is now. */
  const textsNow = async () => channelTextsIn(serverTranslator(await language()));

  async function teamsOf(ids: string[]) {
    const rows = await db.select({ id: teams.id, name: teams.name, discordUserId: teams.discordUserId }).from(teams).where(inArray(teams.id, ids));
    return new Map(rows.map((row) => [row.id, row]));
  }

  /**
   * @everyone kept out, the bot and the staff role (once it exists) in and talking, even once archived,
   * and each captain still connected with `captain` (talking, or reading only once archived).
   */
  async function overwritesFor(captainIds: (string | null | undefined)[], captain: { allow: bigint; deny: bigint }): Promise<MemberOverwrite[]> {
    const staff = await staffRoleId();
    return [
      { id: 'everyone', allow: 0n, deny: PermissionFlagsBits.ViewChannel },
      { id: api.botUserId, allow: talk, deny: 0n },
      ...(staff ? [{ id: staff, isRole: true, allow: talk, deny: 0n }] : []),
      ...captainIds.filter((id): id is string => !!id).map((id) => ({ id, ...captain })),
    ];
  }

  /**
   * Makes a call whose overwrites name the staff role: a staff role deleted on Discord (Unknown Role)
   * is forgotten (and created again later, which lets it into open channels), and the call made again without it.
   */
  async function withStaffRole<T>(call: () => Promise<T>): Promise<T> {
    const staff = await staffRoleId();
    try {
      return await call();
    } catch (error) {
      if (!staff || !isUnknownRole(error)) throw error;
      await staffRoleLost(staff);
      return call();
    }
  }

  /** The two teams' names, in the channel's order (the veto's "the other team" is the one not named). */
  async function namesOf(team1Id: string, team2Id: string): Promise<TeamNames> {
    const found = await teamsOf([team1Id, team2Id]);
    return new Map([team1Id, team2Id].filter((id) => found.has(id)).map((id) => [id, found.get(id)!.name]));
  }

  /**
   * The step's line as the match is now; null when the step is no longer there (a reopened report, a
   * reset veto, a time changed again), or is a turn of the veto from before the channel's first
   * message (`greetedAt`), which said where the veto stood.
   */
  async function stepLineOf(
    step: MatchStep,
    channel: { matchId: string; team1Id: string; team2Id: string },
    names: TeamNames,
    greetedAt: Date | null,
  ): Promise<string | null> {
    const { matchId } = channel;
    const channelTexts = await textsNow();
    const toldAlready = (at: Date | string) => !!greetedAt && new Date(at).getTime() < greetedAt.getTime();
    if (step.startsWith('ready-')) return channelTexts.ready(names, step.slice('ready-'.length));
    if (step.startsWith('veto-')) {
      const [, run, index] = step.split('-');
      const context = await currentMatchOf(db, channel);
      const veto = context && vetoOf(context);
      if (!context || !veto || String(vetoRunOf(context.row, channel.team1Id, channel.team2Id)) !== run) return null;
      if (index === 'open') return toldAlready(veto.setup.openedAt) ? null : channelTexts.vetoOpen(vetoState(veto.setup, []), names, publicOrigin);
      const entry = veto.log[Number(index)];
      return entry && !toldAlready(entry.at)
        ? channelTexts.vetoStep(entry, vetoState(veto.setup, veto.log.slice(0, Number(index) + 1)), names, publicOrigin)
        : null;
    }
    const [match] = await db.select({ report: matches.report }).from(matches).where(eq(matches.id, matchId));
    const report = match?.report;
    const [kind, run] = step.split('-');
    if (!report || String(reportRunOf(report)) !== run) return null;
    const reporter = report.reports[0]?.teamId ?? '';
    if (kind === 'reported') return channelTexts.reported(names, reporter, reporter === report.team1Id ? report.team2Id : report.team1Id, publicOrigin);
    if (kind === 'confirmed') return report.state === 'confirmed' ? channelTexts.confirmed(names, reporter) : null;
    return report.dispute ? channelTexts.disputed(names, report.dispute.teamId, matchId, publicOrigin) : null;
  }

  const whereChannel = (row: { matchId: string; team1Id: string; team2Id: string }) =>
    and(eq(discordMatchChannels.matchId, row.matchId), eq(discordMatchChannels.team1Id, row.team1Id), eq(discordMatchChannels.team2Id, row.team2Id));

  const channelRow = async (channel: { matchId: string; team1Id: string; team2Id: string }) =>
    (await db.select().from(discordMatchChannels).where(whereChannel(channel)))[0];

  /**
   * Whether the cup's clean-up was asked (nothing is made for it any more), read with its row locked
   * FOR SHARE: a clean-up (which locks it FOR UPDATE) waits for a sweep's transaction that read it, and
   * a sweep's reading waits for a clean-up's. A cup gone counts as cleaned up.
   */
  async function isCleanedUp(exec: Db | Tx, tournamentId: string): Promise<boolean> {
    const [cup] = await exec
      .select({ cleanedUp: cleanedUpSql(tournamentId) })
      .from(tournaments)
      .where(eq(tournaments.id, tournamentId))
      .for('share');
    return !cup || cup.cleanedUp;
  }
  const cleanedUp = done('the cup’s Discord was cleaned up');

  /** Deletes a channel or a category; one Discord already deleted (404) is just as gone. */
  async function deleteOnDiscord(channelId: string): Promise<void> {
    try {
      await api.deleteChannel(channelId);
    } catch (error) {
      if (!(error instanceof DiscordUnavailableError && error.status === 404)) throw error;
    }
  }

  /** The channel's first message: the match as it is now (its time and veto, when it still has the channel's teams). */
  async function greetingOf(channel: { matchId: string; team1Id: string; team2Id: string }): Promise<{ text: string; startsAt: Date | null }> {
    const context = await currentMatchOf(db, channel);
    const veto = !context ? 'none' : !context.bracket.mapVeto ? 'none' : (vetoOf(context)?.state ?? 'not-open');
    const startsAt = context ? startsAtOf(context) : null;
    const names = await namesOf(channel.team1Id, channel.team2Id);
    const channelTexts = await textsNow();
    return { text: channelTexts.greeting({ names, ...channel, startsAt, veto, origin: publicOrigin }), startsAt };
  }

  const handlers: Pick<
    JobHandlers,
    'create-category' | 'create-channel' | 'post-step' | 'archive-channel' | 'delete-channel' | 'delete-category' | 'add-staff-overwrite'
  > = {
    /** The staff role, created after the channel (or again): let in, talking (archiving keeps it so). */
    async 'add-staff-overwrite'(job) {
      const row = await channelRow(channelOfKey(job));
      const staff = await staffRoleId();
      if (!row || row.archivedAt || !staff) return done('no open channel, or no staff role, to let in');
      try {
        await api.setChannelPermission(row.channelId, { id: staff, isRole: true, allow: talk, deny: 0n });
      } catch (error) {
        if (!isUnknownRole(error)) throw error;
        // Its creation again stores this channel's job anew.
        await staffRoleLost(staff);
        return done('the staff role was deleted on Discord');
      }
      return done();
    },

    async 'create-category'(job) {
      if (await isCleanedUp(db, job.tournamentId)) return cleanedUp;
      const [existing] = await db.select().from(discordCupCategories).where(eq(discordCupCategories.tournamentId, job.tournamentId));
      if (existing) return done();
      const [tournament] = await db.select({ name: tournaments.name }).from(tournaments).where(eq(tournaments.id, job.tournamentId));
      if (!tournament) return done('the cup is gone');
      const categoryId = await api.createCategory(tournament.name);
      await db.insert(discordCupCategories).values({ tournamentId: job.tournamentId, categoryId, createdAt: now() }).onConflictDoNothing();
      return done();
    },

    async 'create-channel'(job) {
      if (await isCleanedUp(db, job.tournamentId)) return cleanedUp;
      const channel = channelOfKey(job);
      const names = await teamsOf([channel.team1Id, channel.team2Id]);
      const [team1, team2] = [names.get(channel.team1Id), names.get(channel.team2Id)];
      let row = await channelRow(channel);
      if (!row) {
        if (!team1?.discordUserId || !team2?.discordUserId) return done('a captain is no longer connected');
        const [category] = await db.select().from(discordCupCategories).where(eq(discordCupCategories.tournamentId, job.tournamentId));
        if (!category) return { done: false, problem: "the cup's category is not created yet" };
        const channelId = await withStaffRole(async () =>
          api.createTextChannel(
            channelNameOf(team1.name, team2.name),
            category.categoryId,
            await overwritesFor([team1.discordUserId, team2.discordUserId], { allow: talk, deny: 0n }),
          ),
        );
        await db
          .insert(discordMatchChannels)
          .values({ ...channel, tournamentId: job.tournamentId, channelId, createdAt: now() })
          .onConflictDoNothing();
        row = (await channelRow(channel))!;
      }
      if (!row.greetedAt) {
        // When the match was read: what happened before, the first message says.
        const greetedAt = now();
        const greeting = await greetingOf(channel);
        await api.postMessage(row.channelId, greeting.text);
        await db.update(discordMatchChannels).set({ greetedAt, toldStartsAt: greeting.startsAt }).where(whereChannel(row));
        row = { ...row, greetedAt, toldStartsAt: greeting.startsAt };
      }
      // A time changed while the first message was being posted: the sweep then stored no time step (no channel was told one yet).
      const context = await currentMatchOf(db, channel);
      const startsAt = context && !context.match.winnerTeamId ? startsAtOf(context) : null;
      if (startsAt && row.toldStartsAt?.getTime() !== startsAt.getTime()) return postTime(row, channel, startsAt.getTime());
      return done();
    },

    async 'post-step'(job) {
      const channel = channelOfKey(job);
      const row = await channelRow(channel);
      if (!row || !channel.step) return done('no channel to post in');
      if (channel.step.startsWith('time-')) return postTime(row, channel, Number(channel.step.split('-')[2]));
      const line = await stepLineOf(channel.step, channel, await namesOf(channel.team1Id, channel.team2Id), row.greetedAt);
      if (!line) return done('the step is no longer there, or the first message told it');
      await api.postMessage(row.channelId, line);
      return done();
    },

    async 'archive-channel'(job) {
      const channel = channelOfKey(job);
      // The creation went first (a match's jobs are sent in order): no row, no channel was made.
      const row = await channelRow(channel);
      if (!row) return done('no channel to archive');
      if (row.archivedAt) return done();
      const names = await teamsOf([channel.team1Id, channel.team2Id]);
      const readOnly = { allow: PermissionFlagsBits.ViewChannel, deny: PermissionFlagsBits.SendMessages };
      await withStaffRole(async () =>
        api.setChannelOverwrites(
          row.channelId,
          await overwritesFor([names.get(channel.team1Id)?.discordUserId, names.get(channel.team2Id)?.discordUserId], readOnly),
        ),
      );
      const [match] = await db.select().from(matches).where(eq(matches.id, channel.matchId));
      if (match?.winnerTeamId) await api.postMessage(row.channelId, resultLineOf(match, await namesOf(channel.team1Id, channel.team2Id), await textsNow()));
      await db.update(discordMatchChannels).set({ archivedAt: now() }).where(whereChannel(row));
      return done();
    },

    async 'delete-channel'(job) {
      const channel = channelOfKey(job);
      // A creation still waiting went first and did nothing (the clean-up was asked): no row, no channel.
      const row = await channelRow(channel);
      if (!row) return done('no channel to delete');
      await deleteOnDiscord(row.channelId);
      await db.delete(discordMatchChannels).where(whereChannel(row));
      return done();
    },

    async 'delete-category'(job) {
      // Sent after the cup's channel deletions (outbox.ts); a channel still left goes first all the same:
      // a category's channels are not deleted with it.
      for (const row of await db.select().from(discordMatchChannels).where(eq(discordMatchChannels.tournamentId, job.tournamentId))) {
        await deleteOnDiscord(row.channelId);
        await db.delete(discordMatchChannels).where(whereChannel(row));
      }
      const [category] = await db.select().from(discordCupCategories).where(eq(discordCupCategories.tournamentId, job.tournamentId));
      if (!category) return done('no category to delete');
      await deleteOnDiscord(category.categoryId);
      await db.delete(discordCupCategories).where(eq(discordCupCategories.tournamentId, job.tournamentId));
      return done();
    },
  };

  /** A new match time, posted once: not when it is the time the channel was last told, nor when it changed again since (that one is posted). */
  async function postTime(
    row: typeof discordMatchChannels.$inferSelect,
    channel: { matchId: string; team1Id: string; team2Id: string },
    at: number,
  ): Promise<JobOutcome> {
    const context = await currentMatchOf(db, channel);
    if (!context || startsAtOf(context)?.getTime() !== at) return done('the time changed again');
    if (row.toldStartsAt?.getTime() === at) return done('the channel was told this time');
    await api.postMessage(row.channelId, (await textsNow()).timeChanged(new Date(at)));
    await db
      .update(discordMatchChannels)
      .set({ toldStartsAt: new Date(at) })
      .where(whereChannel(row));
    return done();
  }

  /**
   * Stores the deletion of each channel of the cup (made, or still being made: a creation still
   * waiting does nothing once the clean-up is asked, one already sending makes its channel first)
   * and then of its category, once each. Returns how many channels that is, and whether the cup has
   * a category (made or being made).
   */
  async function storeCleanUp(tx: Tx, tournamentId: string): Promise<{ channels: number; category: boolean }> {
    const at = now();
    const made = await tx.select().from(discordMatchChannels).where(eq(discordMatchChannels.tournamentId, tournamentId));
    const waiting = await tx
      .select({ jobKey: discordJobs.jobKey, kind: discordJobs.kind })
      .from(discordJobs)
      .where(and(eq(discordJobs.tournamentId, tournamentId), inArray(discordJobs.kind, ['create-channel', 'create-category']), isNull(discordJobs.doneAt)))
      .orderBy(asc(discordJobs.seq));
    const channels = new Set([
      ...made.map((row) => channelJobKeys.delete(row.matchId, row.team1Id, row.team2Id)),
      ...waiting
        .filter((job) => job.kind === 'create-channel')
        .map((job) => channelOfKey(job))
        .map((c) => channelJobKeys.delete(c.matchId, c.team1Id, c.team2Id)),
    ]);
    // The deletions name no match: one a redraw deleted has none, and the job must outlive it.
    for (const key of channels) await enqueueDiscordJob(tx, { key, kind: 'delete-channel', tournamentId }, at);
    await enqueueDiscordJob(tx, { key: channelJobKeys.deleteCategory(tournamentId), kind: 'delete-category', tournamentId }, at);
    const [category] = await tx
      .select({ id: discordCupCategories.categoryId })
      .from(discordCupCategories)
      .where(eq(discordCupCategories.tournamentId, tournamentId));
    return { channels: channels.size, category: !!category || waiting.some((job) => job.kind === 'create-category') };
  }

  /**
   * The retention sweep's word (privacy/service.ts): the personal data of cups held before `before` is
   * past its period, and so are their channels (they name the teams and hold the captains' talk).
   * Each such cup that was given a category and not yet cleaned up is, in a transaction of its own.
   */
  const retentionEnded = (before: Date) => cleanUpWhere(lt(tournaments.tournamentDate, before));

  /** Stores the clean-up of each cup `which` picks that was given a category and not cleaned up yet, each in a transaction of its own. */
  async function cleanUpWhere(which: SQL): Promise<number> {
    const due = await db
      .selectDistinct({ tournamentId: tournaments.id })
      .from(discordJobs)
      .innerJoin(tournaments, eq(tournaments.id, discordJobs.tournamentId))
      .where(and(eq(discordJobs.kind, 'create-category'), which, not(cleanedUpSql(tournaments.id))));
    for (const { tournamentId } of due) {
      await db.transaction(async (tx) => {
        if (!(await isCleanedUp(tx, tournamentId))) await storeCleanUp(tx, tournamentId);
      });
    }
    return due.length;
  }

  /**
   * Stores what the brackets in play ask for: a channel for each match whose two teams are known,
   * both captains connected and no result yet (with the cup's category first); for each match given
   * a channel, its steps and a new time; an archive for each final match that was given one. A cup
   * cleaned up is left alone; a deleted one is cleaned up. Idempotent (keys): run after every change that can decide a match's
   * teams, its steps or its result, by as many processes as like.
   */
  async function sweep(): Promise<void> {
    // A deleted cup is played no more and its pages are gone: its channels go at once.
    await cleanUpWhere(isNotNull(tournaments.deletedAt));
    const connected = sql`(select count(*) from ${teams} where ${teams.tournamentId} = ${brackets.tournamentId} and ${teams.discordUserId} is not null) >= 2`;
    const inPlay = await db
      .select({ bracket: brackets, tournament: tournaments })
      .from(brackets)
      .innerJoin(tournaments, and(eq(tournaments.id, brackets.tournamentId), isNull(tournaments.deletedAt)))
      .where(and(isNull(brackets.confirmedAt), connected, not(cleanedUpSql(brackets.tournamentId))));
    for (const { bracket, tournament } of inPlay) {
      // Read before the matches: a channel read here whose match is not read below was for a match a redraw deleted.
      const channelRows = await db.select().from(discordMatchChannels).where(eq(discordMatchChannels.tournamentId, bracket.tournamentId));
      const rows = await db.select().from(matches).where(eq(matches.tournamentId, bracket.tournamentId)).orderBy(asc(matches.key));
      const matchIds = new Set(rows.map((row) => row.id));
      const orphans = channelRows.filter((row) => !matchIds.has(row.matchId));
      if (orphans.length) {
        await db.transaction(async (tx) => {
          if (await isCleanedUp(tx, bracket.tournamentId)) return;
          // The deletion names no match: the match is gone, and the job must not go with it.
          for (const row of orphans) {
            await enqueueDiscordJob(
              tx,
              { key: channelJobKeys.delete(row.matchId, row.team1Id, row.team2Id), kind: 'delete-channel', tournamentId: row.tournamentId },
              now(),
            );
          }
        });
      }
      const byKey = new Map(rows.map((row) => [row.key, row]));
      const derived = deriveFromRows(bracket, rows);
      const played = eventMatches(derived).filter((match) => match.team1Id && match.team2Id && !match.isBye && byKey.has(match.key));
      if (!played.length) continue;
      const captains = await teamsOf([...new Set(played.flatMap((match) => [match.team1Id!, match.team2Id!]))]);
      const asked = new Set(
        (
          await db
            .select({ key: discordJobs.jobKey })
            .from(discordJobs)
            .where(and(eq(discordJobs.tournamentId, bracket.tournamentId), eq(discordJobs.kind, 'create-channel')))
        ).map((job) => job.key),
      );
      // Each channel's time changes stored so far: how many (the next one's number), and the times still waiting to be sent.
      const timeJobs = await db
        .select({ jobKey: discordJobs.jobKey, doneAt: discordJobs.doneAt })
        .from(discordJobs)
        .where(and(eq(discordJobs.tournamentId, bracket.tournamentId), eq(discordJobs.kind, 'post-step'), like(discordJobs.jobKey, '%:time-%')));
      const timesAsked = new Map<string, { count: number; waiting: Set<number> }>();
      for (const job of timeJobs) {
        const { matchId, team1Id, team2Id, step } = channelOfKey(job);
        const key = channelJobKeys.create(matchId, team1Id, team2Id);
        const asked = timesAsked.get(key) ?? { count: 0, waiting: new Set<number>() };
        asked.count++;
        if (!job.doneAt) asked.waiting.add(Number(step!.split('-')[2]));
        timesAsked.set(key, asked);
      }
      const made = new Map(channelRows.map((row) => [channelJobKeys.create(row.matchId, row.team1Id, row.team2Id), row]));
      const pool = bracket.mapVeto ? await effectiveMapPool(db, tournament) : [];
      await db.transaction(async (tx) => {
        // A clean-up stored since the cup was read above: nothing more is asked for it.
        if (await isCleanedUp(tx, bracket.tournamentId)) return;
        const at = now();
        let categoryAsked = false;
        for (const match of played) {
          const row = byKey.get(match.key)!;
          const matchId = row.id;
          const [team1Id, team2Id] = [match.team1Id!, match.team2Id!];
          const tournamentId = bracket.tournamentId;
          const createKey = channelJobKeys.create(matchId, team1Id, team2Id);
          const hasChannel = asked.has(createKey);
          // Each step once, in the order the sweep finds them (a match's jobs are sent in order, after its channel).
          if (hasChannel) {
            const context: MatchContext = { tournament, bracket, rows, derived, row, match, pool };
            const steps = stepsOf(row, team1Id, team2Id, vetoOf(context));
            // A time the channel was not told yet (its first message tells the time then): while the match is to be played.
            const startsAt = match.winnerTeamId ? null : startsAtOf(context);
            const channel = made.get(createKey);
            const times = timesAsked.get(createKey);
            if (startsAt && channel?.greetedAt && channel.toldStartsAt?.getTime() !== startsAt.getTime() && !times?.waiting.has(startsAt.getTime())) {
              steps.push(`time-${times?.count ?? 0}-${startsAt.getTime()}`);
            }
            for (const step of steps) {
              await enqueueDiscordJob(tx, { key: channelJobKeys.step(matchId, team1Id, team2Id, step), kind: 'post-step', tournamentId, matchId }, at);
            }
          }
          if (match.winnerTeamId) {
            if (hasChannel) {
              await enqueueDiscordJob(tx, { key: channelJobKeys.archive(matchId, team1Id, team2Id), kind: 'archive-channel', tournamentId, matchId }, at);
            }
            continue;
          }
          if (!captains.get(team1Id)?.discordUserId || !captains.get(team2Id)?.discordUserId) continue;
          if (!categoryAsked) await enqueueDiscordJob(tx, { key: channelJobKeys.category(tournamentId), kind: 'create-category', tournamentId }, at);
          categoryAsked = true;
          await enqueueDiscordJob(tx, { key: createKey, kind: 'create-channel', tournamentId, matchId }, at);
        }
      });
    }
  }

  return { handlers, sweep, storeCleanUp, retentionEnded, isCleanedUp };
}

export type MatchChannels = ReturnType<typeof createMatchChannels>;
