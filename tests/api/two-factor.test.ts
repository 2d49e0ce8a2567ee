import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox } from '../../src/server/auth/secret-box.js';
import { adminUsers, auditLog } from '../../src/server/db/schema.js';
import { createOpenTournament, registerTeam, teamPayload } from '../support/factories.js';
import { adminCredentials, createTestApp, testSecretsKey, type TestApp } from '../support/test-app.js';

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
  const enable = await post('/api/auth/two-factor/enable', cookie, { code: codeFor(secret), currentPassword: password });
  expect(enable.statusCode, enable.body).toBe(200);
  const { recoveryCodes } = enable.json() as { recoveryCodes: string[] };
  return { secret, recoveryCodes, cookie };
}

describe('enrolment', () => {
  it('takes effect only after a correct code, and gives ten recovery codes once', async () => {
    await t.services.auth.upsertAdmin('careful', password, 'owner');
    const cookie = cookieOf(await passwordStep('careful'), 'sid')!;
    const { secret } = (await post('/api/auth/two-factor/setup', cookie)).json() as { secret: string };

    const wrong = await post('/api/auth/two-factor/enable', cookie, { code: '000000' === codeFor(secret) ? '111111' : '000000', currentPassword: password });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().issues).toEqual([{ path: 'code', message: 'That code is not right' }]);
    // Not on yet: the password alone still signs in.
    expect((await passwordStep('careful')).json()).toMatchObject({ username: 'careful', twoFactorEnabled: false });

    const enable = await post('/api/auth/two-factor/enable', cookie, { code: codeFor(secret), currentPassword: password });
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

describe('turning two-factor on', () => {
  it('needs the account password: without it or with a wrong one, a 400 names the field and nothing is turned on', async () => {
    await t.services.auth.upsertAdmin('hijacked', password, 'owner');
    const cookie = cookieOf(await passwordStep('hijacked'), 'sid')!;
    const { secret } = (await post('/api/auth/two-factor/setup', cookie)).json() as { secret: string };
    const missing = await post('/api/auth/two-factor/enable', cookie, { code: codeFor(secret) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().issues).toEqual([{ path: 'currentPassword', message: 'Enter your password' }]);
    const wrong = await post('/api/auth/two-factor/enable', cookie, { code: codeFor(secret), currentPassword: 'not the password at all' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'The password is wrong', issues: [{ path: 'currentPassword', message: 'The password is wrong' }] });
    expect((await passwordStep('hijacked')).json()).toMatchObject({ twoFactorEnabled: false });
    const right = await post('/api/auth/two-factor/enable', cookie, { code: codeFor(secret), currentPassword: password });
    expect(right.statusCode, right.body).toBe(200);
  });
});

describe('secrets at rest', () => {
  const storedSecretOf = async (username: string) =>
    (await t.database.db.select({ secret: adminUsers.totpSecret, pending: adminUsers.totpPendingSecret }).from(adminUsers).where(eq(adminUsers.username, username)))[0];

  it('are encrypted with the secrets key: the stored value holds neither the secret nor a readable form of it', async () => {
    const { secret } = await enrolled('sealed');
    const stored = await storedSecretOf('sealed');
    expect(stored.secret).toMatch(/^enc:v1:[0-9a-f]{12}:/);
    expect(stored.secret).not.toContain(secret);
    expect(stored.pending).toBeNull();
    const opened = createSecretBox(Buffer.from(testSecretsKey, 'base64')).open(stored.secret!);
    expect(opened).toEqual({ secret });
  });

  it('stored in plain text before encryption still sign in, and are sealed at start', async () => {
    const { secret } = await enrolled('legacy');
    await t.database.db.update(adminUsers).set({ totpSecret: secret }).where(eq(adminUsers.username, 'legacy'));
    t.clock.advance(30_000);
    const challenge = cookieOf(await passwordStep('legacy'), 'sid2fa')!;
    expect((await post('/api/auth/login/two-factor', challenge, { code: codeFor(secret) })).statusCode).toBe(200);

    const result = await t.services.twoFactor.sealSecretsAtStart();
    expect(result.sealed).toBeGreaterThanOrEqual(1);
    expect((await storedSecretOf('legacy')).secret).toMatch(/^enc:v1:/);
    expect((await t.services.twoFactor.sealSecretsAtStart()).sealed).toBe(0);
    t.clock.advance(30_000);
    const again = cookieOf(await passwordStep('legacy'), 'sid2fa')!;
    expect((await post('/api/auth/login/two-factor', again, { code: codeFor(secret) })).statusCode).toBe(200);
  });

  it("sealed with another site's key: app codes fail, a recovery code still signs in, and start-up names the account", async () => {
    const { secret, recoveryCodes } = await enrolled('moved');
    const otherBox = createSecretBox(Buffer.alloc(32, 1));
    await t.database.db.update(adminUsers).set({ totpSecret: otherBox.seal(secret) }).where(eq(adminUsers.username, 'moved'));
    t.clock.advance(30_000);
    const challenge = cookieOf(await passwordStep('moved'), 'sid2fa')!;
    expect((await post('/api/auth/login/two-factor', challenge, { code: codeFor(secret) })).statusCode).toBe(400);
    expect((await post('/api/auth/login/two-factor', challenge, { code: recoveryCodes[0] })).statusCode).toBe(200);
    expect((await t.services.twoFactor.sealSecretsAtStart()).otherKey).toContainEqual({ username: 'moved', keyId: otherBox.keyId });
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

describe('owner powers that lead to money, people or data', () => {
  const secondFactorIssue = [{ path: 'secondFactor', message: 'Enter a code from your authenticator app to confirm this' }];
  const send = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, payload: method === 'GET' ? undefined : (payload ?? {}) });

  it('are exactly the routes that declare a fresh code', () => {
    const declared = t.routes.filter((route) => route.needsFreshCode).map((route) => `${route.method} ${route.url}`);
    expect(declared.sort()).toEqual(
      [
        'POST /api/admin/accounts/invites',
        'PATCH /api/admin/accounts/:id',
        'GET /api/admin/backup',
        'GET /api/admin/tournaments/:id/teams.csv',
        'GET /api/admin/teams/:id/export',
        'POST /api/admin/teams/:id/erase',
        'POST /api/teams/:id/refund',
        'POST /api/tournaments/:id/cancel',
        'POST /api/teams/:id/team-link',
        'GET /api/admin/mail/failed',
        'POST /api/admin/mail/:id/retry',
        'POST /api/auth/discord/link',
      ].sort(),
    );
  });

  it('a session whose code is 16 minutes old cannot invite, change roles, disable, download the backup, export, erase or redirect mail; a fresh code lets it', async () => {
    const { secret, cookie } = await enrolled('grace');
    await t.services.auth.upsertAdmin('real-owner', password, 'owner');
    const realOwnerId = (((await send('GET', '/api/admin/accounts', cookie)).json() as { accounts: { id: string; username: string }[] }).accounts.find((a) => a.username === 'real-owner'))!.id;
    const tournament = await createOpenTournament(t, cookie, { name: 'Data Cup', entryFee: '0' });
    const team = await registerTeam(t.app, tournament.id, { captainEmail: 'captain@example.net' });
    const settings = (await send('GET', '/api/admin/settings', cookie)).json() as { values: Record<string, unknown> };
    t.clock.advance(16 * 60_000);

    const attempts = {
      invite: () => send('POST', '/api/admin/accounts/invites', cookie, { role: 'owner' }),
      demote: () => send('PATCH', `/api/admin/accounts/${realOwnerId}`, cookie, { role: 'staff' }),
      disable: () => send('PATCH', `/api/admin/accounts/${realOwnerId}`, cookie, { disabled: true }),
      backup: () => send('GET', '/api/admin/backup', cookie),
      teamsCsv: () => send('GET', `/api/admin/tournaments/${tournament.id}/teams.csv`, cookie),
      teamExport: () => send('GET', `/api/admin/teams/${team.id}/export`, cookie),
      supportEmail: () => send('PUT', '/api/admin/settings', cookie, { ...settings.values, supportEmail: 'attacker@example.org' }),
      organizerContact: () => send('PUT', '/api/admin/settings', cookie, { ...settings.values, organizerContact: 'attacker@example.org' }),
      erase: () => send('POST', `/api/admin/teams/${team.id}/erase`, cookie),
      // A new team link opens the team's export, erasure and withdrawal, and locks the captain's link out.
      teamLink: () => send('POST', `/api/teams/${team.id}/team-link`, cookie),
      failedMail: () => send('GET', '/api/admin/mail/failed', cookie),
    };
    for (const [name, attempt] of Object.entries(attempts)) {
      const response = await attempt();
      expect(response.statusCode, `${name}: ${response.body}`).toBe(403);
      expect(response.json().issues, name).toEqual(secondFactorIssue);
    }
    // Nor do captains' addresses come in the team lists, which the CSV would otherwise be made from.
    const listed = await send('GET', `/api/admin/teams?tournamentId=${tournament.id}`, cookie);
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain('captain@example.net');
    const full = await createOpenTournament(t, cookie, { name: 'Full Data Cup', entryFee: '0', maxTeams: 4 });
    for (let i = 0; i < 4; i++) await registerTeam(t.app, full.id);
    const waiting = await t.app.inject({ method: 'POST', url: `/api/tournaments/${full.id}/waitlist`, payload: teamPayload(full.id, { captainEmail: 'waiting@example.net' }) });
    expect(waiting.statusCode, waiting.body).toBe(201);
    const waitlist = await send('GET', `/api/tournaments/${full.id}/waitlist`, cookie);
    expect(waitlist.statusCode).toBe(200);
    expect(waitlist.body).not.toContain('waiting@example.net');
    // Settings that route no mail need no code.
    const renamed = await send('PUT', '/api/admin/settings', cookie, { ...settings.values, siteName: 'Renamed Cup' });
    expect(renamed.statusCode, renamed.body).toBe(200);

    expect((await post('/api/auth/two-factor/verify', cookie, { code: codeFor(secret) })).statusCode).toBe(200);
    expect(JSON.stringify((await send('GET', `/api/admin/teams?tournamentId=${tournament.id}`, cookie)).json())).toContain('captain@example.net');
    expect((await send('GET', `/api/tournaments/${full.id}/waitlist`, cookie)).body).toContain('waiting@example.net');
    const csv = await attempts.teamsCsv();
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="teams-data-cup-/);
    expect(csv.body).toContain('captain@example.net');
    for (const name of ['invite', 'demote', 'backup', 'teamExport', 'supportEmail', 'teamLink', 'failedMail'] as const) {
      const response = await attempts[name]();
      expect(response.statusCode, `${name}: ${response.body}`).toBeLessThan(300);
    }
    // Past the code check: the erasure's own rule answers (a team holding its spot is withdrawn first).
    expect((await attempts.erase()).json().error).toMatch(/still holds its spot/);
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
    expect((await strict.app.inject({ method: 'POST', url: '/api/auth/two-factor/enable', headers: { cookie }, payload: { code, currentPassword: adminCredentials.password } })).statusCode).toBe(200);
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
