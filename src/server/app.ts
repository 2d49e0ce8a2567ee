import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { registerSessionResolution } from './auth/guard.js';
import { createAuditLog } from './audit/log.js';
import { auditRoutes } from './audit/routes.js';
import { createFirstRunSetup } from './auth/first-run-setup.js';
import { authRoutes } from './auth/routes.js';
import { bracketRoutes } from './bracket/routes.js';
import { createBracketService } from './bracket/service.js';
import { createAuthService } from './auth/service.js';
import { checkInRoutes } from './check-in/routes.js';
import { createDiscordAnnouncer } from './discord/announcer.js';
import { createTournamentNews } from './discord/tournament-news.js';
import { createCheckInService } from './check-in/service.js';
import { championRoutes } from './champions/routes.js';
import { createChampionService } from './champions/service.js';
import type { Config } from './config.js';
import { contactRoutes } from './contact/routes.js';
import { createContactService } from './contact/service.js';
import type { Database } from './db/client.js';
import { isDatabaseUnavailable } from './db/unavailable.js';
import { databaseRetryAfterSeconds, registerErrorHandling } from './http/errors.js';
import { createReadCache } from './http/read-cache.js';
import { backupRoutes } from './ops/backup-routes.js';
import { isStaticAssetRequest, withLogSerializers } from './ops/logging.js';
import { registerRequestIdHeader, requestIdGenerator } from './ops/request-id.js';
import { createRateLimiter, registerRouteRateLimits } from './http/rate-limit.js';
import { createLoginThrottle } from './auth/login-throttle.js';
import { registerSameOriginCheck } from './http/same-origin.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { isKnownPage } from '../shared/paths.js';
import { createCaptainMail } from './mail/captain-mail.js';
import { createOutboxMailer, type Mailer } from './mail/mailer.js';
import { createDemoPaymentProvider } from './payments/demo.js';
import { createFinance } from './payments/finance.js';
import { financeRoutes } from './payments/finance-routes.js';
import { privacyAdminRoutes, privacyCaptainRoutes } from './privacy/routes.js';
import { createPrivacyService } from './privacy/service.js';
import type { PaymentProvider } from './payments/provider.js';
import { createOrganizerRefunds } from './payments/organizer-refunds.js';
import { organizerRefundRoutes } from './payments/organizer-routes.js';
import { paymentRoutes } from './payments/routes.js';
import { createPaymentService } from './payments/service.js';
import { createHtmlRenderer } from './site/html-page.js';
import { createRouteChunks } from './site/route-chunks.js';
import { createPublicReads } from './site/public-reads.js';
import { siteRoutes } from './site/routes.js';
import { createSiteSettings } from './site/settings.js';
import { settingsRoutes } from './site/settings-routes.js';
import { createManageService } from './teams/manage-service.js';
import { manageRoutes } from './teams/manage-routes.js';
import { teamRoutes } from './teams/routes.js';
import { createTeamLinkGuard } from './teams/team-link.js';
import { createTeamService } from './teams/service.js';
import { tournamentRoutes } from './tournaments/routes.js';
import { createTournamentService } from './tournaments/service.js';
import { createTemporaryLocalDiskStorage } from './uploads/local-disk.js';
import { uploadRoutes } from './uploads/routes.js';
import { createUploadService } from './uploads/service.js';
import type { ObjectStorage } from './uploads/storage.js';

export interface AppDeps {
  config: Config;
  database: Database;
  /** The clock every rule reads; tests pass a fake one. */
  now?: () => Date;
  mailer?: Mailer;
  /** The payment provider (Stripe or demo), built in main.ts; the demo provider when omitted. */
  payments?: PaymentProvider;
  /** Object storage (local disk or S3), built in main.ts; a temporary local folder, removed on close, when omitted. */
  storage?: ObjectStorage;
  /** Built client to serve (index.html fallback); omitted in API tests. */
  webRoot?: string | null;
  logger?: FastifyServerOptions['logger'];
}

export async function buildApp(deps: AppDeps) {
  const { config, database } = deps;
  const now = deps.now ?? (() => new Date());
  const app = Fastify({
    logger: withLogSerializers(deps.logger),
    logController: new LogController({ disableRequestLogging: (request) => !config.isProduction && isStaticAssetRequest(request) }),
    // Fastify accepts a hop count too, though its types omit it.
    trustProxy: config.trustProxy as boolean | string,
    bodyLimit: 256 * 1024,
    // Ours (random UUIDs), or a trusted proxy's X-Request-Id when TRUST_PROXY is set: see ops/request-id.ts.
    genReqId: requestIdGenerator(config.trustProxy),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerRequestIdHeader(app);

  // Only JSON (and multipart, where a route registers it) is accepted; an empty JSON body means "no body".
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    if (body === '' || body === undefined) return done(null, undefined);
    try {
      done(null, JSON.parse(body as string));
    } catch {
      const error = new Error('Malformed JSON') as Error & { statusCode: number };
      error.statusCode = 400;
      done(error, undefined);
    }
  });

  // Every route, as registered: the access tests walk this list so a new route cannot slip through unguarded.
  const routes: { method: string; url: string }[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url });
  });

  registerSecurityHeaders(app, { isHttps: config.isHttps, storageOrigin: storageOrigin(config) });
  await app.register(cookie);
  registerSameOriginCheck(app, config.publicOrigin);

  const db = database.db;
  const mailer = deps.mailer ?? createOutboxMailer(db, (message) => app.log.info(message));
  const auth = createAuthService(db, now);
  const tournaments = createTournamentService(db, now);
  const teams = createTeamService(db, now, config.pendingHoldMinutes);
  const champions = createChampionService(db, now);
  const brackets = createBracketService(db, now);
  const settings = createSiteSettings(db, { firstValues: { ...config.site, paymentMode: config.paymentsMode }, now });
  const contact = createContactService(db, mailer, async () => (await settings.read()).supportEmail);
  const checkIns = createCheckInService(db, now);
  const announcer = createDiscordAnnouncer({ db, webhookUrl: config.discordWebhookUrl, now, log: app.log });
  const news = createTournamentNews({ db, announcer, origin: config.publicOrigin, now });
  app.addHook('onClose', async () => announcer.close());
  const audit = createAuditLog(db, now);
  if (!deps.payments && config.paymentsMode === 'stripe') throw new Error('buildApp: Stripe payments are configured but no payment provider was passed');
  const provider = deps.payments ?? createDemoPaymentProvider(db, now);
  // Named on receipts, on the team page and in the mail alike.
  const organizerName = config.site.organizerName ?? config.site.siteName;
  // The captain's e-mail (issue 15): each event below tells it, and it decides what is sent.
  const captainMail = createCaptainMail({
    db,
    mailer,
    settings: {
      siteName: config.site.siteName,
      organizerName,
      publicOrigin: config.publicOrigin,
      supportEmail: config.site.supportEmail,
    },
    log: (error, what) => app.log.error({ err: error }, what),
  });
  const payments = createPaymentService(db, provider, now, captainMail);
  const organizerRefunds = createOrganizerRefunds(db, payments.refunds, now, captainMail.tournamentCancelled);
  const storage = deps.storage ?? createTemporaryLocalDiskStorage(db, now);
  if (!deps.storage) app.addHook('onClose', async () => storage.close?.());
  registerSessionResolution(app, auth);
  const limiter = createRateLimiter(db, now);
  registerRouteRateLimits(app, limiter, config.rateLimits);

  // A successful write to public data drops the polled reads before the writer hears back.
  // The notifier carries invalidations to the other processes on the same PostgreSQL (LISTEN/NOTIFY).
  const manage = createManageService(db, payments.refunds, now, { organizerName, events: { rosterChanged: captainMail.rosterChanged } });
  const requireTeamLink = createTeamLinkGuard(db, limiter, { isRateLimited: config.rateLimits });

  const cache = createReadCache({ now: () => now().getTime(), notifier: database.notifier });
  app.addHook('onClose', async () => cache.close());
  const reads = createPublicReads({ tournaments, teams, champions, brackets, settings });
  const privacy = createPrivacyService({ db, storage, now, retention: config.site.retention, onPublicChange: () => cache.invalidate() });
  app.addHook('onSend', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400 && changesPublicReads(request.url)) cache.invalidate();
  });

  await app.register(siteRoutes, { site: reads.site, cache, database });
  await app.register(settingsRoutes, { settings, cache });
  const setup = createFirstRunSetup(db, { dataDir: config.dataDir, now });
  await app.register(authRoutes, { auth, setup, secureCookies: config.secureCookies, throttle: createLoginThrottle(limiter, config.rateLimits) });
  await app.register(tournamentRoutes, { tournaments, teams, payments, organizerRefunds, cache, reads, news });
  await app.register(teamRoutes, {
    teams,
    secureCookies: config.secureCookies,
    onRegistered: async (teamId, manageUrl) => {
      // Not awaited: the captain's reply never waits for Discord.
      setImmediate(() => void news.teamRegistered(teamId).catch((error: unknown) => app.log.error({ err: error }, 'Discord announcement failed')));
      await captainMail.registered(teamId, manageUrl);
    },
  });
  await app.register(championRoutes, { champions, cache, reads });
  await app.register(bracketRoutes, { brackets, tournaments, news, cache, reads });
  await app.register(contactRoutes, { contact });
  await app.register(auditRoutes, { audit });
  await app.register(uploadRoutes, { uploads: createUploadService(storage), signedUploads: storage.signedUploads, audit });
  await app.register(organizerRefundRoutes, { organizer: organizerRefunds, refunds: payments.refunds });
  await app.register(financeRoutes, { finance: createFinance(db, provider) });
  await app.register(privacyAdminRoutes, { privacy });
  await app.register(privacyCaptainRoutes, { privacy, requireTeamLink });
  await app.register(paymentRoutes, { payments, mode: deps.payments?.mode ?? 'demo' });
  await app.register(manageRoutes, { db, manage, payments, requireTeamLink, now });
  await app.register(backupRoutes, { database, now });
  await app.register(checkInRoutes, { checkIns, manage, requireTeamLink });

  const webRoot = deps.webRoot && fs.existsSync(path.join(deps.webRoot, 'index.html')) ? deps.webRoot : null;
  const template = webRoot ? await serveWebClient(app, webRoot) : null;
  const renderPage =
    webRoot && template
      ? createHtmlRenderer(template, {
          siteName: config.site.siteName,
          publicOrigin: config.publicOrigin,
          isDemo: config.paymentsMode === 'demo',
          routeChunks: createRouteChunks(webRoot),
          data: {
            common: async () => [
              { key: ['/api/site'], json: await cache.json(reads.site()) },
              { key: ['/api/tournaments/active'], json: await cache.json(reads.active()) },
            ],
            home: async (active) =>
              active
                ? [
                    { key: ['/api/tournaments', active.id, 'teams'], json: await cache.json(reads.teams(active.id)) },
                    { key: ['/api/tournaments', active.id, 'capacity'], json: await cache.json(reads.capacity(active.id)) },
                    { key: ['/api/champions'], json: await cache.json(reads.champions()) },
                  ]
                : [{ key: ['/api/champions'], json: await cache.json(reads.champions()) }],
            bracket: async (active) => [{ key: ['/api/tournaments', active.id, 'bracket'], json: await cache.json(reads.bracket(active.id)) }],
          },
        })
      : null;
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0];
    if (!renderPage || request.method !== 'GET' || pathname.startsWith('/api/') || pathname.startsWith('/objects/')) {
      return reply.status(404).send({ error: `No route for ${request.method} ${pathname}` });
    }
    // The client renders every page, the 404 page too; the status still tells crawlers the truth.
    const isKnown = isKnownPage(pathname);
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache');
    try {
      return reply.status(isKnown ? 200 : 404).send(await renderPage(pathname, isKnown));
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      // The page still loads while the database is away; its data requests get the 503 and retry.
      return reply
        .status(503)
        .header('Retry-After', String(databaseRetryAfterSeconds))
        .send(await renderPage(pathname, isKnown, { withData: false }));
    }
  });

  return { app, routes, services: { auth, setup, settings, tournaments, teams, champions, brackets, checkIns, announcer, news, contact, payments, limiter, privacy, manage, requireTeamLink } };
}

/**
 * Writes that can change what the polled reads show: tournaments, teams, payments, champions, results. Others
 * (sign-in, contact, uploads) must not empty the cache, or anyone could keep it empty for free.
 */
const publicDataWrites = ['/api/tournaments', '/api/teams', '/api/champions', '/api/matches/', '/api/webhooks/', '/api/demo-payments/', '/api/manage/'];
function changesPublicReads(url: string): boolean {
  return publicDataWrites.some((prefix) => url.startsWith(prefix));
}

/** Where the admin's browser sends direct uploads: the S3 endpoint, or AWS's bucket host. */
function storageOrigin(config: Config): string | null {
  if (!config.s3) return null;
  return config.s3.endpoint ? new URL(config.s3.endpoint).origin : `https://${config.s3.bucket}.s3.${config.s3.region}.amazonaws.com`;
}

export type BuiltApp = Awaited<ReturnType<typeof buildApp>>;

/** The built SPA's files; hashed assets are cached for a year. Returns the index.html template. */
async function serveWebClient(app: FastifyInstance, webRoot: string): Promise<string> {
  const indexHtml = fs.readFileSync(path.join(webRoot, 'index.html'), 'utf8');
  await app.register(fastifyStatic, {
    root: webRoot,
    wildcard: false,
    index: false,
    setHeaders: (res, filePath) => {
      res.header('Cache-Control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
    },
  });
  return indexHtml;
}
