// npm run bench [-- --quick] [-- --no-build] [-- --only=burst,reads,lighthouse,weight] [-- --db=embedded|postgres]
//
// Starts everything it measures on this machine (the built site on the embedded database and on
// PostgreSQL, a bare Fastify reference, Chromium for Lighthouse), prints the figures as tables and
// writes them to bench/results/latest.json (quick.json for --quick; only-<parts>.json for a partial
// run: --only names the parts to run, --db one database). Loopback only; bounded in time
// and requests; every process it starts and the PostgreSQL database it creates are gone at the end,
// on an error and on Ctrl-C too.
//
// Environment: SITE_DIST (the build to measure, default dist), BENCH_POSTGRES_URL (a server where
// the bench may create and drop a database, default postgres://postgres@127.0.0.1:5432/postgres).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { runLighthouse } from './lib/lighthouse.mjs';
import { inTurns as measureInTurns } from './lib/load.mjs';
import { freePort, killAllNow, rssOf, runToEnd, start, stopAll } from './lib/processes.mjs';
import { checkTargets, renderReport } from './lib/report.mjs';
import { adminClient, createCupWithBracket, createOpenTournament, registerTeams, seed, startSite } from './lib/site.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));
const isQuick = args.has('--quick');
const optionOf = (name) => [...args].find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const allParts = ['weight', 'lighthouse', 'reads', 'burst'];
const onlyParts = optionOf('only')?.split(',');
if (onlyParts?.some((name) => !allParts.includes(name))) throw new Error(`--only takes ${allParts.join(', ')}`);
/** Whether a part of the bench runs: every one, unless --only names some. */
const runs = (name) => !onlyParts || onlyParts.includes(name);
const databases = optionOf('db') ? [optionOf('db')] : ['embedded', 'postgres'];
if (databases.some((name) => !['embedded', 'postgres'].includes(name))) throw new Error('--db takes embedded or postgres');
const shouldBuild = !args.has('--no-build');
const dist = process.env.SITE_DIST ?? 'dist';
const postgresUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const settings = {
  connections: 100,
  // The polled reads are measured in turns (bench/read-client.mjs): this many rounds of a turn this
  // long for each target, after the warm-up rounds (a server just started is not yet warm).
  turnMs: 250,
  rounds: isQuick ? 4 : 24,
  warmupRounds: isQuick ? 1 : 4,
  readTeams: 32,
  readMaxTeams: 64,
  burstRequests: 200,
  burstSpots: 64,
  // How long the server idles after the load before its memory is read again: V8 collects the
  // load's garbage once allocation slows, so this is what the process holds, not its peak.
  settleSeconds: isQuick ? 1 : 10,
};
const settled = () => new Promise((resolve) => setTimeout(resolve, settings.settleSeconds * 1000));
// Every content page (issue 32) and /register on the seeded demo season; then, with a cup on match day
// featured, /bracket, that cup's page and one of its matches (the demo season has no bracket).
const lighthousePages = isQuick
  ? ['/']
  : ['/', '/teams', '/hall-of-fame', '/rules', '/tournaments', '/contact', '/refund-policy', '/terms-of-service', '/privacy', '/accessibility', '/register'];
const lighthouseRuns = isQuick ? 1 : 3;
// The whole run is bounded: past this, everything is stopped and the bench fails.
const timeLimitMs = (isQuick ? 6 : 40) * 60_000;

const log = (message) => console.error(message);
const results = {
  date: new Date().toISOString(),
  quick: isQuick,
  only: onlyParts ?? null,
  machine: {
    cpus: os.availableParallelism?.() ?? os.cpus().length,
    cpuModel: os.cpus()[0]?.model?.trim() ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.versions.node,
    platform: `${os.platform()} ${os.release()}`,
    loadAverageAtStart: os.loadavg().map((n) => Number(n.toFixed(2))),
  },
  settings: { ...settings, dist, lighthousePages, logLevel: 'warn' },
  reference: [],
  reads: [],
  bursts: {},
  pageWeight: null,
  lighthouse: {},
  rss: { embeddedBeforeLoad: null, embedded: null, embeddedSettled: null, postgresBeforeLoad: null, postgresAfterReads: null, postgres: null, postgresSettled: null, reference: null },
  targets: [],
  errors: [],
};

const cleanups = [];
let isCleaningUp = false;
async function cleanUp() {
  if (isCleaningUp) return;
  isCleaningUp = true;
  await stopAll();
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup();
    } catch (error) {
      log(`cleanup: ${error.message}`);
    }
  }
}
process.on('exit', killAllNow);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    log(`\n${signal}: stopping everything the bench started…`);
    cleanUp().finally(() => process.exit(130));
  });
}
const watchdog = setTimeout(() => {
  log(`\nThe bench ran past its ${timeLimitMs / 60_000} min limit: stopping.`);
  cleanUp().finally(() => process.exit(1));
}, timeLimitMs);

/** Runs one part; a failure is recorded and the bench goes on with the next part. */
async function part(name, fn) {
  const startedAt = Date.now();
  log(`▶ ${name}`);
  try {
    return await fn();
  } catch (error) {
    const message = `${name}: ${String(error?.message ?? error).split('\n')[0]}`;
    log(`  ✗ ${message}`);
    if (error?.stack) log(error.stack.split('\n').slice(0, 12).join('\n'));
    results.errors.push(message);
    return null;
  } finally {
    log(`  (${((Date.now() - startedAt) / 1000).toFixed(1)} s)`);
  }
}

/** The bare Fastify reference in its own process, for the duration of `fn(reference)`: `reference.target(bytes?)` is its small answer, or a body of `bytes`. */
async function withReference(database, fn) {
  const port = await freePort();
  const reference = start('reference server', process.execPath, [path.join(root, 'bench/reference-server.mjs'), String(port)]);
  try {
    await reference.waitForLine(/listening \d+/, 20_000);
    return await fn({ target: (bodyBytes) => ({ url: `http://127.0.0.1:${port}/${bodyBytes ? `sized/${bodyBytes}` : ''}`, pid: reference.pid }) });
  } finally {
    results.rss.reference = rssOf(reference.pid);
    await reference.stop();
  }
}

/**
 * The four polled reads, each with a body (200) and as a revalidation (If-None-Match → 304), each
 * measured in turns with its references (bench/read-client.mjs): the bare route's small answer, and
 * for a read with a body the bare route sending a body of the same number of bytes (like with like:
 * bytes on the wire cost the same to both); a 304 sends no body, so the small answer is its own.
 */
async function measureReads(database, site, tournamentId) {
  const { origin, pid } = site;
  const routes = [
    ['active', '/api/tournaments/active'],
    [`teams (${settings.readTeams})`, `/api/tournaments/${tournamentId}/teams`],
    ['capacity', `/api/tournaments/${tournamentId}/capacity`],
    ['champions', '/api/champions'],
  ];
  const etags = {};
  const bodyBytes = {};
  for (const [label, url] of routes) {
    const first = await fetch(`${origin}${url}`, { headers: { 'accept-encoding': 'identity' } });
    const text = await first.text();
    bodyBytes[label] = Buffer.byteLength(text);
    const body = JSON.parse(text);
    if (first.status !== 200) throw new Error(`GET ${url}: ${first.status}`);
    if (label.startsWith('teams') && body.length !== settings.readTeams) throw new Error(`GET ${url}: ${body.length} teams, expected ${settings.readTeams}`);
    if (label === 'active' && body?.id !== tournamentId) throw new Error('GET /api/tournaments/active: not the bench tournament');
    etags[label] = first.headers.get('etag');
  }
  const ratioOf = (read, reference) => Number((read / reference).toFixed(3));
  /** Both ratios against one reference: req/s, and CPU time per request (what req/s would be with the server alone on its cores). */
  const comparedWith = (read, reference) => ({
    referenceRequestsPerSecond: reference.requestsPerSecond,
    referenceCpuMicrosPerRequest: reference.cpuMicrosPerRequest,
    ratio: ratioOf(read.requestsPerSecond, reference.requestsPerSecond),
    cpuRatio: reference.cpuMicrosPerRequest && read.cpuMicrosPerRequest ? ratioOf(reference.cpuMicrosPerRequest, read.cpuMicrosPerRequest) : null,
  });
  await withReference(database, async (reference) => {
    for (const [label, url] of routes) {
      for (const conditional of [false, true]) {
        const row = { database, label, url, conditional };
        try {
          const etag = etags[label];
          if (conditional && !etag) throw new Error('no ETag on the response');
          const targets = [
            reference.target(),
            ...(conditional ? [] : [reference.target(bodyBytes[label])]),
            { url: `${origin}${url}`, headers: conditional ? { 'If-None-Match': etag } : {}, pid },
          ];
          const measured = await measureInTurns(targets, { connections: settings.connections, turnMs: settings.turnMs, rounds: settings.rounds, warmupRounds: settings.warmupRounds });
          const read = measured.at(-1);
          const [small, sameSize] = measured;
          results.reference.push({ database, before: `${label}${conditional ? ' 304' : ''}`, bodyBytes: null, ...small });
          if (!conditional) results.reference.push({ database, before: `${label} same size`, bodyBytes: bodyBytes[label], ...sameSize });
          const expected = conditional ? '304' : '200';
          Object.assign(row, {
            requestsPerSecond: read.requestsPerSecond,
            p50Ms: read.p50Ms,
            p99Ms: read.p99Ms,
            cpuMicrosPerRequest: read.cpuMicrosPerRequest,
            statusCodes: read.statusCodes,
            ...comparedWith(read, small),
          });
          if (!conditional) row.sameSize = { bodyBytes: bodyBytes[label], ...comparedWith(read, sameSize) };
          const unexpected = Object.keys(read.statusCodes).filter((code) => code !== expected);
          if (unexpected.length) {
            row.warning = `expected only ${expected}: ${JSON.stringify(read.statusCodes)}`;
            results.errors.push(`${database} ${label}: ${row.warning}`);
          }
          log(
            `  ${database} ${label} ${expected}: ${row.requestsPerSecond} req/s (reference ${row.referenceRequestsPerSecond}${row.sameSize ? `, same size ${row.sameSize.referenceRequestsPerSecond}` : ''}), ratio ${row.sameSize?.ratio ?? row.ratio}, p99 ${row.p99Ms} ms, ${row.cpuMicrosPerRequest} µs CPU/request`,
          );
        } catch (error) {
          row.error = String(error.message).split('\n')[0];
          results.errors.push(`${database} ${label}: ${row.error}`);
        }
        results.reads.push(row);
      }
    }
  });
}

/** Seeded data, a 64-spot tournament with 32 teams made active, then the reads. Returns the running site. */
async function prepareAndMeasure(database, env) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-${database}-`));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const siteEnv = { DATA_DIR: dataDir, ...env };
  await part(`${database}: npm run seed (demo season)`, () => seed(root, siteEnv));
  const site = await part(`${database}: start the built server`, () => startSite({ root, dist, name: `site (${database})`, env: siteEnv }));
  if (!site) return null;
  if (database === 'embedded' && runs('lighthouse')) {
    // On the seeded demo season, before any load: what a first visitor of `npm start` gets.
    const lighthouse = async (pages) => {
      const scores = await runLighthouse(
        pages.map((page) => `${site.origin}${page}`),
        { runs: lighthouseRuns, log },
      );
      for (const [url, s] of Object.entries(scores)) results.lighthouse[new URL(url).pathname] = s;
    };
    await part(`Lighthouse (median of ${lighthouseRuns})`, async () => {
      // The featured cup's own page (/tournaments/{slug}) is measured beside the fixed pages.
      const featured = await (await fetch(`${site.origin}/api/tournaments/active`)).json().catch(() => null);
      await lighthouse([...lighthousePages, ...(featured?.slug && !isQuick ? [`/tournaments/${featured.slug}`] : [])]);
    });
    if (!isQuick)
      await part('Lighthouse on match day (a featured cup with its bracket drawn)', async () => {
        const cup = await createCupWithBracket(await adminClient(site.origin), site.origin, { name: 'Bench Match Day Cup', teams: 8, addressPrefix: '10.251' });
        await lighthouse(['/bracket', `/tournaments/${cup.slug}`, `/matches/${cup.matchId}`]);
      });
  }
  results.rss[`${database}BeforeLoad`] = rssOf(site.pid);
  if (!runs('reads')) return site;
  const tournamentId = await part(`${database}: a ${settings.readMaxTeams}-spot tournament with ${settings.readTeams} teams`, async () => {
    const api = await adminClient(site.origin);
    const id = await createOpenTournament(api, { name: 'Bench Open', maxTeams: settings.readMaxTeams });
    await registerTeams(site.origin, id, settings.readTeams, '10.250');
    return id;
  });
  if (!tournamentId) return site;
  await part(`${database}: polled reads (each row alternated with its reference)`, () => measureReads(database, site, tournamentId));
  return site;
}

async function runEmbedded() {
  const site = await prepareAndMeasure('embedded', {});
  if (!site) return;
  results.rss.embeddedAfterReads = rssOf(site.pid);
  if (runs('burst')) await part(`embedded: registration burst (${settings.burstRequests} for ${settings.burstSpots} spots)`, () => runBurst(site, 'embedded'));
  results.rss.embedded = rssOf(site.pid);
  await settled();
  results.rss.embeddedSettled = rssOf(site.pid);
  await site.handle.stop(10_000);
}

async function runPostgres() {
  const adminUrl = new URL(postgresUrl);
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(adminUrl.hostname))
    throw new Error(`BENCH_POSTGRES_URL must point at a loopback address, not ${adminUrl.hostname}`);
  const name = `bench_${process.pid}_${Date.now().toString(36)}`;
  const maintenance = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 5000 });
  await maintenance.connect();
  try {
    await maintenance.query(`create database ${name}`);
  } finally {
    await maintenance.end();
  }
  cleanups.push(async () => {
    const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 5000 });
    await client.connect();
    try {
      await client.query(`drop database if exists ${name} with (force)`);
      log(`  dropped database ${name}`);
    } finally {
      await client.end();
    }
  });
  const databaseUrl = new URL(postgresUrl);
  databaseUrl.pathname = `/${name}`;
  log(`  created database ${name}`);

  const site = await prepareAndMeasure('postgres', { DATABASE_URL: databaseUrl.toString() });
  if (!site) return;
  results.rss.postgresAfterReads = rssOf(site.pid);
  if (runs('burst')) await part(`postgres: registration burst (${settings.burstRequests} for ${settings.burstSpots} spots)`, () => runBurst(site, 'postgres'));
  results.rss.postgres = rssOf(site.pid);
  await settled();
  results.rss.postgresSettled = rssOf(site.pid);
  await site.handle.stop(10_000);
}

async function runBurst(site, database) {
  const api = await adminClient(site.origin);
  const tournamentId = await createOpenTournament(api, { name: 'Bench Burst', maxTeams: settings.burstSpots });
  const config = { url: `${site.origin}/api/teams`, origin: site.origin, tournamentId, count: settings.burstRequests, runId: process.pid % 1000 };
  const stdout = await runToEnd('burst client', process.execPath, [path.join(root, 'bench/burst-client.mjs'), JSON.stringify(config)], { timeoutMs: 60_000 });
  const { results: responses } = JSON.parse(stdout.trim().split('\n').at(-1));
  const latencies = responses.map((r) => r.ms).sort((a, b) => a - b);
  const percentile = (p) => Math.round(latencies[Math.max(0, Math.ceil(p * latencies.length) - 1)]);
  const count = (status) => responses.filter((r) => r.status === status).length;

  // The holds as the site counts them (every registration of the burst is an unpaid hold): the
  // embedded database cannot be opened beside the running server, so both are read the same way.
  const capacity = await (await fetch(`${site.origin}/api/tournaments/${tournamentId}/capacity`)).json();
  const holds = capacity.pending ?? capacity.registered;
  const others = responses.filter((r) => r.status !== 201 && r.status !== 409);
  const burst = {
    requests: responses.length,
    spots: settings.burstSpots,
    created: count(201),
    full: count(409),
    other: others.length,
    otherStatuses: [...new Set(others.map((r) => r.error ?? r.status))],
    holds,
    p50Ms: percentile(0.5),
    p99Ms: percentile(0.99),
    maxMs: Math.round(latencies.at(-1)),
  };
  results.bursts[database] = burst;
  log(`  burst (${database}): ${burst.created} created, ${burst.full} full, ${holds} holds, p50 ${burst.p50Ms} ms, p99 ${burst.p99Ms} ms`);
}

async function main() {
  if (shouldBuild) {
    await part(`build (${dist}, only when sources are newer)`, () =>
      runToEnd('build', process.execPath, [path.join(root, 'scripts/ensure-build.mjs')], {
        cwd: root,
        env: { ...process.env, SITE_DIST: dist },
        timeoutMs: 300_000,
      }),
    );
  }
  if (!fs.existsSync(path.join(root, dist, 'server/main.js'))) throw new Error(`${dist}/server/main.js is missing: run \`SITE_DIST=${dist} npm run build\``);

  if (runs('weight'))
    await part('page weight', async () => {
      // The same figures and budgets `npm test` holds the build to.
      const stdout = await runToEnd(
        'page weight',
        process.execPath,
        [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'scripts/check-script-budgets.ts'), '--json'],
        {
          cwd: root,
          env: { ...process.env, SITE_DIST: dist },
          timeoutMs: 120_000,
        },
      );
      results.pageWeight = JSON.parse(stdout);
    });
  if (databases.includes('embedded')) await part('embedded database (PGlite)', runEmbedded);
  if (databases.includes('postgres')) await part('PostgreSQL', runPostgres);
}

try {
  await main();
} catch (error) {
  results.errors.push(String(error?.message ?? error).split('\n')[0]);
  log(String(error?.stack ?? error));
} finally {
  await cleanUp();
  clearTimeout(watchdog);
}

results.pageWeight ??= { error: 'not measured' };
results.targets = checkTargets(results);
const partial = onlyParts || optionOf('db') ? `only-${[...(onlyParts ?? allParts), ...(optionOf('db') ? [optionOf('db')] : [])].join('-')}` : null;
const outFile = path.join(root, 'bench/results', `${partial ?? (isQuick ? 'quick' : 'latest')}.json`);
fs.mkdirSync(path.dirname(outFile), { recursive: true });
fs.writeFileSync(outFile, `${JSON.stringify(results, null, 2)}\n`);
console.log(`\n${renderReport(results)}\n`);
log(`Figures written to ${path.relative(root, outFile)}`);
process.exitCode = results.errors.length ? 1 : 0;
