import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../src/server/db/schema.js';
import { createOutboxSender, createSmtpTransport } from '../../src/server/mail/outbox-sender.js';
import { startSmtpCatcher, type CaughtMail, type SmtpCatcher } from '../support/smtp-catcher.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let smtp: SmtpCatcher;
let received: CaughtMail[];
let smtpUrl: string;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  ({ received, url: smtpUrl } = smtp);
  t = await createTestApp({ SUPPORT_EMAIL: 'help@example.org' });
});

afterAll(() => smtp.close());

describe('mail delivery over SMTP', () => {
  it('sends a contact message from the outbox once, with the sender as reply-to', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Jo Captain', email: 'jo@example.com', subject: 'Refund question', message: 'Can I still get a refund for my team?' },
    });
    expect(response.statusCode).toBe(201);

    const sender = createOutboxSender(t.database.db, createSmtpTransport(smtpUrl), 'Clutch Cup <no-reply@example.org>', { error: () => {} });
    expect(await sender.flush()).toBe(1);
    expect(await sender.flush()).toBe(0);
    expect(received).toHaveLength(1);
    expect(received[0].to).toEqual(['help@example.org']);
    expect(received[0].from).toBe('no-reply@example.org');
    expect(received[0].data).toContain('Subject: [Contact] Refund question');
    expect(received[0].data).toContain('Reply-To: jo@example.com');
    expect(received[0].data).toContain('Can I still get a refund for my team?');
    const [row] = await t.database.db.select().from(outbox);
    expect(row.sentAt).toBeInstanceOf(Date);
  });

  it('keeps a message queued when the SMTP server cannot be reached', async () => {
    await t.app.inject({ method: 'POST', url: '/api/contact', payload: { name: 'Al', email: 'al@example.com', subject: 'Second message', message: 'This one will wait for the server.' } });
    const errors: object[] = [];
    const dead = createOutboxSender(t.database.db, createSmtpTransport('smtp://127.0.0.1:1'), 'x@example.org', { error: (obj) => errors.push(obj) });
    expect(await dead.flush()).toBe(0);
    expect(errors).toHaveLength(1);
    const live = createOutboxSender(t.database.db, createSmtpTransport(smtpUrl), 'x@example.org', { error: () => {} });
    expect(await live.flush()).toBe(1);
  });
});
