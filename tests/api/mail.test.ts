import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../src/server/db/schema.js';
import { createOutboxSender, createSmtpTransport } from '../../src/server/mail/outbox-sender.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const received: { from: string; to: string[]; data: string }[] = [];
let smtp: SMTPServer;
let smtpUrl: string;
let t: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), data });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  t = await createTestApp({ SUPPORT_EMAIL: 'help@example.org' });
});

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

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
