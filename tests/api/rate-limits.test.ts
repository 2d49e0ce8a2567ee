import { Secret, TOTP } from 'otpauth';
import type { SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loginPolicy } from '../../src/server/auth/login-throttle.js';
import { publicWriteLimits } from '../../src/server/http/public-write-limits.js';
import { createRateLimiter } from '../../src/server/http/rate-limit.js';
import { adminCredentials, createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: 'on', TRUST_PROXY: 'true' });
});

const from = (ip: string) => ({ 'x-forwarded-for': ip });
const login = (ip: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', headers: from(ip), payload: { username: adminCredentials.username, password } });

describe('sign-in throttling', () => {
  /** Lets the account's delay pass on the fake clock: the worst the real organizer waits after a failure. */
  const waitOutAccountDelay = () => t.clock.advance(loginPolicy.maxDelayMs);

  async function failFrom(ip: string, times: number) {
    for (let i = 0; i < times; i++) {
      expect((await login(ip, 'wrong password')).statusCode).toBe(401);
      waitOutAccountDelay();
    }
  }

  it('lets the right password in from an address that failed 10 times, once the account delay has passed', async () => {
    await failFrom('203.0.113.7', loginPolicy.maxFailuresPerAddress - 1);
    // The 10th failure, then the owner at once: the account delay answers, without checking the password.
    expect((await login('203.0.113.7', 'wrong password')).statusCode).toBe(401);
    const early = await login('203.0.113.7', adminCredentials.password);
    expect(early.statusCode).toBe(429);
    const retryAfter = Number(early.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(loginPolicy.maxDelayMs / 1000);
    expect(early.json().error).toBe('Too many requests, please try again later');

    t.clock.advance(retryAfter * 1000);
    expect((await login('203.0.113.7', adminCredentials.password)).statusCode).toBe(200);
    t.clock.set(new Date());
  }, 60_000);

  it('answers a wrong password from an address over its limit with 429, checks the right one, and a success starts the address over', async () => {
    await failFrom('203.0.113.8', loginPolicy.maxFailuresPerAddress);
    const over = await login('203.0.113.8', 'wrong password');
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    waitOutAccountDelay();

    expect((await login('203.0.113.8', adminCredentials.password)).statusCode).toBe(200);
    // Both counters started over: the address and the account have their free failures again.
    for (let i = 0; i < loginPolicy.freeFailuresPerUsername; i++) expect((await login('203.0.113.8', 'wrong password')).statusCode).toBe(401);
    expect((await login('203.0.113.8', 'wrong password')).statusCode).toBe(429);
    waitOutAccountDelay();
    expect((await login('203.0.113.8', adminCredentials.password)).statusCode).toBe(200);
    t.clock.set(new Date());
  }, 60_000);

  it('checks at most one of many parallel guesses on one account per delay slot, from any number of addresses', async () => {
    const guesses = (n: number) => Promise.all(Array.from({ length: n }, (_, i) => login(`198.51.100.${i + 1}`, 'wrong password')));
    // The free failures, then the account is inside its delay: nothing is checked.
    await failFrom('192.0.2.10', loginPolicy.freeFailuresPerUsername);
    t.clock.advance(-loginPolicy.maxDelayMs);
    const inside = await guesses(50);
    expect(inside.filter((r) => r.statusCode === 401)).toHaveLength(0);
    expect(inside.every((r) => r.statusCode === 429 && Number(r.headers['retry-after']) > 0)).toBe(true);

    // The slot opens: 50 parallel guesses get exactly one check.
    waitOutAccountDelay();
    const atOpening = await guesses(50);
    expect(atOpening.filter((r) => r.statusCode === 401)).toHaveLength(1);
    expect(atOpening.filter((r) => r.statusCode === 429)).toHaveLength(49);

    waitOutAccountDelay();
    expect((await login('192.0.2.10', adminCredentials.password)).statusCode).toBe(200);
    t.clock.set(new Date());
  }, 60_000);

  it('doubles the account delay with each failure past the free ones, up to the cap', async () => {
    await failFrom('192.0.2.20', loginPolicy.freeFailuresPerUsername);
    t.clock.advance(-loginPolicy.maxDelayMs);
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      const refused = await login('192.0.2.20', 'wrong password');
      expect(refused.statusCode).toBe(429);
      const retryAfter = Number(refused.headers['retry-after']);
      waits.push(retryAfter);
      t.clock.advance(retryAfter * 1000);
      // From elsewhere each time: the address limit is not what this is about.
      expect((await login(`192.0.2.${21 + i}`, 'wrong password')).statusCode).toBe(401);
    }
    const first = loginPolicy.firstDelayMs / 1000;
    expect(waits).toEqual(waits.map((_, i) => Math.min(loginPolicy.maxDelayMs / 1000, first * 2 ** i)));
    t.clock.advance(loginPolicy.maxDelayMs);
    expect((await login('192.0.2.20', adminCredentials.password)).statusCode).toBe(200);
    t.clock.set(new Date());
  }, 60_000);

  it("forgets an account's failures after a quiet window", async () => {
    await failFrom('192.0.2.30', loginPolicy.freeFailuresPerUsername + 2);
    t.clock.advance(loginPolicy.windowMs + loginPolicy.maxDelayMs);
    for (let i = 0; i < loginPolicy.freeFailuresPerUsername; i++) expect((await login('192.0.2.30', 'wrong password')).statusCode).toBe(401);
    t.clock.advance(loginPolicy.maxDelayMs);
    expect((await login('192.0.2.30', adminCredentials.password)).statusCode).toBe(200);
    t.clock.set(new Date());
  }, 60_000);
});

describe('two-factor codes', () => {
  it('are throttled like passwords: past the free attempts a code guess gets 429 unchecked, and the right code works once the delay has passed', async () => {
    const username = 'code-guesser';
    const password = 'a long enough password';
    await t.services.auth.upsertAdmin(username, password, 'owner');
    const passwordStep = () => t.app.inject({ method: 'POST', url: '/api/auth/login', headers: from('192.0.2.70'), payload: { username, password } });
    const cookieOf = (response: { cookies: { name: string; value: string }[] }, name: string) =>
      `${name}=${response.cookies.find((c) => c.name === name)!.value}`;
    const signedIn = cookieOf(await passwordStep(), 'sid');
    const setup = await t.app.inject({ method: 'POST', url: '/api/auth/two-factor/setup', headers: { cookie: signedIn }, payload: {} });
    const totp = new TOTP({ secret: Secret.fromBase32((setup.json() as { secret: string }).secret) });
    const enabled = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/enable',
      headers: { cookie: signedIn },
      payload: { code: totp.generate({ timestamp: t.clock.now().getTime() }), currentPassword: password },
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    t.clock.advance(loginPolicy.maxDelayMs);

    const challenge = cookieOf(await passwordStep(), 'sid2fa');
    const codeStep = (code: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login/two-factor', headers: { ...from('192.0.2.70'), cookie: challenge }, payload: { code } });
    // The password step was the first attempt on the account; the code guesses go on from there.
    const answers: number[] = [];
    for (let i = 0; i < loginPolicy.freeFailuresPerUsername + 1; i++) answers.push((await codeStep('000000')).statusCode);
    expect(answers.slice(0, loginPolicy.freeFailuresPerUsername - 1).every((status) => status === 400)).toBe(true);
    expect(answers.at(-1)).toBe(429);

    t.clock.advance(loginPolicy.maxDelayMs);
    const right = await codeStep(totp.generate({ timestamp: t.clock.now().getTime() }));
    expect(right.statusCode, right.body).toBe(200);
    t.clock.set(new Date());
  }, 60_000);
});

describe('public write limits', () => {
  it('answers 429 with Retry-After past the contact limit, per address', async () => {
    const message = { name: 'Jo', email: 'jo@example.com', subject: 'Hello there', message: 'A message long enough to pass.' };
    for (let i = 0; i < publicWriteLimits.contact.max; i++) {
      expect((await t.app.inject({ method: 'POST', url: '/api/contact', headers: from('192.0.2.50'), payload: message })).statusCode).toBe(201);
    }
    const limited = await t.app.inject({ method: 'POST', url: '/api/contact', headers: from('192.0.2.50'), payload: message });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await t.app.inject({ method: 'POST', url: '/api/contact', headers: from('192.0.2.51'), payload: message })).statusCode).toBe(201);
  });

  it('limits team creation per address', async () => {
    const bogus = { tournamentId: '00000000-0000-4000-8000-000000000000' };
    let last = 0;
    for (let i = 0; i <= publicWriteLimits.teamCreate.max; i++) {
      last = (await t.app.inject({ method: 'POST', url: '/api/teams', headers: from('192.0.2.60'), payload: bogus })).statusCode;
    }
    expect(last).toBe(429);
  });

  it('counts simultaneous requests one by one, though their counters are written together: exactly the limit passes, per address', async () => {
    const bogus = { tournamentId: '00000000-0000-4000-8000-000000000001' };
    const { max } = publicWriteLimits.teamCreate;
    const send = (ip: string) => t.app.inject({ method: 'POST', url: '/api/teams', headers: from(ip), payload: bogus });
    const statuses = (await Promise.all([...Array.from({ length: max + 5 }, () => send('192.0.2.70')), send('192.0.2.71'), send('192.0.2.71')])).map(
      (r) => r.statusCode,
    );
    // Past the limit: 429; within it the request goes on to the route (which refuses the bogus body: 400).
    expect(statuses.slice(0, max + 5).filter((s) => s === 400)).toHaveLength(max);
    expect(statuses.slice(0, max + 5).filter((s) => s === 429)).toHaveLength(5);
    expect(statuses.slice(max + 5)).toEqual([400, 400]);
  });

  it('upserts the counters of a batch in key order, the same in every process, so that two processes never deadlock', async () => {
    const db = t.database.db as unknown as { execute: (query: SQL) => unknown; dialect: { sqlToQuery(query: SQL): { sql: string } } };
    const execute = db.execute.bind(db);
    const statements: string[] = [];
    vi.spyOn(db, 'execute').mockImplementation((query: SQL) => {
      statements.push(db.dialect.sqlToQuery(query).sql);
      return execute(query);
    });
    const limiter = createRateLimiter(t.database.db, () => new Date());
    await Promise.all(['order:b', 'order:c', 'order:a'].map((key) => limiter.hit(key, 60_000)));
    vi.restoreAllMocks();
    const upserts = statements.filter((text) => text.includes('insert into rate_limits'));
    expect(upserts).toHaveLength(1);
    expect(upserts[0]).toMatch(/order by h\.key\s+on conflict/);
  });
});
