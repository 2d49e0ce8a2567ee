import { beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../src/server/db/schema.js';
import { defaultGeneralRules, placeholderSettings } from '../../src/shared/site-defaults.js';
import { defaultMapPool } from '../../src/shared/schemas/match.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/** Site settings in the admin: stored in the database, the environment only the first values. */
let t: TestApp;
let cookie: string;

beforeAll(async () => {
  // The environment sets the organizer's name only: the rest starts at the placeholders.
  t = await createTestApp({ ORGANIZER_NAME: 'Env Organizer Ltd' });
  cookie = await t.login();
});

const site = async () => (await t.app.inject({ method: 'GET', url: '/api/site' })).json();
const adminSettings = async () => (await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: { cookie } })).json();
const save = (body: object) => t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: { cookie }, payload: body });

const organizerSettings = {
  siteName: 'Northwind Cup',
  discordInviteUrl: 'https://discord.gg/northwind',
  supportEmail: 'help@northwind.example',
  socialLinks: { youtube: 'https://www.youtube.com/@northwind', twitch: 'https://www.twitch.tv/northwind', tiktok: 'https://www.tiktok.com/@northwind' },
  generalRules: 'Matches are best-of-3, double elimination.\nBe on Discord 30 minutes before your match.',
  organizerName: 'Northwind Esports Ltd',
  organizerContact: 'privacy@northwind.example',
};

describe('site settings', () => {
  it('start at placeholders on reserved example domains (nobody’s real community) and the default rules, with the environment’s values', async () => {
    expect(await site()).toMatchObject({
      siteName: 'Clutch Cup',
      discordInviteUrl: placeholderSettings.discordInviteUrl,
      supportEmail: 'support@example.com',
      socialLinks: { ...placeholderSettings.socialLinks, discord: placeholderSettings.discordInviteUrl },
      generalRules: defaultGeneralRules,
      organizerName: 'Env Organizer Ltd',
      organizerContact: null,
    });
    expect(placeholderSettings.discordInviteUrl).toMatch(/^https:\/\/[a-z.]+\.example\//);
    expect((await adminSettings()).unset).toEqual(['discordInviteUrl', 'supportEmail', 'socialLinks', 'organizerContact']);
  });

  it('are for organizers only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/settings' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/settings', payload: organizerSettings })).statusCode).toBe(401);
  });

  it('refuse addresses that are not web addresses or e-mail addresses, naming each field', async () => {
    const response = await save({
      ...organizerSettings,
      discordInviteUrl: 'javascript:alert(1)',
      supportEmail: 'not-an-address',
      socialLinks: { ...organizerSettings.socialLinks, twitch: 'twitch.tv/northwind' },
      generalRules: '   ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([
      { path: 'discordInviteUrl', message: 'Discord invite URL must be a web address starting with https://' },
      { path: 'supportEmail', message: 'Support e-mail must be an e-mail address' },
      { path: 'socialLinks.twitch', message: 'Twitch link must be a web address starting with https://' },
      { path: 'generalRules', message: 'General rules are required' },
    ]);
    expect((await site()).discordInviteUrl).toBe(placeholderSettings.discordInviteUrl);
  });

  it('once saved, win over the environment on every public read at once, and empty the checklist', async () => {
    // A visitor's cached copy first, so the change must get past the read cache.
    const before = await t.app.inject({ method: 'GET', url: '/api/site' });
    const response = await save(organizerSettings);
    expect(response.statusCode).toBe(200);
    expect(response.json().unset).toEqual([]);
    const after = await t.app.inject({ method: 'GET', url: '/api/site', headers: { 'if-none-match': before.headers.etag as string } });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({
      ...organizerSettings,
      socialLinks: { ...organizerSettings.socialLinks, discord: 'https://discord.gg/northwind' },
    });
    expect(await adminSettings()).toEqual({ values: { ...organizerSettings, mapPool: [...defaultMapPool], defaultLanguage: 'en', timeZone: 'UTC' }, unset: [] });
  });

  it('send contact messages to the support e-mail set in the admin', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Jo', email: 'jo@example.com', subject: 'Refund question', message: 'Can I still get a refund for my team?' },
    });
    const mail = await t.database.db.select().from(outbox);
    expect(mail.at(-1)).toMatchObject({ to: 'help@northwind.example' });
  });

  it('record who changed what in the activity log', async () => {
    const page = (await t.app.inject({ method: 'GET', url: '/api/admin/audit?limit=5', headers: { cookie } })).json();
    const entry = page.entries.find((e: { action: string }) => e.action === 'settings.update');
    expect(entry).toMatchObject({ actor: 'organizer', after: { discordInviteUrl: 'https://discord.gg/northwind', organizerName: 'Northwind Esports Ltd' } });
    expect(entry.before).toMatchObject({ discordInviteUrl: placeholderSettings.discordInviteUrl, organizerName: 'Env Organizer Ltd' });
  });

  it('leave the organizer’s contact empty when cleared: the privacy page then falls back to the support address', async () => {
    const response = await save({ ...organizerSettings, organizerContact: '' });
    expect(response.json().unset).toEqual(['organizerContact']);
    expect((await site()).organizerContact).toBeNull();
  });

  it('take a social link left empty as one the organizer does not have (not a placeholder to set)', async () => {
    const response = await save({ ...organizerSettings, socialLinks: { ...organizerSettings.socialLinks, tiktok: '  ' } });
    expect(response.statusCode).toBe(200);
    expect(response.json().unset).toEqual([]);
    expect((await site()).socialLinks).toMatchObject({ tiktok: '', youtube: organizerSettings.socialLinks.youtube });
    expect((await save(organizerSettings)).statusCode).toBe(200);
  });
});
