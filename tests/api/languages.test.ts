import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { outbox, teams } from '../../src/server/db/schema.js';
import type { ServerEntry } from '../../src/server/site/html-page.js';
import { createOpenTournament, teamPayload } from '../support/factories.js';
import { adminCredentials, createTestDatabase, type TestApp } from '../support/test-app.js';

// A page's language, the API's refusals in it, the organizer's default, and the captain's mail in the language they registered in.
const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'web-root-'));
fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><html lang="en"><head><title>Placeholder</title>\n</head><body><div id="root"></div></body></html>');

let built: Awaited<ReturnType<typeof buildApp>>;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let cookie: string;

beforeAll(async () => {
  const serverEntry = (await import('../../src/web/entry-server.js')) as ServerEntry;
  database = await createTestDatabase();
  built = await buildApp({ config: loadConfig({ NODE_ENV: 'test', RATE_LIMITS: 'off', PUBLIC_URL: 'https://cup.example.org', SITE_NAME: 'Clutch Cup', SUPPORT_EMAIL: 'help@example.org' }), database, webRoot, serverEntry });
  await built.services.auth.upsertAdmin(adminCredentials.username, adminCredentials.password);
  const login = await built.app.inject({ method: 'POST', url: '/api/auth/login', payload: adminCredentials });
  cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
});
afterAll(async () => {
  await built.app.close();
  await database.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

const page = (url: string, headers: Record<string, string> = {}) => built.app.inject({ method: 'GET', url, headers });
const htmlLang = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1];

describe('a page’s language', () => {
  it('follows the browser, in the site’s offer, else English', async () => {
    expect(htmlLang((await page('/rules', { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' })).body)).toBe('es');
    expect(htmlLang((await page('/rules', { 'accept-language': 'pt-PT' })).body)).toBe('pt-BR');
    expect(htmlLang((await page('/rules', { 'accept-language': 'de-DE' })).body)).toBe('en');
    expect(htmlLang((await page('/rules')).body)).toBe('en');
  });

  it('is the visitor’s choice over the browser: ?lang= sets a year-long cookie, which later pages follow', async () => {
    const chosen = await page('/rules?lang=pt-BR', { 'accept-language': 'es' });
    expect(htmlLang(chosen.body)).toBe('pt-BR');
    const set = chosen.cookies.find((c) => c.name === 'lang');
    expect(set).toMatchObject({ value: 'pt-BR', path: '/', sameSite: 'Lax', maxAge: 31_536_000 });
    expect(chosen.headers.vary).toMatch(/Accept-Language/);
    const later = await page('/hall-of-fame', { 'accept-language': 'es', cookie: 'lang=pt-BR' });
    expect(htmlLang(later.body)).toBe('pt-BR');
    // A made-up language is no choice.
    expect((await page('/rules?lang=xx', { 'accept-language': 'es' })).cookies.find((c) => c.name === 'lang')).toBeUndefined();
  });

  it('renders the page’s texts and title in it, with the same address in each language as alternates', async () => {
    const html = (await page('/rules', { cookie: 'lang=es' })).body;
    expect(html).toContain('Preguntas frecuentes');
    expect(html).toMatch(/<title>[^<]*Reglas[^<]*\| Clutch Cup<\/title>/);
    for (const locale of ['en', 'es', 'pt-BR']) expect(html).toContain(`<link rel="alternate" hreflang="${locale}" href="https://cup.example.org/rules?lang=${locale}" />`);
    expect(html).toContain('<link rel="alternate" hreflang="x-default" href="https://cup.example.org/rules" />');
    // The English page is the specification's.
    expect((await page('/rules')).body).toContain('Frequently Asked Questions');
  });

  it('a page chosen by its address is that address (canonical, og:url); else the bare path', async () => {
    const chosen = (await page('/rules?lang=es')).body;
    expect(chosen).toContain('<link rel="canonical" href="https://cup.example.org/rules?lang=es" />');
    expect(chosen).toContain('<meta property="og:url" content="https://cup.example.org/rules?lang=es" />');
    const byCookie = (await page('/rules', { cookie: 'lang=es' })).body;
    expect(byCookie).toContain('<link rel="canonical" href="https://cup.example.org/rules" />');
  });

  it('switches in the footer to the same address in another language, its other parameters kept', async () => {
    const html = (await page('/rules?utm_source=discord')).body;
    expect(html).toContain('href="?utm_source=discord&amp;lang=es"');
    expect(html).toContain('href="?utm_source=discord&amp;lang=pt-BR"');
    expect((await page('/rules?lang=es')).body).toContain('href="?lang=pt-BR"');
  });

  it('takes the pseudo-locale only for the session, and a malformed address is no failure', async () => {
    const pseudo = await page('/rules?lang=en-XA');
    expect(htmlLang(pseudo.body)).toBe('en-XA');
    const cookie = pseudo.cookies.find((c) => c.name === 'lang');
    expect(cookie?.value).toBe('en-XA');
    expect(cookie?.maxAge).toBeUndefined();
    expect(htmlLang((await page('/rules', { 'accept-language': 'en-XA' })).body)).toBe('en');
    expect((await page('//[?lang=es')).statusCode).toBeLessThan(500);
  });

  it('falls back to the organizer’s default, which Settings sets', async () => {
    const settings = (await built.app.inject({ method: 'GET', url: '/api/admin/settings', headers: { cookie } })).json().values;
    const refused = await built.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: { cookie }, payload: { ...settings, defaultLanguage: 'fr' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues).toEqual([{ path: 'defaultLanguage', message: 'Choose one of the offered languages' }]);
    const saved = await built.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: { cookie }, payload: { ...settings, defaultLanguage: 'es' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await built.app.inject({ method: 'GET', url: '/api/site' })).json().defaultLanguage).toBe('es');
    expect(htmlLang((await page('/rules', { 'accept-language': 'de' })).body)).toBe('es');
    // The browser's own language still wins.
    expect(htmlLang((await page('/rules', { 'accept-language': 'en-GB' })).body)).toBe('en');
    await built.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: { cookie }, payload: { ...settings, defaultLanguage: 'en' } });
  });
});

describe('the organizer’s time zone', () => {
  it('is UTC until Settings name one Intl knows, and the served page carries it', async () => {
    expect((await built.app.inject({ method: 'GET', url: '/api/site' })).json().timeZone).toBe('UTC');
    const settings = (await built.app.inject({ method: 'GET', url: '/api/admin/settings', headers: { cookie } })).json().values;
    const refused = await built.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: { cookie }, payload: { ...settings, timeZone: 'Mars/Olympus_Mons' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues).toEqual([{ path: 'timeZone', message: 'Choose a time zone from the list' }]);
    const saved = await built.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: { cookie }, payload: { ...settings, timeZone: 'America/Sao_Paulo' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await built.app.inject({ method: 'GET', url: '/api/site' })).json().timeZone).toBe('America/Sao_Paulo');
    expect((await page('/rules')).body).toMatch(/<html lang="en"[^>]* data-time-zone="America\/Sao_Paulo"/);
    // A form without it keeps it.
    const { timeZone: _kept, ...withoutZone } = settings;
    await built.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: { cookie }, payload: withoutZone });
    expect((await built.app.inject({ method: 'GET', url: '/api/site' })).json().timeZone).toBe('America/Sao_Paulo');
    await built.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: { cookie }, payload: { ...settings, timeZone: 'UTC' } });
  });
});

describe('the API’s refusals', () => {
  it('come in the request’s language, each field’s too; English stays the specification’s', async () => {
    const body = { name: '', email: 'nope', subject: 'Hi', message: 'Short' };
    const english = await built.app.inject({ method: 'POST', url: '/api/contact', payload: body });
    expect(english.statusCode).toBe(400);
    const spanish = await built.app.inject({ method: 'POST', url: '/api/contact', payload: body, headers: { 'accept-language': 'es' } });
    expect(spanish.statusCode).toBe(400);
    const issues = (response: typeof english) => (response.json() as { issues: { path: string; message: string }[] }).issues;
    expect(issues(spanish).map((issue) => issue.path)).toEqual(issues(english).map((issue) => issue.path));
    for (const [index, issue] of issues(spanish).entries()) expect(issue.message, issue.path).not.toBe(issues(english)[index].message);
    expect(spanish.json().error).toBe(issues(spanish)[0].message);
  });
});

describe('a refusal with a value in it', () => {
  it('is written again in the request’s language, the value as it was', async () => {
    const tournament = await createOpenTournament({ app: built.app } as unknown as TestApp, cookie, { name: 'Copa Nombres' });
    const first = await built.app.inject({ method: 'POST', url: '/api/teams', payload: { ...teamPayload(tournament.id), name: 'Los Pumas' } });
    expect(first.statusCode, first.body).toBe(201);
    const again = await built.app.inject({ method: 'POST', url: '/api/teams', headers: { 'accept-language': 'es' }, payload: { ...teamPayload(tournament.id), name: 'Los Pumas' } });
    expect(again.statusCode).toBe(409);
    const message = 'Ya hay un equipo inscrito con el nombre "Los Pumas" en este torneo. Elige otro nombre de equipo.';
    expect(again.json()).toEqual({ error: message, issues: [{ path: 'name', message }] });
  });
});

describe('a captain’s mail', () => {
  it('is written in the language they registered in', async () => {
    const tournament = await createOpenTournament({ app: built.app } as unknown as TestApp, cookie, { name: 'Copa Brasil', entryFee: '25.00' });
    const registered = await built.app.inject({
      method: 'POST',
      url: '/api/teams',
      headers: { 'accept-language': 'pt-BR,pt;q=0.9' },
      payload: { ...teamPayload(tournament.id), name: 'Onça Pintada', captainEmail: 'capitao@example.com' },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const { id } = registered.json() as { id: string };
    const [team] = await database.db.select({ language: teams.language }).from(teams).where(eq(teams.id, id));
    expect(team.language).toBe('pt-BR');
    await expect.poll(async () => (await database.db.select().from(outbox).where(eq(outbox.teamId, id))).length).toBe(1);
    const [mail] = await database.db.select().from(outbox).where(eq(outbox.teamId, id));
    expect(mail.subject).toBe('Inscrição recebida: Onça Pintada em Copa Brasil');
    expect(mail.html).toContain('lang="pt-BR"');
    expect(mail.body).toContain('Gerenciar sua equipe');

    const english = await built.app.inject({ method: 'POST', url: '/api/teams', payload: { ...teamPayload(tournament.id), name: 'Plain English', captainEmail: 'captain@example.com' } });
    const englishId = (english.json() as { id: string }).id;
    await expect.poll(async () => (await database.db.select().from(outbox).where(eq(outbox.teamId, englishId))).length).toBe(1);
    const [englishMail] = await database.db.select().from(outbox).where(eq(outbox.teamId, englishId));
    expect(englishMail.subject).toBe('Registration received: Plain English in Copa Brasil');
  });
});
