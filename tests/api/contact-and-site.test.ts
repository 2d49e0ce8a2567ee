import { beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, outbox } from '../../src/server/db/schema.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ SUPPORT_EMAIL: 'help@example.org', DISCORD_INVITE_URL: 'https://discord.gg/example' });
});

describe('contact', () => {
  it('stores the message and queues it to the support address', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Jo', email: 'jo@example.com', subject: 'Refund question', message: 'Can I still get a refund for my team?' },
    });
    expect(response.statusCode).toBe(201);
    const stored = await t.database.db.select().from(contactMessages);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ name: 'Jo', email: 'jo@example.com', subject: 'Refund question' });
    const mail = await t.database.db.select().from(outbox);
    expect(mail[0]).toMatchObject({ to: 'help@example.org', replyTo: 'jo@example.com', subject: '[Contact] Refund question' });
  });

  it('reports each validation message of the contact form', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/contact', payload: { name: 'J', email: 'nope', subject: 'Hey', message: 'too short' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([
      { path: 'name', message: 'Name must be at least 2 characters' },
      { path: 'email', message: 'Please enter a valid email address' },
      { path: 'subject', message: 'Subject must be at least 5 characters' },
      { path: 'message', message: 'Message must be at least 20 characters' },
    ]);
    expect(response.json().error).toBe('Name must be at least 2 characters');
  });
});

describe('site, health and transport', () => {
  it('serves public settings, health and readiness', async () => {
    const site = (await t.app.inject({ method: 'GET', url: '/api/site' })).json();
    expect(site).toMatchObject({ supportEmail: 'help@example.org', discordInviteUrl: 'https://discord.gg/example', paymentMode: 'demo' });
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready' });
  });

  it('answers bad JSON, unsupported content types and unknown API routes with clear 4xx errors', async () => {
    const badJson = await t.app.inject({ method: 'POST', url: '/api/contact', headers: { 'content-type': 'application/json' }, payload: '{"name":' });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toEqual({ error: 'Malformed request' });
    const text = await t.app.inject({ method: 'POST', url: '/api/contact', headers: { 'content-type': 'text/plain' }, payload: 'hello' });
    expect(text.statusCode).toBe(415);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('No route for GET /api/nothing-here');
  });

  it('refuses a state-changing request from another site with 403', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { origin: 'https://evil.example' },
      payload: { name: 'Jo', email: 'jo@example.com', subject: 'Refund question', message: 'Can I still get a refund for my team?' },
    });
    expect(response.statusCode).toBe(403);
    const sameSite = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { origin: 'http://localhost:5000' },
      payload: { name: 'Jo', email: 'jo@example.com', subject: 'Refund question', message: 'Can I still get a refund for my team?' },
    });
    expect(sameSite.statusCode).toBe(201);
  });
});
