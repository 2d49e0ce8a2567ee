import { eq } from 'drizzle-orm';
import { systemActor } from '../audit/log.js';
import type { Db } from '../db/client.js';
import { champions, demoPayments, teams, tournaments } from '../db/schema.js';
import type { ChampionService } from '../champions/service.js';
import type { TeamService } from '../teams/service.js';
import type { TournamentService } from '../tournaments/service.js';

const squads = [
  'Night Owls', 'Crimson Vipers', 'Neon Tigers', 'Silent Storm', 'Arctic Wolves', 'Phantom Five',
  'Solar Flares', 'Iron Lotus', 'Midnight Raid', 'Echo Squad', 'Vortex Union', 'Golden Ravens',
];

const seedActor = systemActor('demo season (seed)');

/** A living site for a newcomer: one live tournament with teams at various payment states, and past champions. */
export async function seedDemoSeason(
  db: Db,
  services: { tournaments: TournamentService; teams: TeamService; champions: ChampionService },
  now = new Date(),
): Promise<{ tournamentId: string }> {
  const day = 86_400_000;
  const tournament = await services.tournaments.create({
    name: 'Winter Clash 2026',
    description: 'Sixteen of the best amateur squads fight for the winter crown. Single elimination, best of one until the grand final.',
    format: '5v5 Single Elimination',
    prizePool: '5000.00',
    entryFee: '25.00',
    currency: 'USD',
    maxTeams: 16,
    registrationCloses: new Date(now.getTime() + 6 * day).toISOString(),
    tournamentDate: new Date(now.getTime() + 9 * day).toISOString(),
    rules: 'Best of 1 single elimination, grand final best of 3.\nTournament draft for every map.\nCheck-in opens 60 minutes before the first match.',
  }, seedActor);
  await services.tournaments.setActive(tournament.id, seedActor);
  await services.tournaments.setRegistration(tournament.id, true, seedActor);

  for (const [index, name] of squads.entries()) {
    const tag = name.split(' ')[0];
    // A seeded team has no owner token or team link (null): nobody can pay for it or manage it through the site.
    const created = await services.teams.register({
      tournamentId: tournament.id,
      name,
      logoUrl: null,
      captainDiscord: `${tag.toLowerCase()}_captain`,
      captainRiotId: `${tag}Cap#NA1`,
      captainEmail: null,
      players: [
        { riotId: `${tag}Cap#NA1`, role: 'Captain' },
        { riotId: `${tag}Duelist#NA1`, role: 'Player' },
        { riotId: `${tag}Smokes#NA1`, role: 'Player' },
        { riotId: `${tag}Sentinel#NA1`, role: 'Player' },
        { riotId: `${tag}Flex#NA1`, role: 'Player' },
      ],
      substitutes: index % 3 === 0 ? [{ riotId: `${tag}Sub#NA1` }] : [],
    }, { ownerTokenHash: null, teamLinkHash: null });
    // Most teams have paid; a few are still pending or had a declined card. Demo data standing in for
    // payments that never happened: the one place besides teams/lifecycle/ that sets a status.
    const status = index % 5 === 3 ? 'pending' : index % 7 === 6 ? 'failed' : 'completed';
    if (status !== 'pending') {
      const paymentRef = `demo_pi_seed${index}_${created.id.slice(0, 8)}`;
      if (status === 'completed') {
        // In the demo provider's ledger too, so an organizer trying the site can refund or cancel it.
        await db.insert(demoPayments).values({
          id: paymentRef,
          clientSecret: `${paymentRef}_secret_seed`,
          idempotencyKey: `seed:${created.id}`,
          teamId: created.id,
          tournamentId: tournament.id,
          amount: 2500,
          currency: 'USD',
          status: 'succeeded',
          createdAt: now,
          updatedAt: now,
        });
      }
      await db
        .update(teams)
        .set(status === 'completed' ? { paymentStatus: 'completed', paidAt: now, amountPaid: 2500, paymentRef } : { paymentStatus: 'failed' })
        .where(eq(teams.id, created.id));
    }
  }

  const past = [
    { teamName: 'Crimson Vipers', tournamentName: 'Autumn Showdown 2026', date: '2026-09-20T18:00:00Z', prize: '3000', quote: 'Every round, every clutch, together.', highlights: [{ title: 'Grand final 1v4 clutch', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', type: 'youtube' as const }, { title: 'Ace on Ascent', url: 'https://clips.twitch.tv/AwkwardHelplessSalamanderSwiftRage', type: 'twitch' as const }] },
    { teamName: 'Arctic Wolves', tournamentName: 'Summer Series 2026', date: '2026-06-14T18:00:00Z', prize: '2500', quote: 'Cold minds win hot rounds.', highlights: [{ title: 'Match point retake', url: 'https://youtu.be/dQw4w9WgXcQ', type: 'youtube' as const }] },
    { teamName: 'Echo Squad', tournamentName: 'Spring Open 2026', date: '2026-03-29T18:00:00Z', prize: '2000', quote: null, highlights: [] },
  ];
  for (const c of past) {
    const tag = c.teamName.split(' ')[0];
    await services.champions.create({
      tournamentId: null,
      teamId: null,
      placement: 1,
      prizeAmount: c.prize,
      currency: 'USD',
      teamName: c.teamName,
      teamLogoUrl: null,
      playerNames: ['Cap', 'Duelist', 'Smokes', 'Sentinel', 'Flex'].map((role) => `${tag}${role}`),
      highlights: c.highlights,
      teamQuote: c.quote,
      tournamentName: c.tournamentName,
      tournamentDate: c.date,
    }, seedActor);
  }
  await services.champions.create({
    tournamentId: null, teamId: null, placement: 2, prizeAmount: '1000', currency: 'USD', teamName: 'Neon Tigers', teamLogoUrl: null,
    playerNames: ['NeonCap'], highlights: [], teamQuote: null, tournamentName: 'Autumn Showdown 2026', tournamentDate: '2026-09-20T18:00:00Z',
  }, seedActor);
  return { tournamentId: tournament.id };
}

export async function hasData(db: Db): Promise<boolean> {
  const [t] = await db.select({ id: tournaments.id }).from(tournaments).limit(1);
  const [c] = await db.select({ id: champions.id }).from(champions).limit(1);
  return !!(t || c);
}
