// The site under test: the built server (`<SITE_DIST>/server/main.js`) started as production
// starts it, plus the admin API calls that give it data.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { freePort, runToEnd, start, waitForHttp } from './processes.mjs';

export const admin = { username: 'benchadmin', password: 'bench-admin-password-1' };

/** Loads the demo season (`npm run seed`) into the database the env points at. */
export async function seed(root, env) {
  await runToEnd('npm run seed', process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'scripts/seed.ts')], {
    cwd: root,
    env: { ...process.env, ...env, NODE_ENV: 'development' },
    timeoutMs: 120_000,
  });
}

/**
 * How `npm start` runs the server (package.json): the environment variables it sets before `node`
 * and the node flags, so that the bench measures it as it runs.
 */
export function startCommand(root) {
  const { scripts } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const match = /(?:^|&& )((?:[A-Z_]+=\S+ )*)node ((?:--\S+ )*)dist\/server\/main\.js/.exec(scripts.start);
  if (!match) throw new Error('package.json: "start" does not run node dist/server/main.js');
  const env = Object.fromEntries(match[1].split(' ').filter(Boolean).map((pair) => pair.split(/=(.*)/s).slice(0, 2)));
  return { env, flags: match[2].split(' ').filter(Boolean) };
}

/** Starts the built server on a free loopback port, with `npm start`'s node flags; resolves once it answers. */
export async function startSite({ root, dist, name, env }) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const command = startCommand(root);
  const handle = start(name, process.execPath, [...command.flags, path.join(root, dist, 'server/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      ...command.env,
      NODE_ENV: 'production',
      PAYMENTS: 'demo',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: origin,
      // Request logging off: the figures are the server's, not the log pipe's (see README).
      LOG_LEVEL: 'warn',
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      // The bench's admin client signs in with a password only (production would ask it to enrol first).
      ADMIN_REQUIRE_2FA: 'off',
      TRUST_PROXY: 'true',
      RATE_LIMITS: 'on',
      // Production with DATABASE_URL refuses to start without the key that encrypts two-factor secrets.
      SECRETS_KEY: crypto.randomBytes(32).toString('base64'),
      ...env,
    },
  });
  await waitForHttp(`${origin}/api/tournaments/active`, { handle, timeoutMs: 120_000 });
  return { handle, origin, pid: handle.pid };
}

/** A signed-in admin talking to the API as the admin page does (same-origin Origin header). */
export async function adminClient(origin) {
  const login = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(admin),
  });
  if (!login.ok) throw new Error(`admin login failed: ${login.status} ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

  async function call(method, url, body) {
    const res = await fetch(`${origin}${url}`, {
      method,
      headers: { origin, cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
    return text ? JSON.parse(text) : null;
  }
  return { call };
}

/** An open, active tournament with `maxTeams` spots and an entry fee (so registrations are payment holds; free: confirmed at once). */
export async function createOpenTournament(api, { name, maxTeams, entryFee = '25.00' }) {
  const day = 86_400_000;
  const tournament = await api.call('POST', '/api/tournaments', {
    name,
    description: 'Created by npm run bench.',
    format: '5v5 Single Elimination',
    prizePool: '10000.00',
    entryFee,
    currency: 'USD',
    maxTeams,
    checkInEnabled: false,
    registrationCloses: new Date(Date.now() + 7 * day).toISOString(),
    tournamentDate: new Date(Date.now() + 10 * day).toISOString(),
    rules: 'Best of 1 single elimination, grand final best of 3.',
  });
  await api.call('PATCH', `/api/tournaments/${tournament.id}/set-active`);
  await api.call('PATCH', `/api/tournaments/${tournament.id}/registration`, { isOpen: true });
  return tournament.id;
}

/** Registers `count` teams the way captains do (public POST /api/teams), each from its own address. */
export async function registerTeams(origin, tournamentId, count, addressPrefix) {
  for (let i = 0; i < count; i++) {
    const tag = `R${i}`;
    const res = await fetch(`${origin}/api/teams`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, 'x-forwarded-for': `${addressPrefix}.${Math.floor(i / 250)}.${(i % 250) + 1}` },
      body: JSON.stringify({
        tournamentId,
        name: `Read Squad ${i + 1}`,
        logoUrl: null,
        captainDiscord: `reader_${i}`,
        captainRiotId: `${tag}Cap#NA1`,
        players: [
          { riotId: `${tag}Cap#NA1`, role: 'Captain' },
          { riotId: `${tag}Duelist#NA1` },
          { riotId: `${tag}Smokes#NA1` },
          { riotId: `${tag}Sentinel#NA1` },
          { riotId: `${tag}Flex#NA1` },
        ],
        substitutes: i % 2 === 0 ? [{ riotId: `${tag}Sub#NA1` }] : [],
      }),
    });
    if (res.status !== 201) throw new Error(`POST /api/teams (team ${i + 1}): ${res.status} ${await res.text()}`);
  }
}

/** A free, featured cup with `teams` confirmed teams and its bracket drawn: what /bracket, a cup's page and a match page show on match day. Returns its slug and first match. */
export async function createCupWithBracket(api, origin, { name, teams, addressPrefix }) {
  const id = await createOpenTournament(api, { name, maxTeams: teams, entryFee: '0' });
  await registerTeams(origin, id, teams, addressPrefix);
  const bracket = await api.call('POST', `/api/tournaments/${id}/bracket`, { seeding: 'registration', thirdPlace: false });
  const cup = await (await fetch(`${origin}/api/tournaments/${id}`)).json();
  return { slug: cup.slug, matchId: bracket.rounds[0].matches[0].id };
}
