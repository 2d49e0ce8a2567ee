import { eq, lt } from 'drizzle-orm';
import type { DiscordConnectStart, DiscordOutcome } from '../../shared/schemas/discord.js';
import type { Db } from '../db/client.js';
import { discordAuthorizations, teams } from '../db/schema.js';
import type { EventHub } from '../events/hub.js';
import { AppError, notFound } from '../http/errors.js';
import { holdsSpot } from '../teams/lifecycle/rules.js';
import { matchesHash } from '../teams/team-link.js';
import type { OwnerProof } from '../teams/team-owner.js';
import { DiscordUnavailableError, type DiscordApi } from './discord-api.js';
import { authorizationTtlMs, callbackPath, isSameBrowser, newAuthorization, readAccount, sha256, withOutcome as withOutcomeOn } from './oauth-authorization.js';
import { msg } from '../../shared/i18n/msg.js';

/**
 * Step 2 with a Discord application: the captain connects their account (OAuth2 authorization
 * code, PKCE S256), the bot adds it to the server, and the team keeps the account's id and takes
 * its username as the captain's Discord name (no typing, no typos).
 *
 * The `state` is 32 random bytes: the database keeps its SHA-256 with the team it connects, the
 * PKCE verifier and the wizard's path, for 10 minutes, and the row is deleted when the browser
 * comes back, so a state works once. The browser that started also holds the state in a cookie,
 * so a link started by someone else (their team, their code) cannot connect this captain's account.
 */

export { authorizationTtlMs, callbackPath };
export const stateCookieName = 'discord_oauth_state';
/** A state nobody started leads back to the wizard's default address. */
const fallbackReturnPath = '/register';

const withOutcome = (returnPath: string, outcome: DiscordOutcome) => withOutcomeOn(returnPath, outcome, fallbackReturnPath);

export function createDiscordConnect({
  db,
  api,
  events,
  publicOrigin,
  now,
  log,
}: {
  db: Db;
  api: DiscordApi;
  events: EventHub;
  publicOrigin: string;
  now: () => Date;
  log: { warn: (obj: object, msg: string) => void };
}) {
  const redirectUri = `${publicOrigin}${callbackPath}`;

  return {
    redirectUri,

    /** Discord's consent screen for this team's captain, and the state the browser keeps in its cookie. */
    async start({ teamId, returnPath }: DiscordConnectStart, proof: OwnerProof): Promise<{ authorizeUrl: string; state: string }> {
      const [team] = await db.select().from(teams).where(eq(teams.id, teamId));
      // Someone else's team reads as no team: team ids are public.
      if (!team || !(matchesHash(team.ownerTokenHash, proof(team.id)) || matchesHash(team.teamLinkHash, proof.teamLinkKey))) throw notFound('Team');
      const at = now();
      if (!holdsSpot.holds(team, at)) throw new AppError('conflict', msg('This registration no longer holds a spot: register again to connect Discord.'));
      const { state, codeVerifier, codeChallenge } = newAuthorization();
      // Authorizations nobody finished are swept here, the one place they are made.
      await db.delete(discordAuthorizations).where(lt(discordAuthorizations.expiresAt, at));
      await db.insert(discordAuthorizations).values({
        stateHash: sha256(state),
        teamId,
        codeVerifier,
        returnPath,
        createdAt: at,
        expiresAt: new Date(at.getTime() + authorizationTtlMs),
      });
      return { authorizeUrl: api.authorizeUrl({ state, codeChallenge, redirectUri }), state };
    },

    /**
     * The browser is back from Discord: where to send it (the wizard with `?discord=<outcome>`).
     * Never throws for Discord's sake: a failure is an outcome the wizard explains.
     */
    async complete(query: { code?: string; state?: string; error?: string }, cookieState: string | undefined): Promise<string> {
      const { state } = query;
      if (!state || !isSameBrowser(state, cookieState)) return withOutcome(fallbackReturnPath, 'refused');
      // Deleted as it is read: a second use of the same state finds nothing.
      const [authorization] = await db
        .delete(discordAuthorizations)
        .where(eq(discordAuthorizations.stateHash, sha256(state)))
        .returning();
      if (!authorization || authorization.expiresAt <= now()) return withOutcome(authorization?.returnPath ?? fallbackReturnPath, 'refused');
      const back = (outcome: DiscordOutcome) => withOutcome(authorization.returnPath, outcome);
      if (query.error) return back(query.error === 'access_denied' ? 'denied' : 'failed');
      if (!query.code) return back('refused');

      let user: { id: string; username: string };
      let accessToken: string;
      try {
        ({ accessToken, user } = await readAccount(api, { code: query.code, codeVerifier: authorization.codeVerifier, redirectUri }));
      } catch (error) {
        if (!(error instanceof DiscordUnavailableError)) throw error;
        log.warn({ teamId: authorization.teamId, problem: error.message }, 'Discord connection failed');
        return back('failed');
      }

      // The account is known even when Discord fails to add it: the captain then joins with the invite link.
      let joinedAt: Date | null = null;
      try {
        await api.addToGuild(user.id, accessToken);
        joinedAt = now();
      } catch (error) {
        if (!(error instanceof DiscordUnavailableError)) throw error;
        log.warn({ teamId: authorization.teamId, problem: error.message }, 'Discord guild join failed; the captain is offered the invite link');
      }
      // Told in the same transaction (events/listeners.ts): a confirmed team's captain is given the cup's role.
      const stored = await events.transaction(db, async (tx) => {
        const [team] = await tx.select().from(teams).where(eq(teams.id, authorization.teamId)).for('update');
        if (!team || !holdsSpot.holds(team, now())) return false;
        await tx.update(teams).set({ discordUserId: user.id, discordGuildJoinedAt: joinedAt, captainDiscord: user.username }).where(eq(teams.id, team.id));
        await events.emit(tx, 'discordConnected', { teamId: team.id, previousDiscordUserId: team.discordUserId });
        return true;
      });
      if (!stored) return back('refused');
      return back(joinedAt ? 'connected' : 'not-added');
    },
  };
}

export type DiscordConnect = ReturnType<typeof createDiscordConnect>;
