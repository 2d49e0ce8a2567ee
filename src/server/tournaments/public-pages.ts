import { siteMapPool } from '../site/map-pool.js';
import { publicPrizesOf } from '../prizes/service.js';
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { TournamentListing, TournamentPage } from '../../shared/schemas/tournament-page.js';
import { tournamentListingPageSize } from '../../shared/schemas/tournament-page.js';
import type { Tournament } from '../../shared/schemas/tournament.js';
import { compareListed, listingGroupOf } from '../../shared/tournament-listing.js';
import { phaseOf, type BracketProgress } from '../../shared/tournament-phase.js';
import { recordAudit, type Actor } from '../audit/log.js';
import type { Db } from '../db/client.js';
import { brackets, champions, matches, tournaments } from '../db/schema.js';
import { requireEventHub, type EventHub } from '../events/hub.js';
import { notFound } from '../http/errors.js';
import { afterCommit } from '../http/public-data.js';
import { toTournament } from './service.js';
import { resolveTournament } from './slugs.js';

type Row = typeof tournaments.$inferSelect;

/**
 * Every cup's public home: one cup by id or slug (its phase, champion and match streams), the
 * listing of every cup, and the match stream links. Reads only, but for the stream link.
 */
export function createTournamentPages(db: Db, now: () => Date, events: EventHub) {
  const announce = afterCommit(requireEventHub(events, 'createTournamentPages'));

  async function progressOf(ids: string[]): Promise<Map<string, BracketProgress>> {
    const rows = ids.length ? await db.select({ id: brackets.tournamentId, confirmedAt: brackets.confirmedAt }).from(brackets).where(inArray(brackets.tournamentId, ids)) : [];
    return new Map(rows.map((row) => [row.id, row.confirmedAt ? 'decided' : 'drawn']));
  }

  async function championsOf(ids: string[]): Promise<Map<string, string>> {
    const rows = ids.length
      ? await db
          .select({ id: champions.tournamentId, teamName: champions.teamName })
          .from(champions)
          .where(and(inArray(champions.tournamentId, ids), eq(champions.placement, 1)))
      : [];
    return new Map(rows.map((row) => [row.id!, row.teamName]));
  }

  /** The tournament as the public pages show it: its phase when read, its bracket's progress, its champion. */
  function withPhase(row: Row, progress: BracketProgress, champion: string | undefined, sitePool: string[]): Tournament {
    const tournament = toTournament(row, sitePool);
    return {
      ...tournament,
      hasBracket: progress !== 'none',
      bracketProgress: progress,
      phase: phaseOf(tournament, now(), progress),
      champion: progress === 'decided' && champion ? { teamName: champion } : null,
    };
  }

  return {
    /** An id, a slug or an old slug: the tournament's id and current slug; null when none (or deleted). */
    resolve: (idOrSlug: string) => resolveTournament(db, idOrSlug),

    async detail(id: string): Promise<TournamentPage> {
      const [row] = await db.select().from(tournaments).where(and(isNull(tournaments.deletedAt), eq(tournaments.id, id)));
      if (!row) throw notFound('Tournament');
      const [progress, champion, streams] = [await progressOf([id]), await championsOf([id]), await db
        .select({ matchId: matches.id, key: matches.key, streamUrl: matches.streamUrl })
        .from(matches)
        .where(and(eq(matches.tournamentId, id), isNotNull(matches.streamUrl)))
        .orderBy(matches.key)];
      return {
        ...withPhase(row, progress.get(id) ?? 'none', champion.get(id), await siteMapPool(db)),
        prizes: await publicPrizesOf(db, row),
        matchStreams: streams.map((stream) => ({ ...stream, streamUrl: stream.streamUrl! })),
      };
    },

    async listing(page: number): Promise<TournamentListing> {
      const rows = await db.select().from(tournaments).where(isNull(tournaments.deletedAt));
      const ids = rows.map((row) => row.id);
      const [progress, winners] = [await progressOf(ids), await championsOf(ids)];
      const pool = await siteMapPool(db);
      const at = now();
      const all = rows
        .map((row) => {
          const tournament = withPhase(row, progress.get(row.id) ?? 'none', winners.get(row.id), pool);
          return { ...tournament, group: listingGroupOf(tournament.phase!, tournament.tournamentDate, at) };
        })
        .sort(compareListed);
      const pageCount = Math.max(1, Math.ceil(all.length / tournamentListingPageSize));
      return { items: all.slice((page - 1) * tournamentListingPageSize, page * tournamentListingPageSize), page, pageCount, total: all.length };
    },

    /** The stream link of one match (null clears it); the cup's page lists it. */
    async setMatchStream(matchId: string, streamUrl: string | null, actor: Actor) {
      return announce(
        db.transaction(async (tx) => {
          const [before] = await tx.select().from(matches).where(eq(matches.id, matchId)).for('no key update');
          if (!before) throw notFound('Match');
          await tx.update(matches).set({ streamUrl }).where(eq(matches.id, matchId));
          await recordAudit(
            tx,
            actor,
            { action: 'match.stream', targetType: 'tournament', targetId: before.tournamentId, tournamentId: before.tournamentId, before: { key: before.key, streamUrl: before.streamUrl }, after: { key: before.key, streamUrl } },
            now(),
          );
          return { matchId, key: before.key, streamUrl };
        }),
      );
    },
  };
}

export type TournamentPages = ReturnType<typeof createTournamentPages>;
