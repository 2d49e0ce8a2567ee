import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, contactMessages, outbox } from '../../src/server/db/schema.js';
import { createOutboxSender, createSmtpTransport, deliveryPolicy } from '../../src/server/mail/outbox-sender.js';
import { startSmtpCatcher, type SmtpCatcher } from '../support/smtp-catcher.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let smtp: SmtpCatcher;
beforeAll(async () => {
  smtp = await startSmtpCatcher({ refuse: (address) => address.endsWith('@gone.example') });
});
afterAll(() => smtp.close());

const message = { name: 'Jo Captain', email: 'jo@example.com', subject: 'Refund question', message: 'Can I still get a refund for my team?' };
const send = (t: TestApp, payload: object) => t.app.inject({ method: 'POST', url: '/api/contact', payload });
const inbox = async (t: TestApp, cookie: string, status?: string) =>
  t.app.inject({ method: 'GET', url: `/api/admin/messages${status ? `?status=${status}` : ''}`, headers: { cookie } });

describe('the inbox', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp({ SUPPORT_EMAIL: 'help@example.org' });
    cookie = await t.login();
  });

  it('shows a visitor message as new, newest first, with counts', async () => {
    expect((await send(t, message)).statusCode).toBe(201);
    t.clock.advance(1000);
    expect((await send(t, { ...message, subject: 'Second question' })).statusCode).toBe(201);
    const response = await inbox(t, cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const body = response.json();
    expect(body.counts).toEqual({ new: 2, handled: 0, spam: 0 });
    expect(body.replyByMail).toBe(false);
    expect(body.messages.map((m: { subject: string }) => m.subject)).toEqual(['Second question', 'Refund question']);
    expect(body.messages[1]).toMatchObject({ ...message, status: 'new', repliedAt: null });
  });

  it('files a message whose honeypot is filled as spam, answers it like any other, and mails nobody', async () => {
    const outboxBefore = (await t.database.db.select().from(outbox)).length;
    const response = await send(t, { ...message, subject: 'Cheap followers here', website: 'https://spam.example' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ ok: true });
    expect((await t.database.db.select().from(outbox)).length).toBe(outboxBefore);
    const spam = (await inbox(t, cookie, 'spam')).json();
    expect(spam.messages.map((m: { subject: string }) => m.subject)).toEqual(['Cheap followers here']);
    expect(spam.counts.spam).toBe(1);
  });

  it('marks a message handled or spam and back, recording ids and statuses only', async () => {
    const [first] = (await inbox(t, cookie)).json().messages;
    const handled = await t.app.inject({ method: 'PATCH', url: `/api/admin/messages/${first.id}`, headers: { cookie }, payload: { status: 'handled' } });
    expect(handled.statusCode).toBe(200);
    expect(handled.json().status).toBe('handled');
    expect((await inbox(t, cookie, 'handled')).json().messages.map((m: { id: string }) => m.id)).toContain(first.id);
    expect((await inbox(t, cookie)).json().counts.new).toBe(1);

    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'message.status'));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ targetType: 'message', targetId: first.id, before: { status: 'new' }, after: { status: 'handled' } });
    expect(JSON.stringify(entries)).not.toContain('jo@example.com');

    const bad = await t.app.inject({ method: 'PATCH', url: `/api/admin/messages/${first.id}`, headers: { cookie }, payload: { status: 'archived' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Status must be new, handled or spam');
    expect((await inbox(t, cookie, 'archived')).statusCode).toBe(400);
    const unknown = await t.app.inject({ method: 'PATCH', url: '/api/admin/messages/00000000-0000-4000-8000-000000000000', headers: { cookie }, payload: { status: 'spam' } });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses a reply through the site when mail is not configured (the admin offers mailto: instead)', async () => {
    const [first] = (await inbox(t, cookie)).json().messages;
    const response = await t.app.inject({ method: 'POST', url: `/api/admin/messages/${first.id}/reply`, headers: { cookie }, payload: { message: 'Yes, until 72 hours before.' } });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe('Mail is not configured on this site: reply from your own mail program.');
  });
});

describe('replies and undelivered mail, with mail configured', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp({ SUPPORT_EMAIL: 'help@example.org', SMTP_URL: smtp.url });
    cookie = await t.login();
  });
  const deliver = async () => {
    const sender = createOutboxSender(t.database.db, createSmtpTransport(smtp.url), 'Clutch Cup <no-reply@example.org>', { error: () => {} });
    while ((await sender.flush(50)) > 0);
    return smtp.received.splice(0);
  };

  it('sends a reply to the visitor from the site, quoting them, and files the message as handled', async () => {
    await send(t, message);
    await deliver();
    const [first] = (await inbox(t, cookie)).json().messages;
    expect((await inbox(t, cookie)).json().replyByMail).toBe(true);
    const replied = await t.app.inject({ method: 'POST', url: `/api/admin/messages/${first.id}/reply`, headers: { cookie }, payload: { message: 'Yes, until 72 hours before the start.' } });
    expect(replied.statusCode, replied.body).toBe(200);
    expect(replied.json()).toMatchObject({ status: 'handled', repliedAt: expect.any(String) });
    const [mail] = await deliver();
    expect(mail.to).toEqual(['jo@example.com']);
    expect(mail.data).toContain('Subject: Re: Refund question');
    expect(mail.data).toContain('Reply-To: help@example.org');
    expect(mail.data).toContain('Yes, until 72 hours before the start.');
    expect(mail.data).toContain('> Can I still get a refund for my team?');

    const empty = await t.app.inject({ method: 'POST', url: `/api/admin/messages/${first.id}/reply`, headers: { cookie }, payload: { message: ' ' } });
    expect(empty.json().issues).toEqual([{ path: 'message', message: 'Reply must be at least 2 characters' }]);
  });

  it('sets aside mail the server refuses, lists it for the owner, and sends it again on retry', async () => {
    const [row] = await t.database.db.insert(outbox).values({ to: 'captain@gone.example', subject: 'Receipt: Night Owls', body: 'Thanks' }).returning();
    await deliver();
    const [after] = await t.database.db.select().from(outbox).where(eq(outbox.id, row.id));
    expect(after.failedAt).toBeInstanceOf(Date);
    expect(after.attempts).toBe(1);

    const failed = (await t.app.inject({ method: 'GET', url: '/api/admin/mail/failed', headers: { cookie } })).json();
    expect(failed).toEqual([expect.objectContaining({ id: row.id, to: 'captain@gone.example', subject: 'Receipt: Night Owls', attempts: 1 })]);
    expect(failed[0].error).toContain('Mailbox unavailable');

    // The address is fixed (here: the server accepts it now); the owner retries.
    await t.database.db.update(outbox).set({ to: 'captain@example.com' }).where(eq(outbox.id, row.id));
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/mail/${row.id}/retry`, headers: { cookie } })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/mail/${row.id}/retry`, headers: { cookie } })).statusCode).toBe(404);
    const sent = await deliver();
    expect(sent.map((m) => m.to)).toEqual([['captain@example.com']]);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/mail/failed', headers: { cookie } })).json()).toEqual([]);
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'mail.retry'))).toHaveLength(1);
  });

  it('keeps retrying through an outage, and gives up only after several attempts over an hour', async () => {
    const dead = createOutboxSender(t.database.db, createSmtpTransport('smtp://127.0.0.1:1'), 'x@example.org', { error: () => {} });
    const [young] = await t.database.db.insert(outbox).values({ to: 'a@example.com', subject: 'Young', body: 'x' }).returning();
    for (let i = 0; i < deliveryPolicy.attempts + 1; i++) await dead.flush();
    let [row] = await t.database.db.select().from(outbox).where(eq(outbox.id, young.id));
    expect(row.attempts).toBe(deliveryPolicy.attempts + 1);
    expect(row.failedAt).toBeNull();
    expect(row.lastError).toMatch(/ECONNREFUSED|connect/);

    await t.database.db.update(outbox).set({ createdAt: new Date(Date.now() - 2 * deliveryPolicy.giveUpAfterMs) }).where(eq(outbox.id, young.id));
    await dead.flush();
    [row] = await t.database.db.select().from(outbox).where(eq(outbox.id, young.id));
    expect(row.failedAt).toBeInstanceOf(Date);
    // Set aside, it no longer blocks the queue.
    await t.database.db.insert(outbox).values({ to: 'b@example.com', subject: 'Next in line', body: 'x' });
    expect((await deliver()).map((m) => m.to)).toEqual([['b@example.com']]);
  });
});

describe('contact messages and retention', () => {
  it('stores the status with the message', async () => {
    const t = await createTestApp();
    await send(t, { ...message, website: '' });
    const [row] = await t.database.db.select().from(contactMessages);
    expect(row.status).toBe('new');
  });
});
