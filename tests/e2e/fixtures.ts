import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { test as base, chromium, expect, request, type APIRequestContext, type Browser, type ConsoleMessage } from '@playwright/test';
import { startDiscordStandIn, type DiscordStandIn } from '../support/discord-stand-in';
import { startStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in';

export const admin = { username: 'organizer', password: 'e2e-password-123456' };

export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].filter(Boolean) as string[];
  const found = candidates.find((candidate) => fs.existsSync(candidate));
  if (!found) throw new Error('No Chromium found: install Debian chromium or set CHROMIUM_PATH');
  return found;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface Site {
  url: string;
  /** An API client signed in as the organizer, sending the site's Origin. */
  adminApi: APIRequestContext;
  dataDir: string;
}

async function startSite(extraEnv: Record<string, string> = {}): Promise<{ site: Site; stop: () => Promise<void> }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-e2e-'));
  const child: ChildProcess = spawn(process.execPath, [`${process.env.SITE_DIST ?? 'dist'}/server/main.js`], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      // Tests arrange data through the public API far faster than a visitor would (19 teams for a 95 % meter).
      RATE_LIMITS: 'off',
      // The logo URL import may fetch from images a test serves on 127.0.0.1, under this name only (refused in production).
      URL_IMPORT_HOST_MAP: 'logos.test=127.0.0.1',
      ORGANIZER_NAME: 'Northwind Esports Ltd',
      ORGANIZER_CONTACT: 'privacy@northwind.example',
      // The community's addresses come from the environment here (the first values; the admin's settings win).
      DISCORD_INVITE_URL: 'https://discord.gg/clutchcup',
      SUPPORT_EMAIL: 'support@clutchcup.gg',
      YOUTUBE_URL: 'https://www.youtube.com/@clutchcup',
      TWITCH_URL: 'https://www.twitch.tv/clutchcup',
      TIKTOK_URL: 'https://www.tiktok.com/@clutchcup',
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error('server did not become ready');
    await new Promise((r) => setTimeout(r, 200));
  }
  const adminApi = await request.newContext({ baseURL: url, extraHTTPHeaders: { Origin: url } });
  const login = await adminApi.post('/api/auth/login', { data: admin });
  if (!login.ok()) throw new Error(`admin login failed: ${await login.text()}`);
  return {
    site: { url, adminApi, dataDir },
    stop: async () => {
      await adminApi.dispose();
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Browser errors that are the expected result of a test's own request (a 401 probe, a 4xx answer). */
const expectedConsoleNoise = /Failed to load resource/;

/** The site's payments in Stripe mode: the real SDK against the Stripe stand-in, which forwards its webhooks to the site. */
type StripeSite = { site: Site; stripe: StripeStandIn; stop: () => Promise<void> };

async function startStripeSite(): Promise<StripeSite> {
  const stripe = await startStripeStandIn();
  const { site, stop } = await startSite({
    PAYMENTS: 'stripe',
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_URL: `${stripe.protocol}://${stripe.host}:${stripe.port}`,
  });
  stripe.forwardWebhooksTo(`${site.url}/api/webhooks/stripe`);
  return { site, stripe, stop: async () => (await stripe.close(), await stop()) };
}

export const test = base.extend<
  { consoleErrors: string[] },
  {
    site: Site;
    sharedBrowser: Browser;
    ownSite: string | false;
    siteEnv: Record<string, string>;
    payments: 'demo' | 'stripe';
    stripeSite: StripeSite | null;
    stripe: StripeStandIn | null;
    discordApp: boolean;
    discord: DiscordStandIn | null;
  }
>({
  // A file that leaves what no reset can remove (a tournament whose refund the provider refuses
  // cannot be deleted, a new password, two-factor on) sets `test.use({ ownSite: '<its name>' })`: its
  // tests get a worker, and a site, of their own. The name keeps two such files apart: Playwright
  // reuses a worker for files whose worker options are equal.
  ownSite: [false, { option: true, scope: 'worker' }],
  // With `ownSite`, a file may start its site with more environment (e.g. ADMIN_REQUIRE_2FA).
  siteEnv: [{}, { option: true, scope: 'worker' }],
  // A file testing the Stripe path sets `test.use({ payments: 'stripe' })`: its worker's site runs in
  // Stripe mode against the Stripe stand-in (the `stripe` fixture); every other file keeps demo payments.
  payments: ['demo', { option: true, scope: 'worker' }],
  stripeSite: [
    async ({ payments }, use) => {
      if (payments !== 'stripe') return use(null);
      const started = await startStripeSite();
      await use(started);
      await started.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  stripe: [async ({ stripeSite }, use) => use(stripeSite?.stripe ?? null), { scope: 'worker' }],
  // A file testing Connect Discord sets `test.use({ discordApp: true })`: its worker's site has a Discord
  // application, pointed at the Discord stand-in (the `discord` fixture); every other file keeps the invite link.
  discordApp: [false, { option: true, scope: 'worker' }],
  discord: [
    async ({ discordApp }, use) => {
      if (!discordApp) return use(null);
      const standIn = await startDiscordStandIn();
      await use(standIn);
      await standIn.close();
    },
    { scope: 'worker' },
  ],
  site: [
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
    async ({ ownSite, siteEnv, stripeSite, discord }, use) => {
      if (stripeSite) return use(stripeSite.site);
      const { site, stop } = await startSite({ ...siteEnv, ...(discord?.env() ?? {}) });
      await use(site);
      await stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  sharedBrowser: [
    async ({}, use) => {
      const browser = await chromium.launch({
        executablePath: chromiumPath(),
        args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      });
      await use(browser);
      await browser.close();
    },
    { scope: 'worker' },
  ],
  browser: async ({ sharedBrowser }, use) => use(sharedBrowser),
  // Public pages arrive server-rendered: a click before the app has taken the page over would be lost,
  // so navigations wait until it has (src/web/app-root.tsx marks <html> live). A content page served
  // as islands is live once its islands are (src/web/islands/islands-entry.tsx).
  page: async ({ page }, use) => {
    const untilAppIsLive = () =>
      page.waitForFunction(() => {
        const root = document.getElementById('root');
        return !root || document.documentElement.dataset.app === 'live' || document.documentElement.dataset.islands === 'live';
      });
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args) => {
      const response = await goto(...args);
      await untilAppIsLive();
      return response;
    };
    page.reload = async (...args) => {
      const response = await reload(...args);
      await untilAppIsLive();
      return response;
    };
    await use(page);
  },
  baseURL: async ({ site }, use) => use(site.url),
  // An unexpected console error fails the test.
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message: ConsoleMessage) => {
        if (message.type() === 'error' && !expectedConsoleNoise.test(message.text())) errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** Removes every tournament and champion, so a test starts from an empty site (one whose refund the provider refuses stays, inactive). */
export async function resetSite(site: Site): Promise<void> {
  const tournaments = (await (await site.adminApi.get('/api/tournaments')).json()) as { id: string }[];
  for (const t of tournaments) {
    // A tournament holding entry fees is refused (409) until it is cancelled, which refunds them.
    if ((await site.adminApi.delete(`/api/tournaments/${t.id}`)).status() === 409) {
      await site.adminApi.post(`/api/tournaments/${t.id}/cancel`, { data: { reason: 'Test reset' } });
      await site.adminApi.delete(`/api/tournaments/${t.id}`);
    }
  }
  const champions = (await (await site.adminApi.get('/api/champions')).json()) as { id: string }[];
  for (const c of champions) await site.adminApi.delete(`/api/champions/${c.id}`);
}

/**
 * Creates the featured tournament (registration open unless told otherwise) and returns it. Several
 * cups may take registrations at once; as when one cup was live at a time, the others' registration
 * is switched off first, so a test sees one open cup unless it opens another (several-cups.spec.ts).
 */
export async function createLiveTournament(site: Site, overrides: Record<string, unknown> = {}, { open = true } = {}) {
  const existing = (await (await site.adminApi.get('/api/tournaments')).json()) as { id: string; registrationOpen: boolean }[];
  for (const other of existing.filter((t) => t.registrationOpen)) await site.adminApi.patch(`/api/tournaments/${other.id}/registration`, { data: { isOpen: false } });
  const response = await site.adminApi.post('/api/tournaments', {
    data: {
      name: 'Winter Clash 2026',
      description: 'The biggest open cup of the winter.',
      format: '5v5 Single Elimination',
      prizePool: '5000',
      entryFee: '25',
      currency: 'USD',
      maxTeams: 32,
      registrationCloses: inDays(7),
      tournamentDate: inDays(10),
      rules: 'Best of 1 until the final.',
      ...overrides,
    },
  });
  if (!response.ok()) throw new Error(await response.text());
  const tournament = (await response.json()) as { id: string; name: string };
  await site.adminApi.patch(`/api/tournaments/${tournament.id}/set-active`);
  if (open) await site.adminApi.patch(`/api/tournaments/${tournament.id}/registration`, { data: { isOpen: true } });
  return tournament;
}

/** Moves the featured tournament's registration close and start into the past (check-in off, long veto turns): its matches are on. */
export async function startNow(site: Site, tournamentId: string) {
  const current = (await (await site.adminApi.get('/api/tournaments/active')).json()) as Record<string, unknown>;
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
  const { name, description, format, prizePool, entryFee, currency, maxTeams, rules } = current;
  const started = await site.adminApi.put(`/api/tournaments/${tournamentId}`, {
    data: { name, description, format, prizePool, entryFee, currency, maxTeams, rules, registrationCloses: minutesAgo(2), tournamentDate: minutesAgo(1), checkInEnabled: false, vetoTurnSeconds: 900 },
  });
  expect(started.ok(), await started.text()).toBe(true);
}

let teamSeq = 0;
/** Step 1 of a registration with unique Riot IDs, as the public API takes it (registration or the waitlist). */
export function teamPayload(tournamentId: string, name?: string) {
  const n = ++teamSeq;
  const tag = `${process.pid}x${n}`;
  return {
    tournamentId,
    name: name ?? `Squad ${tag}`,
    logoUrl: null,
    captainDiscord: `cap${tag}`,
    captainRiotId: `Cap${tag}#EUW`,
    players: [{ riotId: `Cap${tag}#EUW`, role: 'Captain' }, { riotId: `P2${tag}#EUW` }, { riotId: `P3${tag}#EUW` }, { riotId: `P4${tag}#EUW` }, { riotId: `P5${tag}#EUW` }],
    substitutes: [],
  };
}

/** Each team registered here: its captain's key (from the team link), to act as its captain would. */
const captainKeys = new Map<string, string>();

/** The captain's key of a team registered with registerTeam, as a bearer header (the team link's proof). */
export function captainAuthorization(teamId: string): Record<string, string> {
  const key = captainKeys.get(teamId);
  return key ? { Authorization: `Bearer ${key}` } : {};
}

/**
 * Registers a team through the public API (pending payment unless the fee is 0), from a context of
 * its own as a captain's browser would: the owner cookie the site sets stays there, instead of piling
 * up in adminApi (a worker's hundreds of them made its requests' headers too large, a 431).
 */
export async function registerTeam(site: Site, tournamentId: string, name?: string) {
  const captain = await request.newContext({ baseURL: site.url, extraHTTPHeaders: { Origin: site.url } });
  try {
    const response = await captain.post('/api/teams', { data: teamPayload(tournamentId, name) });
    if (!response.ok()) throw new Error(await response.text());
    const team = (await response.json()) as { id: string; manageUrl: string };
    const key = new URL(team.manageUrl, site.url).searchParams.get('key');
    if (key) captainKeys.set(team.id, key);
    return team;
  } finally {
    await captain.dispose();
  }
}
