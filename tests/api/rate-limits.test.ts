import { beforeAll, describe, expect, it } from 'vitest';
import { loginPolicy } from '../../src/server/auth/login-throttle.js';
import { publicWriteLimits } from '../../src/server/http/public-write-limits.js';
import { adminCredentials, createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: 'on', TRUST_PROXY: 'true' });
});

const from = (ip: string) => ({ 'x-forwarded-for': ip });
const login = (ip: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', headers: from(ip), payload: { username: adminCredentials.username, password } });

describe('sign-in throttling', () => {
  it('answers 429 with Retry-After to an address that keeps failing, while the right password from elsewhere still works', async () => {
    for (let i = 0; i < loginPolicy.maxFailuresPerAddress; i++) expect((await login('203.0.113.7', 'wrong password')).statusCode).toBe(401);
    const blocked = await login('203.0.113.7', adminCredentials.password);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().error).toBe('Too many requests, please try again later');

    const owner = await login('198.51.100.20', adminCredentials.password);
    expect(owner.statusCode).toBe(200);
  }, 60_000);

  it('counts parallel guesses too: no more than the limit get an answer', async () => {
    const responses = await Promise.all(Array.from({ length: 30 }, () => login('203.0.113.99', 'wrong password')));
    expect(responses.filter((r) => r.statusCode === 401)).toHaveLength(loginPolicy.maxFailuresPerAddress);
    expect(responses.filter((r) => r.statusCode === 429)).toHaveLength(30 - loginPolicy.maxFailuresPerAddress);
  }, 60_000);

  it('lets the window pass', async () => {
    t.clock.advance(loginPolicy.windowMs + 1000);
    try {
      expect((await login('203.0.113.7', adminCredentials.password)).statusCode).toBe(200);
    } finally {
      t.clock.set(new Date());
    }
  });
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
});
