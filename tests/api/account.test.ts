import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeBrowser } from '../../src/server/auth/browser-name.js';
import { sessionPolicy } from '../../src/server/auth/service.js';
import { auditLog } from '../../src/server/db/schema.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
const firefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const safariPhone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

beforeAll(async () => {
  t = await createTestApp();
  await t.services.auth.upsertAdmin('keeper', 'keeper password one');
});

/** Signs `username` in from a browser at an address; answers the session cookie. */
async function signIn(username: string, password: string, userAgent = firefox, address = '203.0.113.7'): Promise<string> {
  const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, headers: { 'user-agent': userAgent }, remoteAddress: address });
  expect(response.statusCode, response.body).toBe(200);
  return `sid=${response.cookies.find((c) => c.name === 'sid')!.value}`;
}
const whoAmI = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode;
const changePassword = (cookie: string, payload: unknown) => t.app.inject({ method: 'PUT', url: '/api/auth/password', headers: { cookie }, payload: payload as object });
const listSessions = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: { cookie } });

describe('own password', () => {
  it('needs the current password, and ends the other sessions but not this one', async () => {
    const laptop = await signIn('keeper', 'keeper password one');
    const phone = await signIn('keeper', 'keeper password one', safariPhone, '198.51.100.4');

    const wrong = await changePassword(laptop, { currentPassword: 'not my password', newPassword: 'keeper password two' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().issues).toEqual([{ path: 'currentPassword', message: 'The current password is wrong' }]);
    expect(await whoAmI(phone)).toBe(200);

    const changed = await changePassword(laptop, { currentPassword: 'keeper password one', newPassword: 'keeper password two' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await whoAmI(laptop)).toBe(200);
    expect(await whoAmI(phone)).toBe(401);

    const old = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'keeper', password: 'keeper password one' } });
    expect(old.statusCode).toBe(401);
    await signIn('keeper', 'keeper password two');

    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'auth.password_change'));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor: 'keeper', after: { otherSessionsEnded: 1 } });
    // The audit log never holds a password, old or new.
    expect(JSON.stringify(entries)).not.toContain('keeper password');
  });

  it('refuses a short, a common or an unchanged password with the form messages', async () => {
    const cookie = await t.login();
    const cases: [unknown, { path: string; message: string }[]][] = [
      [{ currentPassword: '', newPassword: '' }, [{ path: 'currentPassword', message: 'Current password is required' }, { path: 'newPassword', message: 'Password must be at least 12 characters' }]],
      [{ currentPassword: 'x', newPassword: 'Password1234' }, [{ path: 'newPassword', message: 'This password is too common: choose another' }]],
    ];
    for (const [payload, issues] of cases) {
      const response = await changePassword(cookie, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().issues).toEqual(issues);
    }
    const same = await changePassword(cookie, { currentPassword: 'correct horse battery staple', newPassword: 'correct horse battery staple' });
    expect(same.statusCode).toBe(400);
    expect(same.json().issues).toEqual([{ path: 'newPassword', message: 'The new password must differ from the current one' }]);
  });

  it('is throttled like a sign-in: guesses at the current password get 429', async () => {
    const limited = await createTestApp({ RATE_LIMITS: 'on' });
    const cookie = await limited.login();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await limited.app.inject({ method: 'PUT', url: '/api/auth/password', headers: { cookie }, payload: { currentPassword: `guess ${i}`, newPassword: 'a brand new passphrase' } })).statusCode);
    expect(statuses.slice(0, 3)).toEqual([400, 400, 400]);
    expect(statuses.slice(3)).toContain(429);
  });
});

describe('own sessions', () => {
  it('lists the browser, address and times of each session, this one marked, newest use first', async () => {
    await t.services.auth.upsertAdmin('lister', 'lister password one');
    const phone = await signIn('lister', 'lister password one', safariPhone, '198.51.100.4');
    t.clock.advance(2000);
    const laptop = await signIn('lister', 'lister password one', firefox, '203.0.113.7');
    const response = await listSessions(laptop);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const sessions = response.json();
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toMatchObject({ browser: 'Firefox on Windows', address: '203.0.113.7', current: true });
    expect(sessions[1]).toMatchObject({ browser: 'Safari on iOS', address: '198.51.100.4', current: false });
    expect(Object.keys(sessions[0]).sort()).toEqual(['address', 'browser', 'current', 'id', 'lastSeenAt', 'signedInAt']);
    // Seen from the phone, the phone is the current one.
    expect((await listSessions(phone)).json().find((s: { current: boolean }) => s.current).browser).toBe('Safari on iOS');
  });

  it('leaves out a session that was idle too long, before any purge removed it', async () => {
    await t.services.auth.upsertAdmin('idler', 'idler password one');
    await signIn('idler', 'idler password one', safariPhone, '198.51.100.4');
    t.clock.advance(sessionPolicy.idleMs + 60_000);
    const laptop = await signIn('idler', 'idler password one', firefox, '203.0.113.7');
    const sessions = (await listSessions(laptop)).json();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ browser: 'Firefox on Windows', current: true });
  });

  it('ends one session by its id, only one of its own, and then all the others', async () => {
    await t.services.auth.upsertAdmin('ender', 'ender password one');
    const a = await signIn('ender', 'ender password one');
    const b = await signIn('ender', 'ender password one', safariPhone);
    const c = await signIn('ender', 'ender password one', safariPhone);
    const someoneElse = await t.login();

    const theirs = (await listSessions(someoneElse)).json()[0].id as string;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${theirs}`, headers: { cookie: a } })).statusCode).toBe(404);
    expect(await whoAmI(someoneElse)).toBe(200);

    const bId = (await listSessions(b)).json().find((s: { current: boolean }) => s.current).id as string;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${bId}`, headers: { cookie: a } })).statusCode).toBe(200);
    expect(await whoAmI(b)).toBe(401);
    expect(await whoAmI(c)).toBe(200);

    const ended = await t.app.inject({ method: 'DELETE', url: '/api/auth/sessions', headers: { cookie: a } });
    expect(ended.json()).toEqual({ ended: 1 });
    expect(await whoAmI(c)).toBe(401);
    expect(await whoAmI(a)).toBe(200);
    expect((await listSessions(a)).json()).toHaveLength(1);
  });

  it('answers 401 without a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/auth/sessions'],
      ['DELETE', '/api/auth/sessions'],
      ['DELETE', '/api/auth/sessions/00000000-0000-4000-8000-000000000000'],
      ['PUT', '/api/auth/password'],
    ] as const) {
      expect((await t.app.inject({ method, url, payload: method === 'PUT' ? { currentPassword: 'a', newPassword: 'b' } : undefined })).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('browser names', () => {
  it('names the common browsers and systems, Edge and Opera before the Chrome they also claim', () => {
    expect(describeBrowser('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.0.0')).toBe('Edge on Windows');
    expect(describeBrowser('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36')).toBe('Chrome on Linux');
    expect(describeBrowser('Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36')).toBe('Chrome on Android');
    expect(describeBrowser('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15')).toBe('Safari on macOS');
    expect(describeBrowser(safariPhone)).toBe('Safari on iOS');
    expect(describeBrowser(undefined)).toBe('Unknown browser');
    expect(describeBrowser('curl/8.5.0')).toBe('Unknown browser');
  });
});
