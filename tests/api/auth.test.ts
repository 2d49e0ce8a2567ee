import { beforeAll, describe, expect, it } from 'vitest';
import { sessionPolicy } from '../../src/server/auth/service.js';
import { rateLimits, sessions } from '../../src/server/db/schema.js';
import { adminCredentials, createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

const login = (payload: unknown, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object, headers });
const whoAmI = (cookie?: string) => t.app.inject({ method: 'GET', url: '/api/auth/user', headers: cookie ? { cookie } : {} });
const sid = (response: Awaited<ReturnType<typeof login>>) => response.cookies.find((c) => c.name === 'sid');

describe('admin sign-in', () => {
  it('reports the login form messages', async () => {
    const response = await login({ username: '', password: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([
      { path: 'username', message: 'Username is required' },
      { path: 'password', message: 'Password is required' },
    ]);
  });

  it('refuses a wrong password or unknown user with 401 and no cookie', async () => {
    for (const payload of [{ ...adminCredentials, password: 'wrong password' }, { username: 'nobody', password: 'whatever' }]) {
      const response = await login(payload);
      expect(response.statusCode).toBe(401);
      expect(sid(response)).toBeUndefined();
    }
  });

  it('treats no session as 401 on the current-user call', async () => {
    expect((await whoAmI()).statusCode).toBe(401);
    expect((await whoAmI('sid=made-up-token')).statusCode).toBe(401);
  });

  it('signs in with an HttpOnly SameSite=Lax cookie, recognises the session and ends it on logout', async () => {
    const response = await login(adminCredentials);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ username: adminCredentials.username, role: 'owner', twoFactorEnabled: false, mustEnrolTwoFactor: false });
    const cookie = sid(response)!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.path).toBe('/');
    const header = `sid=${cookie.value}`;
    expect((await whoAmI(header)).json()).toEqual({ username: adminCredentials.username, role: 'owner', twoFactorEnabled: false, mustEnrolTwoFactor: false });

    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: header } });
    expect(out.statusCode).toBe(200);
    expect((await whoAmI(header)).statusCode).toBe(401);
  });

  it('issues a new session id on every login and kills the one it replaces', async () => {
    const first = `sid=${sid(await login(adminCredentials))!.value}`;
    const second = sid(await login(adminCredentials, { cookie: first }))!;
    expect(`sid=${second.value}`).not.toBe(first);
    expect((await whoAmI(first)).statusCode).toBe(401);
    expect((await whoAmI(`sid=${second.value}`)).statusCode).toBe(200);
  });

  it('expires a session after 12 idle hours and after 7 days whatever the activity', async () => {
    const idle = `sid=${sid(await login(adminCredentials))!.value}`;
    t.clock.advance(sessionPolicy.idleMs + 1000);
    expect((await whoAmI(idle)).statusCode).toBe(401);

    const busy = `sid=${sid(await login(adminCredentials))!.value}`;
    for (let elapsed = 0; elapsed < sessionPolicy.absoluteMs; elapsed += 6 * 60 * 60 * 1000) {
      expect((await whoAmI(busy)).statusCode).toBe(200);
      t.clock.advance(6 * 60 * 60 * 1000);
    }
    expect((await whoAmI(busy)).statusCode).toBe(401);
    t.clock.set(new Date());
  });

  it('purges expired sessions and past rate-limit windows', async () => {
    await login(adminCredentials);
    await t.services.limiter.hit('test-key', 1000);
    // Past every session this file made, whatever the earlier tests did to the clock.
    t.clock.advance(4 * sessionPolicy.absoluteMs);
    try {
      await t.services.auth.purgeExpiredSessions();
      await t.services.limiter.purgeExpired();
      expect(await t.database.db.select().from(sessions)).toEqual([]);
      expect(await t.database.db.select().from(rateLimits)).toEqual([]);
    } finally {
      t.clock.set(new Date());
    }
  });
});
