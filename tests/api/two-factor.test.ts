import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/server/db/schema.js';
import { createOpenTournament, registerTeam } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
const password = 'a long enough password';

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date());
});

/** The code an authenticator app shows for this secret at the test's clock (plus `steps` × 30 s). */
const codeFor = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: t.clock.now().getTime() + steps * 30_000 });

const post = (url: string, cookie: string, payload?: object, method: 'POST' | 'DELETE' = 'POST') =>
  t.app.inject({ method, url, headers: { cookie }, payload: payload ?? {} });
const cookieOf = (response: { cookies: { name: string; value: string }[] }, name: string) => {
  const found = response.cookies.find((c) => c.name === name);
  return found ? `${name}=${found.value}` : null;
};

async function passwordStep(username: string) {
  const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

/** A new account with two-factor on: its secret, recovery codes and a signed-in cookie. */
async function enrolled(username: string) {
  await t.services.auth.upsertAdmin(username, password, 'owner');
  const cookie = cookieOf(await passwordStep(username), 'sid')!;
  const setup = await post('/api/auth/two-factor/setup', cookie);
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret, otpauthUrl, qrSvg } = setup.json() as { secret: string; otpauthUrl: string; qrSvg: string };
  expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
  expect(otpauthUrl).toContain(`secret=${secret}`);
  expect(qrSvg).toContain('<svg');
  const enable = await post('/api/auth/two-factor/enable', cookie, { code: codeFor(secret) });
  expect(enable.statusCode, enable.body).toBe(200);
  const { recoveryCodes } = enable.json() as { recoveryCodes: string[] };
  return { secret, recoveryCodes, cookie };
}

describe('enrolment', () => {
  it('takes effect only after a correct code, and gives ten recovery codes once', async () => {
    await t.services.auth.upsertAdmin('careful', password, 'owner');
    const cookie = cookieOf(await passwordStep('careful'), 'sid')!;
    const { secret } = (await post('/api/auth/two-factor/setup', cookie)).json() as { secret: string };

    const wrong = await post('/api/auth/two-factor/enable', cookie, { code: '000000' === codeFor(secret) ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().issues).toEqual([{ path: 'code', message: 'That code is not right' }]);
    // Not on yet: the password alone still signs in.
    expect((await passwordStep('careful')).json()).toMatchObject({ username: 'careful', twoFactorEnabled: false });

    const enable = await post('/api/auth/two-factor/enable', cookie, { code: codeFor(secret) });
    expect(enable.statusCode).toBe(200);
    const { recoveryCodes } = enable.json() as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).json()).toMatchObject({ twoFactorEnabled: true });
    expect((await post('/api/auth/two-factor/setup', cookie)).statusCode).toBe(409);

    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'auth.two_factor_on'));
    expect(entry.actor).toBe('careful');
  });
});

describe('sign-in with a second factor', () => {
  it('answers twoFactorRequired with no session, then signs in with a code; a replayed code is refused', async () => {
    const { secret } = await enrolled('alice');
    t.clock.advance(60_000);
    const first = await passwordStep('alice');
    expect(first.json()).toEqual({ twoFactorRequired: true });
    expect(cookieOf(first, 'sid')).toBeNull();
    const challenge = cookieOf(first, 'sid2fa')!;
    expect(challenge).not.toBeNull();

    const code = codeFor(secret);
    const ok = await post('/api/auth/login/two-factor', challenge, { code });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ username: 'alice', role: 'owner', twoFactorEnabled: true, mustEnrolTwoFactor: false });
    const session = cookieOf(ok, 'sid')!;
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: session } })).statusCode).toBe(200);

    // The same code again, within its window, on a new challenge: refused.
    const again = cookieOf(await passwordStep('alice'), 'sid2fa')!;
    const replay = await post('/api/auth/login/two-factor', again, { code });
    expect(replay.statusCode).toBe(400);
    // The next step's code works.
    t.clock.advance(30_000);
    expect((await post('/api/auth/login/two-factor', again, { code: codeFor(secret) })).statusCode).toBe(200);
    // A spent challenge cannot be used again.
    t.clock.advance(30_000);
    expect((await post('/api/auth/login/two-factor', again, { code: codeFor(secret) })).statusCode).toBe(401);
  });

  it('accepts a recovery code once, and records its use', async () => {
    const { recoveryCodes } = await enrolled('bob');
    const challenge = cookieOf(await passwordStep('bob'), 'sid2fa')!;
    const used = await post('/api/auth/login/two-factor', challenge, { code: recoveryCodes[3].toUpperCase() });
    expect(used.statusCode, used.body).toBe(200);
    const next = cookieOf(await passwordStep('bob'), 'sid2fa')!;
    expect((await post('/api/auth/login/two-factor', next, { code: recoveryCodes[3] })).statusCode).toBe(400);
    expect((await post('/api/auth/login/two-factor', next, { code: recoveryCodes[4] })).statusCode).toBe(200);
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'auth.recovery_code_used'));
    expect(entries.filter((e) => e.actor === 'bob')).toHaveLength(2);
  });

  it('refuses the code step without a challenge, and after five minutes', async () => {
    const { secret } = await enrolled('carol');
    expect((await post('/api/auth/login/two-factor', 'sid2fa=made-up', { code: codeFor(secret) })).statusCode).toBe(401);
    const challenge = cookieOf(await passwordStep('carol'), 'sid2fa')!;
    t.clock.advance(5 * 60_000 + 1000);
    expect((await post('/api/auth/login/two-factor', challenge, { code: codeFor(secret) })).statusCode).toBe(401);
  });

  it('turns off with a code, and the password alone signs in again', async () => {
    const { secret, cookie } = await enrolled('dave');
    t.clock.advance(30_000);
    expect((await post('/api/auth/two-factor', cookie, { code: '12' }, 'DELETE')).statusCode).toBe(400);
    const off = await post('/api/auth/two-factor', cookie, { code: codeFor(secret) }, 'DELETE');
    expect(off.statusCode, off.body).toBe(200);
    expect((await passwordStep('dave')).json()).toMatchObject({ username: 'dave', twoFactorEnabled: false });
  });
});

describe('money actions', () => {
  it('ask for a fresh code when the last one is more than 15 minutes old', async () => {
    const { secret, cookie } = await enrolled('erin');
    const tournament = await createOpenTournament(t, cookie, { name: 'Money Cup', entryFee: '0' });
    const team = await registerTeam(t.app, tournament.id);
    t.clock.advance(16 * 60_000);
    const remove = () => post(`/api/teams/${team.id}/remove`, cookie, { refund: 'policy', reason: 'Asked to leave' });
    const stale = await remove();
    expect(stale.statusCode).toBe(403);
    expect(stale.json().issues).toEqual([{ path: 'secondFactor', message: 'Enter a code from your authenticator app to confirm this' }]);
    // Reads of the money pages need no code.
    expect((await t.app.inject({ method: 'GET', url: `/api/tournaments/${tournament.id}/finance`, headers: { cookie } })).statusCode).toBe(200);

    expect((await post('/api/auth/two-factor/verify', cookie, { code: codeFor(secret) })).statusCode).toBe(200);
    const fresh = await remove();
    expect(fresh.statusCode, fresh.body).not.toBe(403);
  });

  it('ask nothing of an account without two-factor', async () => {
    const cookie = await t.login();
    const tournament = await createOpenTournament(t, cookie, { name: 'Plain Cup', entryFee: '0' });
    const team = await registerTeam(t.app, tournament.id);
    t.clock.advance(16 * 60_000);
    const response = await post(`/api/teams/${team.id}/remove`, cookie, { refund: 'policy', reason: 'Asked to leave' });
    expect(response.statusCode, response.body).not.toBe(403);
  });
});

describe('ADMIN_REQUIRE_2FA', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await createTestApp({ ADMIN_REQUIRE_2FA: 'owner' });
  });

  it('sends an owner without two-factor to enrolment and nothing else; staff are not covered', async () => {
    const cookie = await strict.login();
    const me = await strict.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(me.json()).toMatchObject({ role: 'owner', twoFactorEnabled: false, mustEnrolTwoFactor: true });
    const blocked = await strict.app.inject({ method: 'GET', url: '/api/admin/teams', headers: { cookie } });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error).toBe('Turn on two-factor sign-in to continue');
    expect((await strict.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: { cookie } })).statusCode).toBe(403);
    // Nor does the public teams list hand it the captains' private fields.
    const tournament = await createOpenTournament(strict, await strict.loginAs('organizer'), { name: 'Enrolment Cup', entryFee: '0' });
    await registerTeam(strict.app, tournament.id, { captainEmail: 'captain@example.com' });
    const publicList = await strict.app.inject({ method: 'GET', url: `/api/tournaments/${tournament.id}/teams`, headers: { cookie } });
    expect(publicList.statusCode).toBe(200);
    expect(publicList.body).not.toContain('captain@example.com');
    expect(publicList.json()[0]).not.toHaveProperty('captainDiscord');

    const setup = await strict.app.inject({ method: 'POST', url: '/api/auth/two-factor/setup', headers: { cookie } });
    const { secret } = setup.json() as { secret: string };
    const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: strict.clock.now().getTime() });
    expect((await strict.app.inject({ method: 'POST', url: '/api/auth/two-factor/enable', headers: { cookie }, payload: { code } })).statusCode).toBe(200);
    expect((await strict.app.inject({ method: 'GET', url: '/api/admin/teams', headers: { cookie } })).statusCode).toBe(200);
    // Covered by the rule: it cannot be turned off.
    expect((await strict.app.inject({ method: 'DELETE', url: '/api/auth/two-factor', headers: { cookie }, payload: { code } })).statusCode).toBe(409);

    const staff = await strict.loginAs('staff');
    expect((await strict.app.inject({ method: 'GET', url: '/api/admin/teams', headers: { cookie: staff } })).statusCode).toBe(200);
  });

  it('admin:create --reset-2fa recovers a locked-out owner', async () => {
    await enrolled('frank');
    await t.services.auth.upsertAdmin('frank', password, undefined, { resetTwoFactor: true });
    expect((await passwordStep('frank')).json()).toMatchObject({ username: 'frank', twoFactorEnabled: false });
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'auth.two_factor_reset'));
    expect(entry.actor).toBe('admin:create');
  });
});
