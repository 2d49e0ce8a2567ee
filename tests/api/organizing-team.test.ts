import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountInvites, auditLog, outbox } from '../../src/server/db/schema.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let owner: string;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://cup.example' });
  owner = await t.login();
});

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload });

async function invite(role: string, email?: string) {
  const response = await call('POST', '/api/admin/accounts/invites', owner, { role, ...(email ? { email } : {}) });
  expect(response.statusCode, response.body).toBe(200);
  const { inviteUrl } = response.json() as { inviteUrl: string };
  return { inviteUrl, token: inviteUrl.split('/').pop()! };
}
const accept = (token: string, username: string, password = 'a long enough password') =>
  call('POST', `/api/auth/invites/${token}/accept`, undefined, { username, password });
const sessionOf = (response: { cookies: { name: string; value: string }[] }) => `sid=${response.cookies.find((c) => c.name === 'sid')!.value}`;
const accounts = async (cookie = owner) => (await call('GET', '/api/admin/accounts', cookie)).json() as { accounts: { id: string; username: string; role: string; disabled: boolean; lastSignInAt: string | null }[]; invites: { id: string }[] };
const idOf = async (username: string, cookie = owner) => (await accounts(cookie)).accounts.find((a) => a.username === username)!.id;

describe('invites', () => {
  it('gives a single-use link on the public address; only its hash is stored; accepting signs the new account in', async () => {
    const { inviteUrl, token } = await invite('staff');
    expect(inviteUrl).toMatch(/^https:\/\/cup\.example\/admin\/invite\/[\w-]{40,}$/);
    const stored = await t.database.db.select().from(accountInvites);
    expect(JSON.stringify(stored)).not.toContain(token);

    expect((await call('GET', `/api/auth/invites/${token}`)).json()).toMatchObject({ role: 'staff' });
    const accepted = await accept(token, 'sam');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ username: 'sam', role: 'staff', twoFactorEnabled: false, mustEnrolTwoFactor: false });
    const me = await call('GET', '/api/auth/user', sessionOf(accepted));
    expect(me.json()).toMatchObject({ username: 'sam', role: 'staff' });

    // Used: refused, on the page and on a second accept.
    expect((await call('GET', `/api/auth/invites/${token}`)).statusCode).toBe(404);
    const again = await accept(token, 'sam-two');
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe('This invite link is not valid: it was used, withdrawn or has expired. Ask for a new one.');

    // The staff member signs in with the chosen password afterwards.
    const login = await call('POST', '/api/auth/login', undefined, { username: 'sam', password: 'a long enough password' });
    expect(login.statusCode).toBe(200);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'account.invite_accept'));
    expect(audit[0].actor).toBe('sam');
  });

  it('expires after 72 hours', async () => {
    const { token } = await invite('organizer');
    t.clock.advance(72 * 60 * 60 * 1000 + 1000);
    expect((await accept(token, 'late-comer')).statusCode).toBe(404);
    // Three days idle ended the owner's session too.
    owner = await t.login();
  });

  it('is withdrawn by the owner, and its link then fails', async () => {
    const { token } = await invite('organizer');
    const open = (await accounts()).invites;
    expect(open.length).toBeGreaterThan(0);
    expect((await call('DELETE', `/api/admin/accounts/invites/${open[0].id}`, owner)).statusCode).toBe(200);
    expect((await accept(token, 'withdrawn')).statusCode).toBe(404);
  });

  it('holds the password rules of admin:create and refuses a taken username', async () => {
    const { token } = await invite('staff');
    const short = await accept(token, 'shorty', 'too short');
    expect(short.statusCode).toBe(400);
    expect(short.json().issues[0].path).toBe('password');
    const common = await accept(token, 'commoner', 'password1234');
    expect(common.statusCode).toBe(400);
    const taken = await accept(token, 'ORGANIZER');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().issues).toEqual([{ path: 'username', message: 'That username is taken: choose another' }]);
    // Refusals do not spend the link.
    expect((await accept(token, 'second-try')).statusCode).toBe(200);
  });

  it('is mailed when an address is given and mail is configured', async () => {
    const mailing = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:2' });
    const cookie = await mailing.login();
    const response = await mailing.app.inject({ method: 'POST', url: '/api/admin/accounts/invites', headers: { cookie }, payload: { role: 'staff', email: 'helper@example.org' } });
    expect(response.json()).toMatchObject({ mailed: true });
    const [mail] = await mailing.database.db.select().from(outbox);
    expect(mail.to).toBe('helper@example.org');
    expect(mail.body).toContain((response.json() as { inviteUrl: string }).inviteUrl);
    // Without mail configured, the link is only shown.
    expect((await call('POST', '/api/admin/accounts/invites', owner, { role: 'staff', email: 'helper@example.org' })).json()).toMatchObject({ mailed: false });
    const badEmail = await call('POST', '/api/admin/accounts/invites', owner, { role: 'staff', email: 'not-an-address' });
    expect(badEmail.statusCode).toBe(400);
  });
});

describe('roles and disabling', () => {
  it("a disabled account's live session stops working on its next request, and it cannot sign in", async () => {
    const { token } = await invite('organizer');
    const session = sessionOf(await accept(token, 'olga'));
    expect((await call('GET', '/api/admin/teams', session)).statusCode).toBe(200);
    expect((await call('PATCH', `/api/admin/accounts/${await idOf('olga')}`, owner, { disabled: true })).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/teams', session)).statusCode).toBe(401);
    const login = await call('POST', '/api/auth/login', undefined, { username: 'olga', password: 'a long enough password' });
    expect(login.statusCode).toBe(403);
    expect((await accounts()).accounts.find((a) => a.username === 'olga')).toMatchObject({ disabled: true });

    expect((await call('PATCH', `/api/admin/accounts/${await idOf('olga')}`, owner, { disabled: false })).statusCode).toBe(200);
    expect((await call('POST', '/api/auth/login', undefined, { username: 'olga', password: 'a long enough password' })).statusCode).toBe(200);
  });

  it('a role change takes effect on the next request', async () => {
    const { token } = await invite('organizer');
    const session = sessionOf(await accept(token, 'pete'));
    expect((await call('GET', '/api/admin/teams', session)).statusCode).toBe(200);
    expect((await call('PATCH', `/api/admin/accounts/${await idOf('pete')}`, owner, { role: 'staff' })).statusCode).toBe(200);
    expect((await call('POST', '/api/tournaments', session, {})).statusCode).toBe(403);
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'account.role_change'));
    expect(entry.after).toEqual({ role: 'staff' });
  });

  it('the last active owner cannot be demoted or disabled', async () => {
    const ownerId = await idOf('organizer');
    const demote = await call('PATCH', `/api/admin/accounts/${ownerId}`, owner, { role: 'staff' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().error).toBe('The last active owner cannot be demoted or disabled: make another account an owner first');
    expect((await call('PATCH', `/api/admin/accounts/${ownerId}`, owner, { disabled: true })).statusCode).toBe(409);

    // With a second owner, the first may step down.
    const { token } = await invite('owner');
    await accept(token, 'quinn');
    expect((await call('PATCH', `/api/admin/accounts/${ownerId}`, owner, { role: 'organizer' })).statusCode).toBe(200);
    const quinn = sessionOf(await call('POST', '/api/auth/login', undefined, { username: 'quinn', password: 'a long enough password' }));
    // The demoted account's next request already lacks the owner's permission.
    expect((await call('GET', '/api/admin/accounts', owner)).statusCode).toBe(403);
    expect((await call('PATCH', `/api/admin/accounts/${await idOf('quinn', quinn)}`, quinn, { role: 'staff' })).statusCode).toBe(409);
    expect((await call('PATCH', `/api/admin/accounts/${ownerId}`, quinn, { role: 'owner' })).statusCode).toBe(200);
  });

  it('lists last sign-in and refuses an empty change or an unknown account', async () => {
    const listed = (await accounts()).accounts.find((a) => a.username === 'organizer')!;
    expect(listed.lastSignInAt).not.toBeNull();
    expect((await call('PATCH', `/api/admin/accounts/${listed.id}`, owner, {})).statusCode).toBe(400);
    expect((await call('PATCH', '/api/admin/accounts/00000000-0000-4000-8000-000000000000', owner, { role: 'staff' })).statusCode).toBe(404);
  });
});
