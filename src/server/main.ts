import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { SETUP_CODE_FILE } from './auth/first-run-setup.js';
import { systemActor } from './audit/log.js';
import { ConfigError, loadConfig } from './config.js';
import { openEmbedded, openPostgres, type Database } from './db/client.js';
import { displayPath, EmbeddedDatabaseInUseError } from './db/embedded-lock.js';
import { migrate } from './db/migrate.js';
import { isDatabaseUnavailable } from './db/unavailable.js';
import { createOutboxSender, createSmtpTransport } from './mail/outbox-sender.js';
import { openStorage } from './uploads/open-storage.js';
import { createDemoPaymentProvider } from './payments/demo.js';
import { startBanner } from './ops/start-banner.js';
import { createShutdown } from './ops/shutdown.js';
import { collectWhenIdle } from './ops/idle-collection.js';
import type { LookAlikeClash } from './teams/look-alike-keys.js';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // Connections lost outside a query are reported through the app's logger once it exists.
  let reportConnectionError = (error: Error) => console.error('database connection lost:', error.message);
  const database: Database = config.databaseUrl
    ? openPostgres(config.databaseUrl, { onConnectionError: (error) => reportConnectionError(error) })
    : await openEmbedded(config.dataDir).catch((error: unknown) => {
        if (!(error instanceof EmbeddedDatabaseInUseError)) throw error;
        console.error(`The site is already running on ${displayPath(error.dataDir)} (pid ${error.pid}): stop it first, or start this one with another DATA_DIR.`);
        process.exit(1);
      });
  // A database that is still starting (a deploy racing a failover) is waited for, not a reason to exit.
  for (let delayMs = 1000; ; delayMs = Math.min(delayMs * 2, 30_000)) {
    try {
      await migrate(database);
      break;
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      console.error(`Database not reachable (${(error as Error).message}); trying again in ${delayMs / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  }

  const payments =
    config.paymentsMode === 'stripe' && config.stripe
      ? (await import('./payments/stripe.js')).createStripeProvider({
          secretKey: config.stripe.secretKey,
          publishableKey: config.stripe.publishableKey,
          webhookSecret: config.stripe.webhookSecret,
          ...config.stripe.api,
        })
      : createDemoPaymentProvider(database.db);

  // The Stripe and AWS SDKs load only when configured: each costs ~20 MB of memory.
  const storage = await openStorage(config, database.db);

  const here = path.dirname(fileURLToPath(import.meta.url));
  const { app, services } = await buildApp({
    config,
    database,
    storage,
    payments,
    webRoot: path.resolve(here, '../web'),
    logger: config.isProduction
      ? { level: config.logLevel }
      : // Pretty-printed in this thread: pino's worker transport blocks the exit (then throws) once its output pipe has gone away.
        { level: config.logLevel, stream: (await import('pino-pretty')).default({ translateTime: 'HH:MM:ss', ignore: 'pid,hostname' }) },
  });

  reportConnectionError = (error) => app.log.warn({ err: error }, 'database connection lost');
  // Last line of defence: a promise nobody awaited must not end the process and every request in it.
  process.on('unhandledRejection', (error) => app.log.error({ err: error }, 'unhandled rejection'));

  await services.auth.bootstrapAdmin(config.admin);
  // Before any registration: rows written before the look-alike keys existed get theirs.
  const logLookAlikeKeys = ({ filled, clashes }: { filled: number; clashes: LookAlikeClash[] }) => {
    if (filled) app.log.info({ filled }, 'look-alike keys filled for Riot IDs and team names written without one');
    for (const clash of clashes) app.log.warn(clash, 'a Riot ID or team name looks like one another team holds (registered before look-alikes were refused): both kept, for the organizer to decide');
  };
  logLookAlikeKeys(await services.teams.fillLookAlikeKeys());
  // Two-factor secrets stored in plain text (before encryption, or restored from an old backup) are sealed now.
  const secrets = await services.twoFactor.sealSecretsAtStart();
  if (secrets.sealed) app.log.info({ accounts: secrets.sealed }, 'two-factor secrets stored in plain text were encrypted with the secrets key');
  for (const { username, keyId } of secrets.otherKey)
    app.log.warn(
      { username, keyId },
      "this account's two-factor secret was encrypted with another secrets key (a backup from another site?): its app codes fail until SECRETS_KEY is that key; a recovery code still signs in, or reset it with npm run admin:create -- <username> --reset-2fa",
    );
  // No account and none configured: the first one is made in the browser, with this code.
  const setupCode = config.admin ? null : await services.setup.prepare();
  if (config.paymentsMode === 'demo') app.log.warn('Demo payments are active: no money moves. Set STRIPE_* keys for real payments.');
  const site = await services.settings.read();
  if (config.isProduction && (!site.organizerName || !site.organizerContact)) {
    // The privacy policy must name the data controller; without these it falls back to the site's name and support address.
    app.log.warn("The organizer's name and contact are not set (admin → Settings, or ORGANIZER_NAME and ORGANIZER_CONTACT): the privacy policy cannot name who is responsible for the data.");
  }
  if (config.paymentsMode === 'stripe' && !config.stripe?.webhookSecret) app.log.warn('STRIPE_WEBHOOK_SECRET is not set: Stripe webhooks will be refused.');

  // Money promised back always leaves: a refund left requested by a crash or a provider that did not
  // answer is sent again under its own key, at start (no request of this process is sending one) and
  // then each minute, once it is older than a request's own attempt.
  const sweepRefunds = (graceMs?: number) =>
    services.payments.refunds.sweep(graceMs).catch((error: unknown) => app.log.error({ err: error }, 'refund sweep failed'));
  void sweepRefunds(0);

  // Expired payment holds give back their spot, name and Riot IDs even when nobody registers.
  const sweep = setInterval(() => {
    void sweepRefunds();
    // Expired holds first, then the waitlist: lapsed offers pass on and freed spots are offered.
    services.payments
      .sweepExpiredHolds()
      .catch((error: unknown) => app.log.error({ err: error }, 'hold sweep failed'))
      .then(() => services.waitlist.sweep())
      .catch((error: unknown) => app.log.error({ err: error }, 'waitlist sweep failed'))
      // Then each tournament's counter of held spots against its teams: a drift is a bug, logged and repaired.
      .then(() => services.teams.checkHeldSpots())
      .then((drifts) => drifts?.forEach((drift) => app.log.error(drift, 'held spots counter drifted from the teams holding a spot: repaired')))
      .catch((error: unknown) => app.log.error({ err: error }, 'held spots check failed'));
    // Rows an instance of the previous version wrote during a rolling deploy.
    services.teams
      .fillLookAlikeKeys()
      .then(logLookAlikeKeys)
      .catch((error: unknown) => app.log.error({ err: error }, 'look-alike keys fill failed'));
    services.checkIns.sweepNoShows().catch((error: unknown) => app.log.error({ err: error }, 'no-show sweep failed'));
    services.news.sweep().catch((error: unknown) => app.log.error({ err: error }, 'Discord news sweep failed'));
    // Retries: posts that failed or met a 429 wait for their next attempt.
    services.announcer.flush().catch((error: unknown) => app.log.error({ err: error }, 'Discord announcements flush failed'));
    // Every minute, not hourly: a rate-limit row holds a client's address, which must not outlive its window.
    services.limiter.purgeExpired().catch((error: unknown) => app.log.error({ err: error }, 'rate-limit purge failed'));
  }, 60_000);
  sweep.unref();

  // Captains' reports: every 5 s a report whose confirmation deadline passed unanswered is entered as confirmed.
  const reportSweep = setInterval(() => {
    services.matchReports.confirmOverdue().catch((error: unknown) => app.log.error({ err: error }, 'report sweep failed'));
  }, 5_000);
  reportSweep.unref();
  // Map vetoes: every 5 s the site acts for a team whose turn ran out (rows another process holds are skipped).
  const vetoSweep = setInterval(() => {
    services.veto.actOnTimeouts().catch((error: unknown) => app.log.error({ err: error }, 'veto sweep failed'));
  }, 5_000);
  vetoSweep.unref();

  // Hourly: raw uploads that never became a logo (local disk; on S3 a lifecycle rule on incoming/ does
  // this) and expired sessions go, so those stay small.
  const uploadSweep = setInterval(() => {
    storage.purgeStaleUploads?.(new Date(Date.now() - 24 * 3_600_000)).catch((error: unknown) => app.log.error({ err: error }, 'upload sweep failed'));
    services.auth.purgeExpiredSessions().catch((error: unknown) => app.log.error({ err: error }, 'session purge failed'));
    // Retention (privacy policy): contact messages and teams' personal data past their period.
    services.privacy
      .sweepRetention(systemActor('retention policy'))
      .then(({ contactMessages, teams }) => (contactMessages || teams) && app.log.info({ contactMessages, teams }, 'retention sweep erased data past its period'))
      .catch((error: unknown) => app.log.error({ err: error }, 'retention sweep failed'));
  }, 3_600_000);
  uploadSweep.unref();

  // Queued mail (contact messages, the captain's e-mail) goes out over SMTP when configured; otherwise it stays in the outbox table.
  const outboxSender = config.smtpUrl ? createOutboxSender(database.db, createSmtpTransport(config.smtpUrl), config.mailFrom, app.log) : null;
  const mailFlush = setInterval(() => {
    outboxSender?.flush().catch((error: unknown) => app.log.error({ err: error }, 'mail flush failed'));
  }, 10_000);
  mailFlush.unref();

  // Discord jobs (the cup's roles) are started after each change that stores them; this also catches up after a restart.
  const discordFlush = setInterval(() => services.discordOutbox?.kick(), 15_000);
  discordFlush.unref();

  // After a load, the memory it took goes back to the system once the server is quiet (ops/idle-collection.ts).
  const stopIdleCollection = collectWhenIdle();

  const shutdown = createShutdown({
    graceMs: config.shutdownGraceMs,
    log: (message) => app.log.info(message),
    // app.close() stops taking connections (new requests get 503) and lets in-flight requests finish;
    // a keep-alive connection is closed as soon as its last response is out, not after its idle timeout.
    closeServer: async () => {
      clearInterval(sweep);
      clearInterval(vetoSweep);
      clearInterval(reportSweep);
      clearInterval(uploadSweep);
      clearInterval(mailFlush);
      clearInterval(discordFlush);
      stopIdleCollection();
      const closeIdle = setInterval(() => app.server.closeIdleConnections(), 100);
      await app.close().finally(() => clearInterval(closeIdle));
    },
    closeRest: async () => {
      await storage.close?.();
      await database.close();
    },
  });
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  console.log(
    startBanner({
      siteName: config.site.siteName,
      publicOrigin: config.publicOrigin,
      setupCode,
      setupCodeFile: displayPath(path.join(config.dataDir, SETUP_CODE_FILE)),
      storage: database.kind === 'pglite' ? `embedded database in ${displayPath(config.dataDir)}` : 'PostgreSQL',
    }),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
