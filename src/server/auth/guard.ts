import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { can, type Permission } from '../../shared/permissions.js';
import { AppError } from '../http/errors.js';
import type { AuthService, SessionUser } from './service.js';
import { msg } from '../../shared/i18n/msg.js';

export const SESSION_COOKIE = 'sid';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in admin, resolved lazily once per request. */
    adminUser(): Promise<SessionUser | null>;
  }
}

export function registerSessionResolution(app: FastifyInstance, auth: AuthService): void {
  const cache = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();
  app.decorateRequest('adminUser', function (this: FastifyRequest) {
    let pending = cache.get(this);
    if (!pending) {
      const token = this.cookies[SESSION_COOKIE];
      pending = token ? auth.resolveSession(token) : Promise.resolve(null);
      cache.set(this, pending);
    }
    return pending;
  });
}

/** What an admin route declares it needs: a permission of the table, or only a signed-in account (own settings). */
export type RouteAccess = Permission | 'signedIn';
export type AccessHook = ((request: FastifyRequest, reply: FastifyReply) => Promise<void>) & { access: RouteAccess; needsFreshCode: boolean };

/**
 * Declared by a route whose power leads to money, people or data (refunds, invites, roles, the backup,
 * bulk exports, erasure): an account with two-factor on needs a code from the last 15 minutes, so a
 * stolen session alone cannot do it.
 */
export const freshCode = { needsFreshCode: true } as const;
type AccessOptions = { needsFreshCode?: boolean };

/** The account behind this request: 401 without a live session. */
export async function signedInUser(request: FastifyRequest): Promise<SessionUser> {
  const user = await request.adminUser();
  if (!user) throw new AppError('unauthenticated', msg('Sign in to continue'));
  return user;
}

export const forbidden = () => new AppError('forbidden', msg('Your role does not allow this'));

/** The issue path the admin panel answers by asking for a code (web: SecondFactorPrompt). */
export const SECOND_FACTOR_ISSUE = 'secondFactor';
const enrolmentNeeded = () =>
  new AppError('forbidden', msg('Turn on two-factor sign-in to continue'), [{ path: 'twoFactorEnrolment', message: msg('Turn on two-factor sign-in to continue') }]);
const freshCodeNeeded = () =>
  new AppError('forbidden', msg('Enter a code from your authenticator app to confirm this'), [
    { path: SECOND_FACTOR_ISSUE, message: msg('Enter a code from your authenticator app to confirm this') },
  ]);

/** An account with two-factor on has given a code within the last 15 minutes (one without has nothing more to give). */
export const hasFreshSecondFactor = (user: SessionUser) => !user.twoFactorEnabled || user.secondFactorFresh;

/**
 * Captains' e-mail addresses are personal data in bulk: a list carries them only for a role with that
 * permission and, with two-factor on, within 15 minutes of a code (as the teams CSV's `freshCode`).
 */
export const withoutContactsUnlessAllowed = <T extends { captainEmail?: string | null }>(user: SessionUser | null, list: T[]): T[] =>
  user && can(user.role, 'personalData') && hasFreshSecondFactor(user) ? list : list.map((entry) => ({ ...entry, captainEmail: null }));

/**
 * Whether this account may do this, now: its role has the permission, it has enrolled where
 * ADMIN_REQUIRE_2FA says it must, and a route declared with `freshCode` comes within 15 minutes of a code.
 */
function checkAccess(user: SessionUser, permission: Permission, { needsFreshCode = false }: AccessOptions): void {
  if (user.mustEnrolTwoFactor) throw enrolmentNeeded();
  if (!can(user.role, permission)) throw forbidden();
  if (needsFreshCode && !hasFreshSecondFactor(user)) throw freshCodeNeeded();
}

/**
 * onRequest hook of an admin route: 401 without a session, 403 when the account's role lacks the permission
 * (or, with `freshCode`, when its last code is too old).
 */
export function requirePermission(permission: Permission, options: AccessOptions = {}): AccessHook {
  const hook = async (request: FastifyRequest) => {
    checkAccess(await signedInUser(request), permission, options);
  };
  return Object.assign(hook, { access: permission, needsFreshCode: options.needsFreshCode ?? false });
}

/** onRequest hook of the routes every signed-in account may use on itself (password, sessions). */
export const requireSignedIn: AccessHook = Object.assign(
  async (request: FastifyRequest) => {
    if ((await signedInUser(request)).mustEnrolTwoFactor) throw enrolmentNeeded();
  },
  { access: 'signedIn' as const, needsFreshCode: false },
);

/**
 * onRequest hook of an account's own action that hands its powers to something outside the site (its
 * Discord link, which gets the staff role): as `requireSignedIn`, and with two-factor on, a code from
 * the last 15 minutes, so a stolen session alone cannot link the thief's Discord account.
 */
export const requireSignedInWithFreshCode: AccessHook = Object.assign(
  async (request: FastifyRequest) => {
    const user = await signedInUser(request);
    if (user.mustEnrolTwoFactor) throw enrolmentNeeded();
    if (!hasFreshSecondFactor(user)) throw freshCodeNeeded();
  },
  { access: 'signedIn' as const, needsFreshCode: true },
);

/** onRequest hook of the two-factor routes: the one thing an account that must enrol can still do. */
export const requireSession: AccessHook = Object.assign(
  async (request: FastifyRequest) => {
    await signedInUser(request);
  },
  { access: 'signedIn' as const, needsFreshCode: false },
);

/** For a check that depends on the body (a removal with a refund, a changed support address): may the signed-in account do this? */
export async function assertPermission(request: FastifyRequest, permission: Permission, options: AccessOptions = {}): Promise<SessionUser> {
  const user = await signedInUser(request);
  checkAccess(user, permission, options);
  return user;
}

/** For a plugin whose routes all need the same access: the hook goes on each route, where the access tests read it. */
export function guardEveryRoute(app: FastifyInstance, hook: AccessHook): void {
  app.addHook('onRoute', (route) => {
    route.onRequest = [hook, ...[route.onRequest ?? []].flat()];
  });
}

const accessHookOf = (onRequest: unknown) => [onRequest ?? []].flat().find((hook): hook is AccessHook => typeof hook === 'function' && 'access' in hook);

/** The access a route declared through its onRequest hooks, if any. */
export const accessOf = (onRequest: unknown): RouteAccess | undefined => accessHookOf(onRequest)?.access;

/** Whether a route declared `freshCode`. */
export const needsFreshCodeOf = (onRequest: unknown): boolean => accessHookOf(onRequest)?.needsFreshCode ?? false;
