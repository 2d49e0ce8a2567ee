import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { can, permissionRoles, roles, type Role } from '../../src/shared/permissions.js';
import { adminRoutesOf, concrete } from '../support/admin-routes.js';
import { createOpenTournament, registerTeam } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
const sessions = {} as Record<Role, string>;

beforeAll(async () => {
  t = await createTestApp();
  for (const role of roles) sessions[role] = await t.loginAs(role);
});

const send = (method: string, url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: cookie ? { cookie } : {},
    payload: method === 'GET' || method === 'DELETE' ? undefined : (payload ?? { anything: true }),
  });

describe('the permission table', () => {
  it('is declared by every admin route: a route without a permission fails here', () => {
    const routes = adminRoutesOf(t);
    expect(routes.length).toBeGreaterThan(40);
    const undeclared = routes.filter((route) => route.access === undefined).map((route) => `${route.method} ${route.url}`);
    expect(undeclared).toEqual([]);
  });

  it('gives the owner everything, and staff nothing that moves money or reads personal data in bulk', () => {
    for (const permission of Object.keys(permissionRoles) as (keyof typeof permissionRoles)[]) expect(can('owner', permission)).toBe(true);
    for (const permission of ['money', 'personalData', 'accounts', 'audit', 'settings', 'tournaments', 'teams', 'bracket', 'champions'] as const)
      expect(can('staff', permission)).toBe(false);
    expect(can('organizer', 'money')).toBe(false);
    expect(can('Administrator', 'teamsRead')).toBe(false);
  });

  it('answers 401 on every admin route to a visitor', async () => {
    for (const route of adminRoutesOf(t)) {
      const response = await send(route.method, concrete(route.url));
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  for (const role of roles) {
    it(`lets ${role} through exactly where the table says, and answers 403 everywhere else`, async () => {
      for (const route of adminRoutesOf(t)) {
        const response = await send(route.method, concrete(route.url), sessions[role]);
        const label = `${role}: ${route.method} ${route.url} (${route.access}) → ${response.statusCode}`;
        const allowed = route.access === 'signedIn' || can(role, route.access!);
        if (allowed) {
          expect(response.statusCode, label).not.toBe(401);
          expect(response.statusCode, label).not.toBe(403);
          // A read that needs no input answers 2xx to a role that may make it (the upload companion's take theirs in the query).
          const needsNoInput = route.method === 'GET' && !/[:*]/.test(route.url) && !route.url.startsWith('/api/companion/');
          if (needsNoInput) expect(response.statusCode, label).toBeLessThan(300);
        } else {
          expect(response.statusCode, label).toBe(403);
        }
      }
    });
  }
});

describe('rules that depend on the data', () => {
  let tournamentId: string;
  let otherTournamentId: string;
  let teamId: string;
  let otherTeamId: string;

  beforeAll(async () => {
    const owner = sessions.owner;
    otherTournamentId = (await createOpenTournament(t, owner, { name: 'Other Cup', entryFee: '0' })).id;
    otherTeamId = (await registerTeam(t.app, otherTournamentId)).id;
    // createOpenTournament sets the new one live: the first is no longer active.
    tournamentId = (await createOpenTournament(t, owner, { name: 'Live Cup', entryFee: '0' })).id;
    teamId = (await registerTeam(t.app, tournamentId, { captainEmail: 'captain@example.org' })).id;
  });

  it('staff check teams in for the live tournament only', async () => {
    const live = await send('POST', `/api/teams/${teamId}/check-in`, sessions.staff, {});
    expect(live.statusCode, live.body).not.toBe(403);
    expect((await send('POST', `/api/teams/${otherTeamId}/check-in`, sessions.staff, {})).statusCode).toBe(403);
    expect((await send('POST', `/api/teams/${otherTeamId}/check-in`, sessions.organizer, {})).statusCode).not.toBe(403);
  });

  it("an organizer removes a team without a refund, but a refund is the owner's", async () => {
    const withRefund = await send('POST', `/api/teams/${otherTeamId}/remove`, sessions.organizer, { refund: 'policy', reason: 'Asked to leave' });
    expect(withRefund.statusCode).toBe(403);
    const without = await send('POST', `/api/teams/${otherTeamId}/remove`, sessions.organizer, { refund: 'none', reason: 'Asked to leave' });
    expect(without.statusCode, without.body).toBe(200);
  });

  it("shows captains' e-mail addresses to the owner only", async () => {
    const emailOf = async (role: Role) => {
      const response = await send('GET', `/api/admin/teams?tournamentId=${tournamentId}`, sessions[role]);
      expect(response.statusCode).toBe(200);
      return (response.json() as { id: string; captainEmail: string | null }[]).find((team) => team.id === teamId)?.captainEmail;
    };
    expect(await emailOf('owner')).toBe('captain@example.org');
    expect(await emailOf('organizer')).toBeNull();
    expect(await emailOf('staff')).toBeNull();
  });

  it('answers the role with the user, and a changed role takes effect on the next request', async () => {
    const me = await send('GET', '/api/auth/user', sessions.staff);
    expect(me.json()).toEqual({ username: 'staff-account', role: 'staff', twoFactorEnabled: false, mustEnrolTwoFactor: false });
    await t.database.db.execute(sql`update admin_users set role = 'organizer' where username = 'staff-account'`);
    expect((await send('POST', '/api/tournaments', sessions.staff, {})).statusCode).toBe(400);
    await t.database.db.execute(sql`update admin_users set role = 'staff' where username = 'staff-account'`);
    expect((await send('POST', '/api/tournaments', sessions.staff, {})).statusCode).toBe(403);
  });
});
