import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { defaultGeneralRules, placeholderSettings } from '../shared/site-defaults.js';
import { parseSecretsKey } from './auth/secrets-key.js';

const optional = z.string().trim().min(1).optional();
const booleanish = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.url().optional(),
  PUBLIC_URL: z.url().optional(),
  TRUST_PROXY: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // How long in-flight requests get after SIGTERM before the process exits anyway (below an orchestrator's grace period).
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(1).max(600).default(10),
  ADMIN_USERNAME: optional,
  ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional(),
  // Which accounts must sign in with a second factor (default: owners in production, nobody in development).
  ADMIN_REQUIRE_2FA: z.enum(['owner', 'all', 'off']).optional(),
  PENDING_HOLD_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  // How long a waiting team has to claim a freed spot (never past registration close).
  WAITLIST_OFFER_HOURS: z.coerce.number().min(0.25).max(168).default(12),
  PAYMENTS: z.enum(['demo', 'stripe']).optional(),
  STRIPE_SECRET_KEY: optional,
  STRIPE_PUBLISHABLE_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_API_URL: z.url().optional(),
  // Tests only: `name=address` pairs the logo URL import resolves to, private addresses allowed (uploads/url-import).
  URL_IMPORT_HOST_MAP: z.string().optional(),
  // Sites that may frame the bracket and standings embeds (/embed/…): comma-separated origins; unset, any site may.
  EMBED_ALLOWED_ORIGINS: z.string().optional(),
  S3_BUCKET: optional,
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  // With a role to assume, GET s3/sts hands the admin's browser temporary upload credentials (Uppy uploads straight to S3).
  S3_STS_ROLE_ARN: optional,
  S3_STS_ENDPOINT: z.url().optional(),
  SMTP_URL: z.url().optional(),
  // A Discord channel's webhook: the site announces tournament news there (discord/announcer.ts).
  DISCORD_WEBHOOK_URL: z.url().optional(),
  // Captains connect their Discord account at step 2 and the bot adds them to the server (discord/connect-captain.ts): all four or none.
  DISCORD_CLIENT_ID: optional,
  DISCORD_CLIENT_SECRET: optional,
  DISCORD_BOT_TOKEN: optional,
  DISCORD_GUILD_ID: optional,
  DISCORD_API_URL: z.url().optional(),
  MAIL_FROM: z.string().default('Tournament Site <no-reply@localhost>'),
  SITE_NAME: z.string().default('Clutch Cup'),
  GAME_NAME: z.string().default('VALORANT'),
  // Placeholders until set here or in the admin's site settings (which win): see shared/site-defaults.ts.
  DISCORD_INVITE_URL: z.url().default(placeholderSettings.discordInviteUrl),
  SUPPORT_EMAIL: z.email().default(placeholderSettings.supportEmail),
  YOUTUBE_URL: z.url().default(placeholderSettings.socialLinks.youtube),
  TWITCH_URL: z.url().default(placeholderSettings.socialLinks.twitch),
  TIKTOK_URL: z.url().default(placeholderSettings.socialLinks.tiktok),
  ORGANIZER_NAME: optional,
  ORGANIZER_CONTACT: optional,
  CONTACT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
  PERSONAL_DATA_RETENTION_DAYS: z.coerce.number().int().min(30).max(3650).default(730),
  SESSION_SECURE_COOKIE: booleanish.optional(),
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  // Encrypts two-factor secrets at rest (auth/secret-box.ts); without it, DATA_DIR/secrets-key (made on first start).
  SECRETS_KEY: z.string().refine((value) => parseSecretsKey(value) !== null, 'must be 32 bytes, as 64 hex digits or base64 (openssl rand -base64 32)').optional(),
});

export type Env = z.input<typeof envSchema>;

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  // Empty variables count as unset, as most deploy tools write them.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  const hasStripeKeys = !!(e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY);
  const paymentsMode = e.PAYMENTS ?? (hasStripeKeys ? 'stripe' : 'demo');
  if (paymentsMode === 'stripe' && !hasStripeKeys) {
    throw new ConfigError('Invalid configuration:\n  PAYMENTS: stripe needs STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY');
  }
  if (isProduction && paymentsMode === 'stripe' && !e.STRIPE_WEBHOOK_SECRET) {
    // Without webhooks a captain who pays and closes the tab would lose the spot and keep being charged.
    throw new ConfigError('Invalid configuration:\n  STRIPE_WEBHOOK_SECRET: required for Stripe payments in production');
  }
  if (isProduction && e.STRIPE_API_URL) {
    // The secret key goes wherever this points: production talks to Stripe itself, never to a stand-in.
    throw new ConfigError("Invalid configuration:\n  STRIPE_API_URL: only for tests and development (a stand-in of Stripe's API), never in production");
  }
  const discordVariables = { DISCORD_CLIENT_ID: e.DISCORD_CLIENT_ID, DISCORD_CLIENT_SECRET: e.DISCORD_CLIENT_SECRET, DISCORD_BOT_TOKEN: e.DISCORD_BOT_TOKEN, DISCORD_GUILD_ID: e.DISCORD_GUILD_ID };
  const missingDiscord = Object.entries(discordVariables).filter(([, value]) => !value).map(([name]) => name);
  if (missingDiscord.length > 0 && missingDiscord.length < 4) {
    // Half a Discord application would send captains to an authorization that cannot finish.
    throw new ConfigError(`Invalid configuration:\n  DISCORD_CLIENT_ID, DISCORD_CLIENT_SECRET, DISCORD_BOT_TOKEN and DISCORD_GUILD_ID go together (missing: ${missingDiscord.join(', ')})`);
  }
  if (isProduction && e.DISCORD_API_URL) {
    // The client secret, the bot token and captains' access tokens go wherever this points.
    throw new ConfigError("Invalid configuration:\n  DISCORD_API_URL: only for tests and development (a stand-in of Discord's API), never in production");
  }
  if (isProduction && e.URL_IMPORT_HOST_MAP) {
    // It lets the server fetch from private addresses: only for a test serving an image on 127.0.0.1.
    throw new ConfigError('Invalid configuration:\n  URL_IMPORT_HOST_MAP: only for tests and development, never in production');
  }
  if (isProduction && paymentsMode === 'demo' && e.PAYMENTS !== 'demo') {
    throw new ConfigError('Invalid configuration:\n  PAYMENTS: production runs demo payments only when PAYMENTS=demo is set explicitly');
  }
  if ((e.ADMIN_USERNAME && !e.ADMIN_PASSWORD) || (!e.ADMIN_USERNAME && e.ADMIN_PASSWORD)) {
    throw new ConfigError('Invalid configuration:\n  ADMIN_USERNAME and ADMIN_PASSWORD go together');
  }
  if (isProduction && e.DATABASE_URL && !e.SECRETS_KEY) {
    // Several processes share the database: a key each made in its own DATA_DIR would not open the others' secrets,
    // and a container's DATA_DIR may not outlive a redeploy. The embedded database's DATA_DIR is the one place anyway.
    throw new ConfigError('Invalid configuration:\n  SECRETS_KEY: required in production with DATABASE_URL (32 bytes: openssl rand -base64 32)');
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`);
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? null,
    usesEmbeddedDb: !e.DATABASE_URL,
    publicOrigin: publicUrl.origin,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
    admin: e.ADMIN_USERNAME && e.ADMIN_PASSWORD ? { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD } : null,
    requireTwoFactor: e.ADMIN_REQUIRE_2FA ?? (isProduction ? 'owner' : 'off'),
    pendingHoldMinutes: e.PENDING_HOLD_MINUTES,
    waitlistOfferHours: e.WAITLIST_OFFER_HOURS,
    paymentsMode,
    stripe: hasStripeKeys
      ? { secretKey: e.STRIPE_SECRET_KEY!, publishableKey: e.STRIPE_PUBLISHABLE_KEY!, webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? null, api: stripeApiLocation(e.STRIPE_API_URL) }
      : null,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT ?? null,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID ?? null,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? null,
          sts: e.S3_STS_ROLE_ARN ? { roleArn: e.S3_STS_ROLE_ARN, endpoint: e.S3_STS_ENDPOINT ?? null } : null,
        }
      : null,
    urlImportHostMap: parseHostMap(e.URL_IMPORT_HOST_MAP),
    /** Who may frame the embeds: null, any site; otherwise these origins only (every other page: nobody). */
    embedAllowedOrigins: parseOrigins(e.EMBED_ALLOWED_ORIGINS),
    smtpUrl: e.SMTP_URL ?? null,
    discordWebhookUrl: e.DISCORD_WEBHOOK_URL ?? null,
    /** Null: step 2 is the invite link, as the spec has it. */
    discord:
      missingDiscord.length === 0
        ? {
            clientId: e.DISCORD_CLIENT_ID!,
            clientSecret: e.DISCORD_CLIENT_SECRET!,
            botToken: e.DISCORD_BOT_TOKEN!,
            guildId: e.DISCORD_GUILD_ID!,
            /** Where OAuth2 (`/oauth2/authorize`, `/api/oauth2/token`) and REST (`/api/v10/…`) live. */
            origin: (e.DISCORD_API_URL ?? 'https://discord.com').replace(/\/+$/, ''),
          }
        : null,
    mailFrom: e.MAIL_FROM,
    secureCookies: e.SESSION_SECURE_COOKIE ?? publicUrl.protocol === 'https:',
    isHttps: publicUrl.protocol === 'https:',
    rateLimits: e.RATE_LIMITS === 'on',
    /** Null: the key in DATA_DIR/secrets-key (auth/secrets-key.ts). */
    secretsKey: e.SECRETS_KEY ? parseSecretsKey(e.SECRETS_KEY) : null,
    site: {
      siteName: e.SITE_NAME,
      game: e.GAME_NAME,
      discordInviteUrl: e.DISCORD_INVITE_URL,
      supportEmail: e.SUPPORT_EMAIL,
      socialLinks: { youtube: e.YOUTUBE_URL, twitch: e.TWITCH_URL, tiktok: e.TIKTOK_URL, discord: e.DISCORD_INVITE_URL },
      generalRules: defaultGeneralRules,
      // The data controller named on the privacy policy.
      organizerName: e.ORGANIZER_NAME ?? null,
      organizerContact: e.ORGANIZER_CONTACT ?? null,
      retention: { contactDays: e.CONTACT_RETENTION_DAYS, personalDataDays: e.PERSONAL_DATA_RETENTION_DAYS },
      mailConfigured: !!e.SMTP_URL,
      discordConnect: missingDiscord.length === 0,
    },
  };
}

export type Config = ReturnType<typeof loadConfig>;

export class ConfigError extends Error {}

/** Where the Stripe SDK sends its requests when not to Stripe itself (a local stand-in in tests). */
function stripeApiLocation(url: string | undefined): { host: string; port: number; protocol: 'http' | 'https' } | null {
  if (!url) return null;
  const parsed = new URL(url);
  const protocol = parsed.protocol === 'http:' ? 'http' : 'https';
  return { host: parsed.hostname, port: parsed.port ? Number(parsed.port) : protocol === 'http' ? 80 : 443, protocol };
}

/** `logos.test=127.0.0.1,cdn.test=::1` → hostname → address. */
function parseHostMap(value: string | undefined): ReadonlyMap<string, string> {
  const map = new Map<string, string>();
  for (const pair of (value ?? '').split(',').map((p) => p.trim()).filter(Boolean)) {
    const [host, address] = pair.split('=').map((p) => p.trim());
    if (!host || !address || !net.isIP(address)) throw new ConfigError(`Invalid configuration:\n  URL_IMPORT_HOST_MAP: "${pair}" is not hostname=IP-address`);
    map.set(host.toLowerCase(), address);
  }
  return map;
}

function parseOrigins(value: string | undefined): string[] | null {
  const entries = (value ?? '').split(',').map((entry) => entry.trim()).filter(Boolean);
  if (!entries.length) return null;
  return entries.map((entry) => {
    const url = URL.canParse(entry) ? new URL(entry) : null;
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== entry.replace(/\/$/, '')) {
      throw new ConfigError(`Invalid configuration:\n  EMBED_ALLOWED_ORIGINS: "${entry}" is not an origin like https://example.com`);
    }
    return url.origin;
  });
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value; // comma-separated addresses or CIDR ranges
}
