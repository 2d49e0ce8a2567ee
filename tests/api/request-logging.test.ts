import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import type { Database } from '../../src/server/db/client.js';
import { createTestDatabase } from '../support/test-app.js';

/** The app with the logger main.ts builds (production form), writing its JSON lines into `lines`. */
let built: BuiltApp;
let database: Database;
const lines: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', PORT: '5000', RATE_LIMITS: 'off' });
  built = await buildApp({ config, database, logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } });
});

afterAll(async () => {
  await built.app.close();
  await database.close();
});

describe('request logs', () => {
  it('keep the path of a request but never its query string, where personal data travels', async () => {
    const secrets = ['jo.secret%40example.com', 'Jo+Secretname', '%2B33612345678'];
    const query = `?email=${secrets[0]}&name=${secrets[1]}&phone=${secrets[2]}`;
    await built.app.inject({ method: 'GET', url: `/api/tournaments${query}` });
    await built.app.inject({ method: 'GET', url: `/api/tournaments/not-an-id/teams${query}` });
    await built.app.inject({ method: 'POST', url: `/api/contact${query}`, payload: { name: 'J' } });
    await built.app.inject({ method: 'GET', url: `/api/nowhere${query}` });

    const logged = lines.join('\n');
    for (const secret of [...secrets, 'jo.secret@example.com', 'Secretname', '33612345678', 'email=', '?']) {
      expect(logged, secret).not.toContain(secret);
    }
    const urls = lines.map((line) => JSON.parse(line) as { msg: string; req?: { url: string } }).filter((entry) => entry.req).map((entry) => entry.req!.url);
    expect(urls).toEqual(['/api/tournaments', '/api/tournaments/not-an-id/teams', '/api/contact', '/api/nowhere']);
  });
});

describe('development request logs', () => {
  it('leave out the built client’s files, which would bury the start-up message, and keep the API', async () => {
    const devLines: string[] = [];
    const devDatabase = await createTestDatabase();
    const config = loadConfig({ NODE_ENV: 'development', PORT: '5000', RATE_LIMITS: 'off' });
    const dev = await buildApp({ config, database: devDatabase, logger: { level: 'info', stream: { write: (line: string) => void devLines.push(line) } } });
    try {
      await dev.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
      await dev.app.inject({ method: 'GET', url: '/favicon.svg' });
      await dev.app.inject({ method: 'GET', url: '/api/tournaments' });
      const urls = devLines.map((line) => JSON.parse(line) as { req?: { url: string } }).filter((entry) => entry.req).map((entry) => entry.req!.url);
      expect(urls).toEqual(['/api/tournaments']);
    } finally {
      await dev.app.close();
      await devDatabase.close();
    }
  });
});
