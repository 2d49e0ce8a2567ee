import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController, type FastifyInstance, type FastifySchema, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { accessOf, needsFreshCodeOf, registerSessionResolution, type RouteAccess } from './auth/guard.js';
import { createAuditLog } from './audit/log.js';
import { auditRoutes } from './audit/routes.js';
import { createFirstRunSetup } from './auth/first-run-setup.js';
import { accountRoutes } from './auth/account-routes.js';
import { createAccountService } from './auth/account-service.js';
import { createOrganizingTeam } from './auth/organizing-team.js';
import { organizingTeamRoutes } from './auth/organizing-team-routes.js';
import { authRoutes } from './auth/routes.js';
import { createSessionCookies } from './auth/session-cookie.js';
import { createTwoFactorService } from './auth/two-factor.js';
import { createSecretBox } from './auth/secret-box.js';
import { loadOrCreateKeyFile } from './auth/secrets-key.js';
import { twoFactorRoutes } from './auth/two-factor-routes.js';
import { bracketRoutes } from './bracket/routes.js';
import { createVetoWorkflow } from './matches/veto.js';
import { vetoRoutes } from './matches/veto-routes.js';
import { createMatchReports } from './matches/match-reports.js';
import { matchReportRoutes } from './matches/match-report-routes.js';
import { createBracketService } from './bracket/service.js';
import { createMatchViews } from './matches/match-view.js';
import { createResultEntry } from './matches/result-entry.js';
import { seriesRoutes } from './matches/series-routes.js';
import { createSeriesSettings } from './matches/series-settings.js';
import { createAuthService } from './auth/service.js';
import { checkInRoutes } from './check-in/routes.js';
import { createEventDayScope } from './auth/event-day-scope.js';
import { createDiscordAnnouncer } from './discord/announcer.js';
import { createDiscordConnect } from './discord/connect-captain.js';
import { discordConnectRoutes } from './discord/connect-routes.js';
import { createCaptainSessions, createSignedValues } from './discord/captain-session.js';
import { createDiscordSignIn } from './discord/sign-in.js';
import { discordSignInRoutes, type CaptainSignIn } from './discord/sign-in-routes.js';
import { createStaffDiscordLink } from './discord/link-staff.js';
import { staffLinkRoutes } from './discord/staff-link-routes.js';
import { createDiscordApi } from './discord/discord-api.js';
import { createDiscordRoles } from './discord/discord-roles.js';
import { discordCleanUpRoutes } from './discord/clean-up-routes.js';
import { createTournamentNews } from './discord/tournament-news.js';
import { createCheckInService } from './check-in/service.js';
import { championRoutes } from './champions/routes.js';
import { createChampionService } from './champions/service.js';
import type { Config } from './config.js';
import { createInbox } from './contact/inbox.js';
import { inboxRoutes } from './contact/inbox-routes.js';
import { contactRoutes } from './contact/routes.js';
import { createContactService } from './contact/service.js';
import type { Database, Db, Tx } from './db/client.js';
import { isDatabaseUnavailable } from './db/unavailable.js';
import { createEventHub } from './events/hub.js';
import { subscribeListeners } from './events/listeners.js';
import { databaseRetryAfterSeconds, registerErrorHandling } from './http/errors.js';
import { requestLanguage, translateApiErrors, type LanguageOf } from './http/translated-errors.js';
import { refuseUndeclaredRoutes } from './http/contract-routes.js';
import { registerOpenApi } from './http/openapi.js';
import { registerEarlyReads, serverWithEarlyAnswers } from './http/early-reads.js';
import { createReadCache } from './http/read-cache.js';
import { backupRoutes } from './ops/backup-routes.js';
import { isStaticAssetRequest, withLogSerializers } from './ops/logging.js';
import { registerRequestIdHeader, requestIdGenerator } from './ops/request-id.js';
import { createRateLimiter, registerRouteRateLimits } from './http/rate-limit.js';
import { createLoginThrottle } from './auth/login-throttle.js';
import { registerSameOriginCheck } from './http/same-origin.js';
import { clientErrorHandler, routerErrorHandler } from './http/router-errors.js';
import { createSecurityHeaders, registerSecurityHeaders } from './http/security-headers.js';
import { isKnownPage, serverRenderedPages } from '../shared/paths.js';
import { createCaptainMail } from './mail/captain-mail.js';
import { createOutboxMailer, type Mailer } from './mail/mailer.js';
import { createDemoPaymentProvider } from './payments/demo.js';
import { createFinance } from './payments/finance.js';
import { financeRoutes } from './payments/finance-routes.js';
import { privacyAdminRoutes, privacyCaptainRoutes } from './privacy/routes.js';
import { createPrivacyService } from './privacy/service.js';
import type { PaymentProvider } from './payments/provider.js';
import { createOrganizerRefunds } from './payments/organizer-refunds.js';
import { createTeamRemoval } from './teams/removal.js';
import { teamRemovalRoutes } from './teams/removal-routes.js';
import { createTournamentCancellation } from './tournaments/cancellation.js';
import { organizerRefundRoutes } from './payments/organizer-routes.js';
import { paymentRoutes } from './payments/routes.js';
import { createPaymentService } from './payments/service.js';
import { createHtmlSender } from './site/compressed-html.js';
import { createHtmlRenderer, type ServerEntry } from './site/html-page.js';
import { createPageLanguage, defaultLanguageOf } from './site/page-language.js';
import { createPageData } from './site/page-data.js';
import { resolveCupPath } from './site/cup-paths.js';
import { isMissingMatchPath } from './site/match-paths.js';
import { createIslandChunks, createRouteChunks, readIslandsTemplate, createCatalogUrls } from './site/route-chunks.js';
import { createPublicReads } from './site/public-reads.js';
import { siteRoutes } from './site/routes.js';
import { createSiteSettings } from './site/settings.js';
import { settingsRoutes } from './site/settings-routes.js';
import { createTeamPageService } from './teams/team-page-service.js';
import { teamPageRoutes } from './teams/team-page-routes.js';
import { createRegisterAgain } from './teams/register-again.js';
import { registerAgainRoutes } from './teams/register-again-routes.js';
import { createPrizeService } from './prizes/service.js';
import { prizeRoutes } from './prizes/routes.js';
import { teamRoutes } from './teams/routes.js';
import { createPendingRegistrations, pendingRegistrationRoutes } from './teams/pending-registration.js';
import { createTeamLinkGuard } from './teams/team-link.js';
import { createTeamService } from './teams/service.js';
import { tournamentRoutes } from './tournaments/routes.js';
import { tournamentPageRoutes } from './tournaments/page-routes.js';
import { createTournamentPages } from './tournaments/public-pages.js';
import { createTournamentService } from './tournaments/service.js';
import { waitlistRoutes } from './waitlist/routes.js';
import { createWaitlist } from './waitlist/service.js';
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
  /** The web client's server entry; by default dist/ssr/entry-server.js beside the web root, when built. */
  serverEntry?: ServerEntry | null;
  logger?: FastifyServerOptions['logger'];
}

export async function buildApp(deps: AppDeps) {
  const { config, database } = deps;
  const now = deps.now ?? (() => new Date());
  const securityHeaders = createSecurityHeaders({ isHttps: config.isHttps, storageOrigin: storageOrigin(config), embedAllowedOrigins: config.embedAllowedOrigins });
  const requestId = requestIdGenerator(config.trustProxy);
  // The polled reads' early answers, once the app has built them: the HTTP server asks them first (http/early-reads.ts).
  let answerEarly: ReturnType<typeof registerEarlyReads>['answerRaw'] | null = null;
  const app = Fastify({
    serverFactory: serverWithEarlyAnswers(() => answerEarly),
    logger: withLogSerializers(deps.logger),
    logController: new LogController({ disableRequestLogging: (request) => !config.isProduction && isStaticAssetRequest(request) }),
    // Fastify accepts a hop count too, though its types omit it.
    trustProxy: config.trustProxy as boolean | string,
    bodyLimit: 256 * 1024,
    // Ours (random UUIDs), or a trusted proxy's X-Request-Id when TRUST_PROXY is set: see ops/request-id.ts.
    genReqId: requestId,
    // Paths the router refuses before any hook (too long a parameter, a bad percent-escape), and
    // requests Node cannot parse: answered in the documented shape, see http/router-errors.ts.
    frameworkErrors: routerErrorHandler(securityHeaders),
    clientErrorHandler: clientErrorHandler(securityHeaders),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  // Before any route, so every route's refusals are translated; the site's default language is read once the reads exist.
  translateApiErrors(app, () => siteLanguage());
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

  // Every route, as registered: the access tests walk this list so a new route cannot slip through unguarded,
  // and the OpenAPI test so none goes undocumented (its schema: a response declared for each).
  // `access` is read when asked: a plugin's own onRoute hook (guardEveryRoute) adds its guard after this one ran.
  const routes: { method: string; url: string; schema?: FastifySchema & { hide?: boolean }; readonly access: RouteAccess | undefined; readonly needsFreshCode: boolean }[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      if (method !== 'HEAD')
        routes.push({
          method,
          url: route.url,
          schema: route.schema,
          get access() {
            return accessOf(route.onRequest);
          },
          get needsFreshCode() {
            return needsFreshCodeOf(route.onRequest);
          },
        });
  });

  // Every /api/ route is one the contract declares (src/shared/api), registered from its declaration.
  refuseUndeclaredRoutes(app);

  registerSecurityHeaders(app, securityHeaders);
  // The polled public reads, served from memory. Every service that changes what they show says so
  // after its commit (http/public-data.ts); the cache drops its entries and, through the notifier
  // (LISTEN/NOTIFY on PostgreSQL), the other processes' too. A fresh body is answered by the next hook,
  // before the rest of the request's work (http/early-reads.ts).
  const cache = createReadCache({ now: () => now().getTime(), notifier: database.notifier });
  app.addHook('onClose', async () => cache.close());
  const earlyReads = registerEarlyReads(app, cache, { requestId, securityHeaders });
  answerEarly = earlyReads.answerRaw;
  // Before any route: the document is made from the routes registered after it.
  await registerOpenApi(app, { siteName: config.site.siteName, publicOrigin: config.publicOrigin });
  await app.register(cookie);
  registerSameOriginCheck(app, config.publicOrigin);

  const db = database.db;
  // What services say happened (events/domain-events.ts); who listens is subscribed below, in one place.
  const events = createEventHub({ log: (error, what) => app.log.error({ err: error }, what) });
  const mailer = deps.mailer ?? createOutboxMailer(db, (message) => app.log.info(message));
  const auth = createAuthService(db, now, { requireTwoFactor: config.requireTwoFactor });
  const eventDayScope = createEventDayScope(db, now);
  const tournaments = createTournamentService(db, now, events);
  const champions = createChampionService(db, now, events);
  const brackets = createBracketService(db, now, events);
  const matchViews = createMatchViews(db, now);
  const results = createResultEntry(db, now, events);
  const series = createSeriesSettings(db, now, events);
  const veto = createVetoWorkflow(db, now, events);
  const settings = createSiteSettings(db, { firstValues: { ...config.site, paymentMode: config.paymentsMode }, now, events });
  const contact = createContactService(db, mailer, async () => (await settings.read()).supportEmail);
  const checkIns = createCheckInService(db, now);
  const announcer = createDiscordAnnouncer({ db, webhookUrl: config.discordWebhookUrl, now, log: app.log });
  const news = createTournamentNews({ db, announcer, origin: config.publicOrigin, now });

  app.addHook('onClose', async () => announcer.close());
  // Captains connect their Discord account at step 2 when the organizer set up a Discord application (DISCORD_CLIENT_ID…).
  const discordApi = config.discord ? createDiscordApi(config.discord) : null;
  const discordConnect = discordApi ? createDiscordConnect({ db, api: discordApi, events, publicOrigin: config.publicOrigin, now, log: app.log }) : null;
  // The site's secrets key: it encrypts two-factor secrets (auth/secret-box.ts) and, through a key derived from it, signs the captain's Discord sign-in.
  const secretsKey = config.secretsKey ?? loadOrCreateKeyFile(config.dataDir);
  // "My Teams": the same Discord application signs captains in (identify only); a signed cookie, no table.
  // Signed cookies (a key derived from the secrets key) hold the Discord sign-ins and staff links in progress, and the captain's session.
  const signed = discordApi ? createSignedValues(secretsKey) : null;
  const captainSignIn: CaptainSignIn | null =
    discordApi && signed
      ? {
          flow: createDiscordSignIn({ api: discordApi, publicOrigin: config.publicOrigin, signed, now, log: app.log }),
          sessions: createCaptainSessions({ signed, secureCookies: config.secureCookies, now }),
        }
      : null;
  // With it, the cup's captain role through the Discord outbox. Its own REST client never sits out a
  // rate limit nor retries inside: the outbox waits (retry_after) and retries (backoff) between runs.
  const discordRoles = config.discord ? createDiscordRoles(db, createDiscordApi(config.discord, { maxRateLimitWaitMs: 0, retries: 0 }), now, app.log, config.publicOrigin) : null;
  if (discordRoles) app.addHook('onClose', async () => discordRoles.outbox.close());
  // Staff link their own Discord account (Account tab) to be given the staff role: the same application, a signed cookie.
  const staffLink = discordApi && signed ? createStaffDiscordLink({ db, api: discordApi, events, publicOrigin: config.publicOrigin, signed, now, log: app.log }) : null;
  const audit = createAuditLog(db, now);
  if (!deps.payments && config.paymentsMode === 'stripe') throw new Error('buildApp: Stripe payments are configured but no payment provider was passed');
  const provider = deps.payments ?? createDemoPaymentProvider(db, now);
  // Named on receipts, on the team page and in the mail alike, as the organizer set them in the admin's Settings
  // at that moment; the organizer's name falls back to the site's.
  const captainFacing = async (executor?: Db | Tx) => {
    const current = await settings.read(executor);
    return { siteName: current.siteName, organizerName: current.organizerName ?? current.siteName, supportEmail: current.supportEmail };
  };
  // The captain's e-mail: it hears the events (events/listeners.ts), and decides what is sent.
  const captainMail = createCaptainMail({
    db,
    mailer,
    settings: captainFacing,
    publicOrigin: config.publicOrigin,
    log: (error, what) => app.log.error({ err: error }, what),
  });
  const waitlist = createWaitlist({ db, now, offerHours: config.waitlistOfferHours, holdMinutes: config.pendingHoldMinutes, events });
  // Every listener of the domain events, subscribed in one place: the read cache, the waitlist, the captain's mail, Discord.
  subscribeListeners(events, { cache, waitlist, captainMail, news, discordRoles, log: (error, what) => app.log.error({ err: error }, what) });
  const teams = createTeamService(db, now, config.pendingHoldMinutes, events, waitlist);
  app.addHook('onClose', async () => teams.closeBatches());
  const payments = createPaymentService(db, provider, now, events, (error, what) => app.log.error({ err: error }, what));
  const organizerRefunds = createOrganizerRefunds(db, payments.refunds, now);
  const removal = createTeamRemoval(db, payments.refunds, now, events);
  const cancellation = createTournamentCancellation(db, payments.refunds, now, events);
  const storage = deps.storage ?? createTemporaryLocalDiskStorage(db, now);
  // Loaded only when configured, as the S3 SDK is.
  const sts = config.s3?.sts ? (await import('./uploads/s3-sts.js')).createStsCredentials({ ...config.s3, ...config.s3.sts }, now) : null;
  if (sts) app.addHook('onClose', async () => sts.close());
  if (!deps.storage) app.addHook('onClose', async () => storage.close?.());
  const uploads = createUploadService(storage);
  // A result the captains confirmed (or the deadline did) is announced like an organizer's entry, after its commit.
  const matchReports = createMatchReports(db, now, events, results, {
    announceResult: (matchId, outcome) =>
      setImmediate(() => void news.resultEntered(matchId, outcome, outcome.isCorrection).catch((error: unknown) => app.log.error({ err: error }, 'Discord announcement failed'))),
    // A dispute's screenshots are images uploaded and re-encoded like logos (POST /api/upload-logo): only those objects count.
    evidenceExists: async (url) => (await uploads.openPublicObject(url.slice('/objects/'.length))) !== null,
  });
  registerSessionResolution(app, auth);
  // Before the team link guard and the owner proof, which both accept the captain's Discord sign-in.
  captainSignIn?.sessions.register(app);
  const limiter = createRateLimiter(db, now);
  app.addHook('onClose', async () => limiter.close());
  registerRouteRateLimits(app, limiter, config.rateLimits);

  const teamPage = createTeamPageService(db, payments.refunds, now, {
    organizerName: async () => (await captainFacing()).organizerName,
    events,
    waitlist,
  });
  const requireTeamLink = createTeamLinkGuard(db, limiter, { isRateLimited: config.rateLimits });

  const tournamentPages = createTournamentPages(db, now, events);
  const reads = createPublicReads({ tournaments, teams, champions, brackets, matches: matchViews, settings, pages: tournamentPages });
  const siteLanguage = defaultLanguageOf(() => cache.json(reads.site()));
  const languageOf: LanguageOf = (request) => requestLanguage(request, siteLanguage);
  earlyReads.serve(reads);
  const privacy = createPrivacyService({ db, storage, now, retention: config.site.retention, events });

  await app.register(siteRoutes, { site: reads.site, cache, database });
  await app.register(settingsRoutes, { settings });
  const setup = createFirstRunSetup(db, { dataDir: config.dataDir, now });
  const loginThrottle = createLoginThrottle(limiter, config.rateLimits);
  const sessionCookies = createSessionCookies(auth, config.secureCookies);
  const box = createSecretBox(secretsKey);
  const twoFactor = createTwoFactorService(db, now, { issuer: async () => (await settings.read()).siteName, box });
  const { requireTwoFactor } = config;
  await app.register(authRoutes, { auth, twoFactor, requireTwoFactor, setup, cookies: sessionCookies, throttle: loginThrottle });
  await app.register(accountRoutes, { account: createAccountService(db, now), throttle: loginThrottle });
  await app.register(twoFactorRoutes, { twoFactor, throttle: loginThrottle, requireTwoFactor });
  const organizingTeam = createOrganizingTeam(db, {
    now,
    publicOrigin: config.publicOrigin,
    mailer,
    mailConfigured: config.site.mailConfigured,
    siteName: async () => (await settings.read()).siteName,
    events,
  });
  await app.register(organizingTeamRoutes, { team: organizingTeam, cookies: sessionCookies, requireTwoFactor });
  await app.register(tournamentRoutes, { tournaments, teams, payments, cancellation, cache, reads, news });
  await app.register(tournamentPageRoutes, { pages: tournamentPages, cache, reads, scope: eventDayScope });
  await app.register(teamRoutes, { teams, secureCookies: config.secureCookies, events, languageOf });
  await app.register(championRoutes, { champions, cache, reads });
  await app.register(bracketRoutes, { brackets, results, tournaments, news, cache, reads, scope: eventDayScope });
  await app.register(seriesRoutes, {
    series,
    cache,
    reads,
    calendar: { matches: matchViews, origin: config.publicOrigin, siteName: async () => (await settings.read()).siteName, now },
  });
  await app.register(contactRoutes, { contact });
  await app.register(inboxRoutes, {
    inbox: createInbox(db, { mailer, mailConfigured: config.site.mailConfigured, supportEmail: async () => (await settings.read()).supportEmail, now }),
  });
  await app.register(auditRoutes, { audit });
  await app.register(uploadRoutes, {
    uploads,
    signedUploads: storage.signedUploads,
    audit,
    urlImport: { policy: { hostMap: config.urlImportHostMap }, publicOrigin: config.publicOrigin, resolveSession: auth.resolveSession },
    sts,
  });
  await app.register(organizerRefundRoutes, { organizer: organizerRefunds, refunds: payments.refunds });
  await app.register(teamRemovalRoutes, { removal });
  await app.register(financeRoutes, { finance: createFinance(db, provider) });
  await app.register(prizeRoutes, { prizes: createPrizeService(db, now, events) });
  await app.register(privacyAdminRoutes, { privacy });
  await app.register(privacyCaptainRoutes, { privacy, requireTeamLink });
  await app.register(paymentRoutes, { payments, mode: deps.payments?.mode ?? 'demo' });
  await app.register(teamPageRoutes, { db, teamPage, payments, requireTeamLink, now, claimOffer: waitlist.claim, events });
  await app.register(registerAgainRoutes, { registerAgain: createRegisterAgain(db, now, teams), requireTeamLink, secureCookies: config.secureCookies, events, languageOf });
  await app.register(pendingRegistrationRoutes, { db, pending: createPendingRegistrations(db, now), teamPage, secureCookies: config.secureCookies });
  await app.register(discordConnectRoutes, { connect: discordConnect, signIn: captainSignIn, staffLink, secureCookies: config.secureCookies });
  await app.register(staffLinkRoutes, { link: staffLink, secureCookies: config.secureCookies });
  await app.register(discordSignInRoutes, { db, signIn: captainSignIn, secureCookies: config.secureCookies });
  await app.register(discordCleanUpRoutes, { cleanUp: discordRoles?.cleanUp ?? null });
  await app.register(waitlistRoutes, { teams, waitlist, secureCookies: config.secureCookies, events, languageOf });
  await app.register(backupRoutes, { database, now });
  await app.register(checkInRoutes, { checkIns, teamPage, requireTeamLink, scope: eventDayScope });
  await app.register(vetoRoutes, { veto, requireTeamLink, scope: eventDayScope });
  await app.register(matchReportRoutes, { reports: matchReports, views: matchViews, requireTeamLink, scope: eventDayScope });

  const webRoot = deps.webRoot && fs.existsSync(path.join(deps.webRoot, 'index.html')) ? deps.webRoot : null;
  const template = webRoot ? await serveWebClient(app, webRoot) : null;
  const renderPage =
    webRoot && template
      ? createHtmlRenderer(template, {
          siteName: config.site.siteName,
          publicOrigin: config.publicOrigin,
          entry: deps.serverEntry !== undefined ? deps.serverEntry : await loadServerEntry(webRoot),
          routeChunks: createRouteChunks(webRoot),
          islandsTemplate: readIslandsTemplate(webRoot),
          islandChunks: createIslandChunks(webRoot),
          catalogUrl: createCatalogUrls(webRoot),
          data: createPageData(cache, reads),
          onRenderError: (error) => app.log.error({ err: error }, 'Server rendering failed; the page is served for the browser to render'),
        })
      : null;
  if (renderPage) {
    // Before the server takes connections, each public page is rendered once: its modules load and
    // compile and its data is read now, not in the first visitors' time (nor while they wait).
    // If one cannot be (the database is away), the others are not tried: each is rendered on its first visit.
    app.addHook('onReady', async () => {
      try {
        for (const page of serverRenderedPages) await renderPage(page, true);
      } catch {
        // Nothing lost: warming up is an optimisation.
      }
    });
  }
  const sendHtml = createHtmlSender();
  const pageLanguageOf = createPageLanguage({ siteDefault: siteLanguage, secureCookies: config.secureCookies });
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0];
    if (!renderPage || request.method !== 'GET' || pathname.startsWith('/api/') || pathname.startsWith('/objects/')) {
      return reply.status(404).send({ error: `No route for ${request.method} ${pathname}` });
    }
    // Unknown paths get the client-rendered 404 page; the status still tells crawlers the truth.
    let isKnown = isKnownPage(pathname);
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache');
    const { locale, fromQuery: languageInAddress } = await pageLanguageOf(request, reply);
    try {
      // A cup's page by an old slug or its id: its current address (permanent; links shared before keep working).
      const cup = await resolveCupPath(request.url, cache, reads);
      if (cup.kind === 'moved') return reply.redirect(cup.location, 308);
      if (cup.kind === 'register') return reply.redirect(cup.location, 302);
      if (cup.kind === 'missing' || (await isMissingMatchPath(request.url, cache, reads))) isKnown = false;
      return sendHtml(request, reply.status(isKnown ? 200 : 404), await renderPage(request.url, isKnown, { locale, languageInAddress }));
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      // The page still loads while the database is away; its data requests get the 503 and retry.
      return sendHtml(request, reply.status(503).header('Retry-After', String(databaseRetryAfterSeconds)), await renderPage(request.url, isKnown, { withData: false, locale, languageInAddress }));
    }
  });

  return { app, routes, services: { events, discordOutbox: discordRoles?.outbox ?? null, discordChannels: discordRoles?.channels ?? null, auth, twoFactor, setup, settings, tournaments, teams, champions, brackets, checkIns, announcer, news, contact, payments, limiter, privacy, teamPage, requireTeamLink, waitlist, veto, matchReports } };
}

/** Where the admin's browser sends direct uploads: the S3 endpoint, or AWS's bucket host. */
function storageOrigin(config: Config): string | null {
  if (!config.s3) return null;
  return config.s3.endpoint ? new URL(config.s3.endpoint).origin : `https://${config.s3.bucket}.s3.${config.s3.region}.amazonaws.com`;
}

export type BuiltApp = Awaited<ReturnType<typeof buildApp>>;

/** The server half of the web client (vite build --ssr), built beside the web root; without it every page is rendered in the browser. */
async function loadServerEntry(webRoot: string): Promise<ServerEntry | null> {
  const file = path.join(webRoot, '..', 'ssr', 'entry-server.js');
  return fs.existsSync(file) ? ((await import(pathToFileURL(file).href)) as ServerEntry) : null;
}

/** The built SPA's files; hashed assets are cached for a year. Returns the index.html template. */
async function serveWebClient(app: FastifyInstance, webRoot: string): Promise<string> {
  const indexHtml = fs.readFileSync(path.join(webRoot, 'index.html'), 'utf8');
  await app.register(fastifyStatic, {
    root: webRoot,
    wildcard: false,
    index: false,
    // The build writes a brotli and a gzip copy beside each text asset (scripts/precompress-assets.mjs).
    preCompressed: true,
    setHeaders: (res, filePath) => {
      res.header('Cache-Control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
    },
  });
  return indexHtml;
}
