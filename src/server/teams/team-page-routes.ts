import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../audit/actor.js';
import { recordAudit } from '../audit/log.js';
import { freshCode, requirePermission } from '../auth/guard.js';
import type { Db } from '../db/client.js';
import { teams } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import type { EventHub } from '../events/hub.js';
import type { PaymentService } from '../payments/service.js';
import { ownerProofOf } from './team-owner.js';
import { captainActor, type TeamPageService } from './team-page-service.js';
import { linkedTeamOf, newTeamLinkKey, teamLinkPath, type TeamLinkGuard } from './team-link.js';
import { eq } from 'drizzle-orm';
import { endpoints } from '../../shared/api/index.js';
import { contractRoute } from '../http/contract-routes.js';

/**
 * The captain's team link routes: each takes the key (Authorization: Bearer, or ?key=) and
 * answers 404 for a wrong one, through the one guard in team-link.ts. Plus the organizer's
 * rotation of a team's link.
 */
export const teamPageRoutes: FastifyPluginAsyncZod<{
  db: Db;
  teamPage: TeamPageService;
  payments: PaymentService;
  requireTeamLink: TeamLinkGuard;
  now: () => Date;
  claimOffer: (teamId: string) => Promise<unknown>;
  events: EventHub;
}> = async (app, { db, teamPage, payments, requireTeamLink, now, claimOffer, events }) => {
  app.addHook('onSend', async (_request, reply) => {
    // Private to the captain: never stored by a shared cache, never sent on as a referrer.
    reply.header('Cache-Control', 'private, no-store');
    reply.header('Referrer-Policy', 'no-referrer');
  });

  const guarded = { preValidation: requireTeamLink };

  contractRoute(app, endpoints.getTeamPage, { ...guarded }, async (request) =>
    teamPage.view(linkedTeamOf(request).id));

  contractRoute(app, endpoints.changeRoster, { ...guarded }, async (request) => teamPage.changeRoster(linkedTeamOf(request).id, request.body, captainActor(String(request.id))));

  contractRoute(app, endpoints.withdrawTeam, { ...guarded }, async (request) =>
    teamPage.withdraw(linkedTeamOf(request).id, captainActor(String(request.id))));

  // The wizard's payment step, reached from the team link: the same payment, reused (payments/service.ts).
  contractRoute(app, endpoints.resumePayment, { ...guarded }, async (request) => {
      const team = linkedTeamOf(request);
      return payments.createPaymentIntent({ tournamentId: team.tournamentId, teamId: team.id }, ownerProofOf(request));
    });

  // A waiting team claims the spot offered to it (waitlist/service.ts): then it pays like any registration, through resume-payment.
  contractRoute(app, endpoints.claimWaitlistOffer, { ...guarded }, async (request) => {
    const team = linkedTeamOf(request);
    await claimOffer(team.id);
    return teamPage.view(team.id);
  });

  // The organizer cannot read a link (only its hash is kept): a new one replaces it, to send to the captain.
  // A fresh code: the link opens the team's data export, erasure and withdrawal, and locks the old link out.
  contractRoute(app, endpoints.rotateTeamLink, { onRequest: requirePermission('teams', freshCode) }, async (request) => {
      const actor = await actorOf(request);
      const { key, hash } = newTeamLinkKey();
      await events.transaction(db, async (tx) => {
        const [before] = await tx.select({ discordUserId: teams.discordUserId }).from(teams).where(eq(teams.id, request.params.id)).for('update');
        // Whoever held the old link may have connected their own Discord account with it, and a
        // Discord sign-in opens the team too: the new link starts without one (the captain connects again).
        const [team] = await tx
          .update(teams)
          .set({ teamLinkHash: hash, discordUserId: null, discordGuildJoinedAt: null })
          .where(eq(teams.id, request.params.id))
          .returning({ id: teams.id, tournamentId: teams.tournamentId });
        if (!team || !before) throw notFound('Team');
        if (before.discordUserId) await events.emit(tx, 'discordDisconnected', { teamId: team.id, tournamentId: team.tournamentId, discordUserId: before.discordUserId });
        await recordAudit(tx, actor, { action: 'team.link_rotate', targetType: 'team', targetId: team.id, tournamentId: team.tournamentId }, now());
      });
      return { manageUrl: teamLinkPath(request.params.id, key) };
    });

  contractRoute(app, endpoints.listRosterChanges, { onRequest: requirePermission('teamsRead') }, async (request) =>
    teamPage.rosterChangesOf(request.params.id));
};
