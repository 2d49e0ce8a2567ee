import { eq } from 'drizzle-orm';
import type { StaffDiscordLink, StaffDiscordOutcome } from '../../shared/schemas/discord.js';
import { paths } from '../../shared/paths.js';
import { recordAudit, type Actor } from '../audit/log.js';
import type { Db } from '../db/client.js';
import { adminUsers } from '../db/schema.js';
import type { EventHub } from '../events/hub.js';
import { notFound } from '../http/errors.js';
import type { SignedValues } from './captain-session.js';
import { DiscordUnavailableError, type DiscordApi } from './discord-api.js';
import { callbackPath, cookieAuthorization, isSameBrowser, readAccount, sha256, withOutcome } from './oauth-authorization.js';

/**
 * A staff member links their own Discord account from their Account tab, so that the site gives it
 * the staff role (discord/staff-role.ts), which sees every match channel. The same authorization as
 * a captain's sign-in (oauth-authorization.ts: `state`, PKCE S256, scope identify, the one redirect
 * URL): the browser keeps the state, the verifier and the account it links in a signed cookie scoped
 * to the callback for 10 minutes; the callback also asks for that account's own session (the admin
 * session cookie is Lax, so it comes along on Discord's redirect back), so a link started by one
 * account, or in another browser, cannot link anyone's Discord account to another staff account.
 */

export const staffLinkCookieName = 'discord_staff_link';
const staffLinkPurpose = 'discord-staff-link';
/** The Account tab, where the outcome is told. */
const accountTab = `${paths.admin}?tab=account`;

/** The signed-in staff account acting on itself. */
type StaffActor = Actor & { userId: string };

const back = (outcome: StaffDiscordOutcome) => withOutcome(accountTab, outcome, accountTab);

export function createStaffDiscordLink({
  db,
  api,
  events,
  publicOrigin,
  signed,
  now,
  log,
}: {
  db: Db;
  api: DiscordApi;
  events: EventHub;
  publicOrigin: string;
  signed: SignedValues;
  now: () => Date;
  log: { warn: (obj: object, msg: string) => void };
}) {
  const redirectUri = `${publicOrigin}${callbackPath}`;

  const authorization = cookieAuthorization({ api, signed, purpose: staffLinkPurpose, redirectUri, now });

  /** The state, verifier and account this browser's cookie holds, when it is this site's and not expired. */
  function startedHere(cookie: string | undefined): { state: string; codeVerifier: string; accountId: string } | null {
    const started = authorization.startedHere(cookie);
    const accountId = started?.added[0];
    return started && accountId ? { state: started.state, codeVerifier: started.codeVerifier, accountId } : null;
  }

  /** Stores the account (or none) on the staff account and tells it, in one transaction. */
  async function store(actor: StaffActor, account: { id: string; username: string } | null): Promise<void> {
    await events.transaction(db, async (tx) => {
      const [staff] = await tx.select().from(adminUsers).where(eq(adminUsers.id, actor.userId)).for('update');
      if (!staff) throw notFound('Account');
      // Unlinking with nothing linked changes nothing, and is not an activity.
      if (!account && !staff.discordUserId) return;
      await tx
        .update(adminUsers)
        .set({ discordUserId: account?.id ?? null, discordUsername: account?.username ?? null })
        .where(eq(adminUsers.id, staff.id));
      // No Discord id nor name in the activity log (personal data with a home of its own): a hash of the
      // id linked, enough to tell later whether two entries linked the same account.
      const after = account ? { discordAccount: sha256(account.id) } : undefined;
      await recordAudit(tx, actor, { action: account ? 'auth.discord_link' : 'auth.discord_unlink', targetType: 'account', targetId: staff.id, after }, now());
      if (account) await events.emit(tx, 'staffDiscordLinked', { accountId: staff.id, discordUserId: account.id, previousDiscordUserId: staff.discordUserId });
      else if (staff.discordUserId) await events.emit(tx, 'staffDiscordUnlinked', { accountId: staff.id, discordUserId: staff.discordUserId });
    });
  }

  return {
    /** What the Account tab shows: the Discord account linked, if any. */
    async status(accountId: string): Promise<StaffDiscordLink> {
      const [staff] = await db
        .select({ id: adminUsers.discordUserId, username: adminUsers.discordUsername })
        .from(adminUsers)
        .where(eq(adminUsers.id, accountId));
      return { available: true, linked: staff?.id ? { discordUserId: staff.id, username: staff.username ?? '' } : null };
    },

    /** Discord's consent screen (scope identify), and the value of the cookie that goes with it. */
    start: (accountId: string) => authorization.start([accountId]),

    /**
     * Whether the browser coming back to the shared callback started a staff link: it holds the
     * link's cookie and no other flow's, or the link's state is the one that came back.
     */
    isStaffLink: (state: string | undefined, linkCookie: string | undefined, otherFlowCookies: (string | undefined)[]) =>
      authorization.isStartedHere(state, linkCookie, otherFlowCookies),

    /** The browser is back from Discord: where to send it (the Account tab with `?discord=<outcome>`). */
    async complete(query: { code?: string; state?: string; error?: string }, linkCookie: string | undefined, signedIn: StaffActor | null): Promise<string> {
      const started = startedHere(linkCookie);
      if (!started || !isSameBrowser(query.state, started.state) || signedIn?.userId !== started.accountId) return back('refused');
      if (query.error) return back(query.error === 'access_denied' ? 'denied' : 'failed');
      if (!query.code) return back('refused');
      let user: { id: string; username: string };
      try {
        ({ user } = await readAccount(api, { code: query.code, codeVerifier: started.codeVerifier, redirectUri }));
        // The staff role is given on the server: an account that is not a member could never get it.
        if (!(await api.isGuildMember(user.id))) return back('not-member');
      } catch (error) {
        if (!(error instanceof DiscordUnavailableError)) throw error;
        log.warn({ accountId: started.accountId, problem: error.message }, 'Discord link of a staff account failed');
        return back('failed');
      }
      await store(signedIn!, { id: user.id, username: user.username });
      return back('linked');
    },

    /** The staff member unlinks their Discord account: it is forgotten, and the staff role taken from it. */
    unlink: (actor: StaffActor) => store(actor, null),
  };
}

export type StaffDiscordLinkFlow = ReturnType<typeof createStaffDiscordLink>;
