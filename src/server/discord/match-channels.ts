import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { PermissionFlagsBits } from 'discord-api-types/v10';
import type { Db } from '../db/client.js';
import { brackets, discordCupCategories, discordJobs, discordMatchChannels, matches, teams, tournaments } from '../db/schema.js';
import { deriveFromRows, seriesScoreOf, type MatchRow } from '../matches/match-view.js';
import { eventMatches } from '../../shared/bracket/event.js';
import { isUnknownRole, type DiscordApi, type MemberOverwrite } from './discord-api.js';
import { enqueueDiscordJob, type DiscordJob, type JobHandlers, type JobOutcome } from './outbox.js';

/**
 * The keys that make each channel job once: one category per cup, one channel (and one archive) per
 * match and pair of teams, so two events racing store one job, and a corrected earlier result that
 * gives the match other teams gets a channel of its own.
 */
export const channelJobKeys = {
  category: (tournamentId: string) => `channel:category:${tournamentId}`,
  create: (matchId: string, team1Id: string, team2Id: string) => `channel:create:${matchId}:${team1Id}:${team2Id}`,
  archive: (matchId: string, team1Id: string, team2Id: string) => `channel:archive:${matchId}:${team1Id}:${team2Id}`,
  step: (matchId: string, team1Id: string, team2Id: string, step: MatchStep) => `channel:step:${matchId}:${team1Id}:${team2Id}:${step}`,
  /** The staff role let into an open channel, once per role created (discord/staff-role.ts stores it). */
  staffOverwrite: (matchId: string, team1Id: string, team2Id: string, roleId: string) => `channel:staff:${matchId}:${team1Id}:${team2Id}:${roleId}`,
};

/** A step of the match posted in its channel, once each: a team ready, the result reported, disputed. */
export type MatchStep = `ready-${string}` | 'reported' | 'disputed';

/** The steps the match row shows for these two teams (a ready or a report for other teams does not count). */
function stepsOf(row: MatchRow, team1Id: string, team2Id: string): MatchStep[] {
  const ready = (row.ready ?? []).filter((entry) => entry.teamId === team1Id || entry.teamId === team2Id).map((entry): MatchStep => `ready-${entry.teamId}`);
  const report = row.report && row.report.team1Id === team1Id && row.report.team2Id === team2Id ? row.report : null;
  return [...ready, ...(report ? (['reported'] as const) : []), ...(report?.dispute ? (['disputed'] as const) : [])];
}

/** The match and its two teams a channel job is for, read back from its key (the job row names one team at most). */
function channelOfKey(job: DiscordJob): { matchId: string; team1Id: string; team2Id: string; step?: MatchStep } {
  const [, , matchId, team1Id, team2Id, step] = job.jobKey.split(':');
  return { matchId: matchId!, team1Id: team1Id!, team2Id: team2Id!, step: step as MatchStep | undefined };
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
function resultLineOf(row: MatchRow, names: Map<string, string>): string {
  const winnerIsTeam1 = row.winnerTeamId === row.team1Id;
  const winner = names.get(row.winnerTeamId ?? '') ?? 'A team';
  const loser = names.get((winnerIsTeam1 ? row.team2Id : row.team1Id) ?? '') ?? 'its opponent';
  if (row.forfeit) return `Result: ${winner} beat ${loser} by forfeit.`;
  const series = row.maps?.length ? seriesScoreOf(row.maps) : null;
  const score = series ? `${winnerIsTeam1 ? series.team1 : series.team2}–${winnerIsTeam1 ? series.team2 : series.team1}` : row.score;
  return `Result: ${winner} beat ${loser}${score ? ` (${score})` : ''}.`;
}

/**
 * A private text channel per match on the Discord server: once a match's two teams are known and
 * both captains connected Discord, a job creates it under the cup's category (created once per cup),
 * seen only by the two captains, the staff role and the bot, and posts the match page's link; once the match is
 * final, another makes it read-only and posts the result. Jobs are stored by `sweep`, after each
 * change that can decide a match's teams or result; the outbox (discord/outbox.ts) sends them.
 */
export function createMatchChannels({
  db,
  api,
  publicOrigin,
  now,
  staffRoleId = async () => null,
  staffRoleLost = async () => {},
}: {
  db: Db;
  api: Pick<DiscordApi, 'botUserId' | 'createCategory' | 'createTextChannel' | 'setChannelOverwrites' | 'setChannelPermission' | 'postMessage'>;
  publicOrigin: string;
  now: () => Date;
  /** The server's staff role (discord/staff-role.ts), once created: it sees and talks in every match channel. */
  staffRoleId?: () => Promise<string | null>;
  /** Discord answered Unknown Role for the staff role: it is forgotten and created again (discord/staff-role.ts). */
  staffRoleLost?: (roleId: string) => Promise<void>;
}) {
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

  /** The step's line, with a link to where the captains act on it (their team page opens with their link or Discord sign-in). */
  async function stepLineOf(step: MatchStep, matchId: string, names: Map<string, { name: string }>): Promise<string | null> {
    const nameOf = (teamId: string | undefined) => names.get(teamId ?? '')?.name ?? 'A team';
    if (step.startsWith('ready-')) return `${nameOf(step.slice('ready-'.length))} is ready.`;
    const [match] = await db.select({ report: matches.report }).from(matches).where(eq(matches.id, matchId));
    const report = match?.report;
    if (!report) return null;
    if (step === 'reported') {
      const reporter = report.reports[0]?.teamId;
      const opponent = reporter === report.team1Id ? report.team2Id : report.team1Id;
      return `${nameOf(reporter)} reported the result. ${nameOf(opponent)}: confirm or dispute it on your team page, ${publicOrigin}/team/${opponent}`;
    }
    return `${nameOf(report.dispute?.teamId)} disputed the result: the organizers will rule. Match page: ${publicOrigin}/matches/${matchId}`;
  }

  const channelRow = async ({ matchId, team1Id, team2Id }: ReturnType<typeof channelOfKey>) =>
    (
      await db
        .select()
        .from(discordMatchChannels)
        .where(and(eq(discordMatchChannels.matchId, matchId), eq(discordMatchChannels.team1Id, team1Id), eq(discordMatchChannels.team2Id, team2Id)))
    )[0];

  const handlers: Pick<JobHandlers, 'create-category' | 'create-channel' | 'post-step' | 'archive-channel' | 'add-staff-overwrite'> = {
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
      const [existing] = await db.select().from(discordCupCategories).where(eq(discordCupCategories.tournamentId, job.tournamentId));
      if (existing) return done();
      const [tournament] = await db.select({ name: tournaments.name }).from(tournaments).where(eq(tournaments.id, job.tournamentId));
      if (!tournament) return done('the cup is gone');
      const categoryId = await api.createCategory(tournament.name);
      await db.insert(discordCupCategories).values({ tournamentId: job.tournamentId, categoryId, createdAt: now() }).onConflictDoNothing();
      return done();
    },

    async 'create-channel'(job) {
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
        await api.postMessage(
          row.channelId,
          `${team1?.name ?? 'A team'} vs ${team2?.name ?? 'a team'}\nMatch page: ${publicOrigin}/matches/${channel.matchId}`,
        );
        await db
          .update(discordMatchChannels)
          .set({ greetedAt: now() })
          .where(
            and(eq(discordMatchChannels.matchId, row.matchId), eq(discordMatchChannels.team1Id, row.team1Id), eq(discordMatchChannels.team2Id, row.team2Id)),
          );
      }
      return done();
    },

    async 'post-step'(job) {
      const channel = channelOfKey(job);
      const row = await channelRow(channel);
      if (!row || !channel.step) return done('no channel to post in');
      const line = await stepLineOf(channel.step, channel.matchId, await teamsOf([channel.team1Id, channel.team2Id]));
      if (!line) return done('the step is no longer there');
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
      if (match?.winnerTeamId) await api.postMessage(row.channelId, resultLineOf(match, new Map([...names.values()].map((team) => [team.id, team.name]))));
      await db
        .update(discordMatchChannels)
        .set({ archivedAt: now() })
        .where(
          and(eq(discordMatchChannels.matchId, row.matchId), eq(discordMatchChannels.team1Id, row.team1Id), eq(discordMatchChannels.team2Id, row.team2Id)),
        );
      return done();
    },
  };

  /**
   * Stores what the brackets in play ask for: a channel for each match whose two teams are known,
   * both captains connected and no result yet (with the cup's category first), and an archive for
   * each final match that was given one. Idempotent (keys): run after every change that can decide
   * a match's teams or its result, by as many processes as like.
   */
  async function sweep(): Promise<void> {
    const connected = sql`(select count(*) from ${teams} where ${teams.tournamentId} = ${brackets.tournamentId} and ${teams.discordUserId} is not null) >= 2`;
    const inPlay = await db
      .select({ bracket: brackets })
      .from(brackets)
      .innerJoin(tournaments, and(eq(tournaments.id, brackets.tournamentId), isNull(tournaments.deletedAt)))
      .where(and(isNull(brackets.confirmedAt), connected));
    for (const { bracket } of inPlay) {
      const rows = await db.select().from(matches).where(eq(matches.tournamentId, bracket.tournamentId)).orderBy(asc(matches.key));
      const byKey = new Map(rows.map((row) => [row.key, row]));
      const played = eventMatches(deriveFromRows(bracket, rows)).filter((match) => match.team1Id && match.team2Id && !match.isBye && byKey.has(match.key));
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
      await db.transaction(async (tx) => {
        const at = now();
        let categoryAsked = false;
        for (const match of played) {
          const row = byKey.get(match.key)!;
          const matchId = row.id;
          const [team1Id, team2Id] = [match.team1Id!, match.team2Id!];
          const tournamentId = bracket.tournamentId;
          const hasChannel = asked.has(channelJobKeys.create(matchId, team1Id, team2Id));
          // Each step once, in the order the sweep finds them (a match's jobs are sent in order, after its channel).
          if (hasChannel) {
            for (const step of stepsOf(row, team1Id, team2Id)) {
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
          await enqueueDiscordJob(tx, { key: channelJobKeys.create(matchId, team1Id, team2Id), kind: 'create-channel', tournamentId, matchId }, at);
        }
      });
    }
  }

  return { handlers, sweep };
}

export type MatchChannels = ReturnType<typeof createMatchChannels>;
