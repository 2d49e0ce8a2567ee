import { and, asc, eq, lt, or, sql } from 'drizzle-orm';
import { toMinorUnits } from '../../shared/money.js';
import { isCancelledOrDeleted, takesRegistrations } from '../../shared/tournament-phase.js';
import type { TeamPageData } from '../../shared/schemas/team-page.js';
import type { WaitlistEntry } from '../../shared/schemas/waitlist.js';
import { recordAudit, type Actor } from '../audit/log.js';
import type { Db, Tx } from '../db/client.js';
import { teams, tournaments } from '../db/schema.js';
import { conflict, notFound } from '../http/errors.js';
import { requireEventHub, type EventHub } from '../events/hub.js';
import { awaitingOffer, liveOffer, offerLapsed, waiting as onWaitlist } from '../teams/lifecycle/rules.js';
import { lockTournament } from '../teams/lifecycle/spots.js';
import { claimOffer, initialStatus, lapseOffers, offerSpot, releaseAllExpiredHolds, releaseExpiredHolds } from '../teams/lifecycle/transitions.js';
import { msg } from '../../shared/i18n/msg.js';

type TeamRow = typeof teams.$inferSelect;
type TournamentRow = typeof tournaments.$inferSelect;

/** Where a waiting team stands, as its team page shows it (teamPageDataSchema's `waitlist`). */
export type WaitlistStanding = NonNullable<TeamPageData['waitlist']>;

/** The waiting teams of a tournament (being on the waitlist reads no clock). */
const waiting = (tournamentId: string) => and(eq(teams.tournamentId, tournamentId), onWaitlist.sql(new Date()));

/**
 * The waitlist of a full tournament. Offers are made and claimed only while the tournament takes
 * registrations (shared/tournament-phase.ts): never once it closed, was cancelled or deleted.
 * When a spot frees, the first waiting team gets an offer to claim it within `offerHours` (never
 * past registration close); the spot is kept for it meanwhile (lifecycle/rules.ts `takesSpotNow`
 * counts a live offer as a taken spot). An offer not claimed in time lapses and the spot goes to
 * the next team. Every offer is made under the tournament row's lock and takes its spot on the
 * tournament's counter, the one registration claims on, so one freed spot is never offered twice
 * nor also taken by a newcomer.
 * Deadlines are read from the clock whenever data is read (lifecycle/rules.ts `liveOffer`, countHeld): a late sweep
 * never grants an expired offer.
 */
export function createWaitlist({
  db,
  now,
  offerHours,
  holdMinutes,
  events,
}: {
  db: Db;
  now: () => Date;
  offerHours: number;
  holdMinutes: number;
  events: EventHub;
}) {
  requireEventHub(events, 'createWaitlist');
  const offerEndsAt = (tournament: TournamentRow, at: Date) =>
    new Date(Math.min(at.getTime() + offerHours * 3_600_000, tournament.registrationCloses.getTime()));

  /**
   * Under the lock: expired holds and lapsed offers give their spots back. Returns how many spots
   * are free now (the counter is exact under the lock), and how many teams it changed.
   */
  async function freeSpots(tx: Tx, tournament: TournamentRow, at: Date): Promise<{ free: number; changed: number }> {
    const changed = (await releaseExpiredHolds(tx, at, tournament.id)) + (await lapseOffers(tx, tournament.id, at));
    const [current] = await tx.select({ held: tournaments.held }).from(tournaments).where(eq(tournaments.id, tournament.id));
    return { free: takesRegistrations(tournament, at) ? tournament.maxTeams - current.held : 0, changed };
  }

  /**
   * The one hook after every transition that frees a spot (lifecycle/transitions.ts: the rows whose spot is given up): offers each
   * free spot to the next waiting team, in the order they joined. Safe to call any number of times,
   * concurrently too; a tournament nobody waits for only has its expired holds released.
   */
  async function offerFreedSpots(tournamentId: string): Promise<TeamRow[]> {
    const at = now();
    const [anyone] = await db.select({ id: teams.id }).from(teams).where(waiting(tournamentId)).limit(1);
    if (!anyone) {
      if (await releaseAllExpiredHolds(db, at, tournamentId)) await events.emitCommitted('publicDataChanged', {});
      return [];
    }
    return events.transaction(db, async (tx) => {
      const tournament = await lockTournament(tx, tournamentId);
      if (!tournament) return [];
      const { free, changed } = await freeSpots(tx, tournament, at);
      const next = free <= 0 ? [] : await tx
        .select({ id: teams.id })
        .from(teams)
        .where(and(waiting(tournamentId), awaitingOffer.sql(at)))
        .orderBy(asc(teams.waitlistOrder))
        .limit(free);
      const made: TeamRow[] = [];
      for (const { id } of next) {
        const team = await offerSpot(tx, tournament.id, id, at, offerEndsAt(tournament, at));
        if (team) made.push(team);
      }
      // Offered teams leave the waiting count; released ones leave the list.
      if (changed || made.length) await events.emit(tx, 'publicDataChanged', {});
      for (const team of made) await events.emit(tx, 'spotOffered', { teamId: team.id });
      return made;
    });
  }

  /** The organizer's view: the waiting teams in order, with their offers. */
  async function list(tournamentId: string): Promise<WaitlistEntry[]> {
    const at = now();
    const rows = await db.select().from(teams).where(waiting(tournamentId)).orderBy(asc(teams.waitlistOrder));
    return rows.map((row, index) => ({
      id: row.id,
      position: index + 1,
      name: row.name,
      captainDiscord: row.captainDiscord,
      captainRiotId: row.captainRiotId,
      captainEmail: row.captainEmail,
      waitlistedAt: row.waitlistedAt!.toISOString(),
      offeredAt: row.offeredAt?.toISOString() ?? null,
      offerExpiresAt: row.offerExpiresAt?.toISOString() ?? null,
      offer: liveOffer.holds(row, at) ? 'offered' : row.offerExpiresAt ? 'lapsed' : 'waiting',
    }));
  }

  return {
    offerFreedSpots,
    list,

    /** The periodic sweep: lapsed offers pass on, freed spots are offered, in every tournament someone waits for. */
    async sweep(): Promise<number> {
      const rows = await db
        .selectDistinct({ tournamentId: teams.tournamentId })
        .from(teams)
        .where(onWaitlist.sql(new Date()));
      let offered = 0;
      for (const { tournamentId } of rows) offered += (await offerFreedSpots(tournamentId)).length;
      return offered;
    },

    /** The organizer offers a free spot to a waiting team of their choice (out of order, e.g. after raising the team limit). */
    async offerByHand(teamId: string, actor: Actor): Promise<WaitlistEntry> {
      const [current] = await db.select({ tournamentId: teams.tournamentId }).from(teams).where(eq(teams.id, teamId));
      if (!current) throw notFound('Team');
      const at = now();
      const offered = await events.transaction(db, async (tx) => {
        const tournament = await lockTournament(tx, current.tournamentId);
        if (!tournament) throw notFound('Tournament');
        const { free } = await freeSpots(tx, tournament, at);
        const [team] = await tx.select().from(teams).where(eq(teams.id, teamId)).for('update');
        if (!team || !onWaitlist.holds(team, at)) throw conflict(msg('This team is not on the waitlist'));
        if (liveOffer.holds(team, at)) throw conflict(msg('This team already has an offer'));
        if (!takesRegistrations(tournament, at)) throw conflict(msg('Registration is closed: no spot can be offered'));
        if (free <= 0) throw conflict(msg('No spot is free: remove a team or raise the team limit first'));
        const made = await offerSpot(tx, tournament.id, teamId, at, offerEndsAt(tournament, at));
        if (!made) throw conflict(msg('This team already has an offer'));
        await recordAudit(
          tx,
          actor,
          { action: 'team.waitlist_offer', targetType: 'team', targetId: teamId, tournamentId: tournament.id, after: { offerExpiresAt: made.offerExpiresAt } },
          at,
        );
        await events.emit(tx, 'publicDataChanged', {});
        await events.emit(tx, 'spotOffered', { teamId });
        return made;
      });
      return (await list(offered.tournamentId)).find((entry) => entry.id === teamId)!;
    },

    /**
     * The captain claims the offer (team link): the team becomes a registration like any other, a
     * pending hold paid through the usual payment step (confirmed at once when there is no fee).
     */
    async claim(teamId: string): Promise<TeamRow> {
      const [current] = await db.select({ tournamentId: teams.tournamentId }).from(teams).where(eq(teams.id, teamId));
      if (!current) throw notFound('Team');
      const at = now();
      return events.transaction(db, async (tx) => {
        const tournament = await lockTournament(tx, current.tournamentId);
        if (!tournament || isCancelledOrDeleted(tournament)) throw conflict(msg('This tournament no longer takes registrations'));
        // An offer ends with registration, also when the organizer closed it early or moved the close forward.
        if (!takesRegistrations(tournament, at)) throw conflict(msg('Registration is closed: the offered spot can no longer be claimed'));
        const isFree = toMinorUnits(tournament.entryFee) === 0;
        const claimed = await claimOffer(tx, tournament.id, teamId, initialStatus({ isFree, at, holdMinutes }), at);
        if (!claimed) throw conflict(msg('There is no spot on offer for this team (the offer may have expired)'));
        await events.emit(tx, 'publicDataChanged', {});
        return claimed;
      });
    },

    /** Where a waiting team stands: its place in the queue (1 = next), and its offer while it can be claimed. */
    async statusOf(team: TeamRow): Promise<WaitlistStanding> {
      const at = now();
      if (team.waitlistedAt === null) return { position: null, offerExpiresAt: null, offerLapsed: false, registrationClosed: false };
      // An offer whose deadline passed is over at once, whether or not the sweep has come by.
      const isLapsed = offerLapsed.holds(team, at);
      if (!onWaitlist.holds(team, at) || isLapsed) return { position: null, offerExpiresAt: null, offerLapsed: isLapsed, registrationClosed: false };
      const [ahead] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(teams)
        .where(
          // A team whose offer lapsed is out of the queue by the clock, before the sweep passes its spot on.
          and(waiting(team.tournamentId), lt(teams.waitlistOrder, team.waitlistOrder), or(awaitingOffer.sql(at), liveOffer.sql(at))),
        );
      // Once registration closes (early, too) nothing is offered and an offer can no longer be claimed, so none is shown.
      const [tournament] = await db.select().from(tournaments).where(eq(tournaments.id, team.tournamentId));
      const registrationClosed = !tournament || !takesRegistrations(tournament, at);
      return { position: ahead.n + 1, offerExpiresAt: liveOffer.holds(team, at) && !registrationClosed ? team.offerExpiresAt!.toISOString() : null, offerLapsed: isLapsed, registrationClosed };
    },
  };
}

export type Waitlist = ReturnType<typeof createWaitlist>;
