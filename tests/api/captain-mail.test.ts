import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, teams } from '../../src/server/db/schema.js';
import { createOutboxSender, createSmtpTransport } from '../../src/server/mail/outbox-sender.js';
import { createOpenTournament, teamPayload } from '../support/factories.js';
import { readMail, type ReadMail } from '../support/mime.js';
import { startSmtpCatcher, type SmtpCatcher } from '../support/smtp-catcher.js';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { createPaymentsTestApp, type PaymentsTestApp } from '../support/payments-app.js';
import { adminCredentials, createTestDatabase, type TestApp } from '../support/test-app.js';

let smtp: SmtpCatcher;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
});
afterAll(() => smtp.close());

const env = { ORGANIZER_NAME: 'Clutch Events Ltd', SUPPORT_EMAIL: 'help@example.org', PUBLIC_URL: 'https://cup.example.org' };

/** Sends everything queued, as main.ts's sender does, and returns what arrived (then forgets it). */
async function deliverQueued(t: PaymentsTestApp): Promise<(ReadMail & { to: string[] })[]> {
  const sender = createOutboxSender(t.database.db, createSmtpTransport(smtp.url), 'Clutch Cup <no-reply@example.org>', { error: () => {} });
  while ((await sender.flush(50)) > 0);
  return smtp.received.splice(0).map((m) => ({ ...readMail(m.data), to: m.to }));
}

const HOUR = 3_600_000;

async function setUp(t: PaymentsTestApp, name: string, hoursAway = 240) {
  const cookie = await t.login();
  const cup = await createOpenTournament(t as unknown as TestApp, cookie, {
    name,
    entryFee: '50.00',
    registrationCloses: new Date(Date.now() + (hoursAway - 24) * HOUR).toISOString(),
    tournamentDate: new Date(Date.now() + hoursAway * HOUR).toISOString(),
  });
  return { cookie, cup };
}

async function register(t: PaymentsTestApp, tournamentId: string, overrides: Record<string, unknown> = {}) {
  const response = await t.app.inject({ method: 'POST', url: '/api/teams', payload: { ...teamPayload(tournamentId), ...overrides } });
  expect(response.statusCode, response.body).toBe(201);
  const body = response.json() as { id: string; manageUrl: string };
  const cookie = response.cookies.find((c) => c.name === `team_${body.id}`)!;
  const key = new URL(body.manageUrl, 'http://x').searchParams.get('key')!;
  return { id: body.id, owner: `${cookie.name}=${cookie.value}`, bearer: { authorization: `Bearer ${key}` } };
}
type Registered = Awaited<ReturnType<typeof register>>;

async function startPayment(t: PaymentsTestApp, tournamentId: string, team: Registered): Promise<string> {
  const response = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: { cookie: team.owner }, payload: { tournamentId, teamId: team.id } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().clientSecret as string;
}

async function payWithDemoCard(t: PaymentsTestApp, tournamentId: string, team: Registered) {
  const clientSecret = await startPayment(t, tournamentId, team);
  const paid = await t.app.inject({ method: 'POST', url: '/api/demo-payments/confirm', headers: { cookie: team.owner }, payload: { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' } });
  expect(paid.statusCode, paid.body).toBe(200);
}

const paymentComplete = (t: PaymentsTestApp, team: Registered) => t.app.inject({ method: 'PATCH', url: `/api/teams/${team.id}/payment-complete`, headers: { cookie: team.owner } });
const withdraw = (t: PaymentsTestApp, team: Registered) => t.app.inject({ method: 'POST', url: `/api/manage/${team.id}/withdraw`, headers: team.bearer });

async function teamRow(t: PaymentsTestApp, id: string) {
  const [row] = await t.database.db.select().from(teams).where(eq(teams.id, id));
  return row;
}

/** What an HTML part reads as, tags and React's comment markers left out. */
const readable = (html: string) =>
  html
    .replace(/<!--.*?-->/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

/** Both parts are there, in the site's colours, and say the same. */
function expectBothParts(mail: ReadMail, ...phrases: string[]) {
  expect(mail.text).toBeTruthy();
  expect(mail.html).toContain('<html');
  expect(mail.html).toContain('#ff4655');
  expect(mail.html).toContain('Clutch Cup');
  for (const phrase of phrases) {
    expect(mail.text, phrase).toContain(phrase);
    expect(readable(mail.html!), phrase).toContain(phrase);
  }
}

describe('the captain’s mail with the demo provider', () => {
  let t: PaymentsTestApp;
  beforeAll(async () => {
    t = await createPaymentsTestApp({ provider: 'demo', env });
  });

  it('sends the registration with a team link that opens the team, and the hold expiry; then one receipt however often the payment is reported', async () => {
    const { cup } = await setUp(t, 'Mail Cup');
    const team = await register(t, cup.id, { name: 'Mail Owls', captainEmail: 'owls@example.com' });

    const [registration, ...others] = await deliverQueued(t);
    expect(others).toEqual([]);
    expect(registration.to).toEqual(['owls@example.com']);
    expect(registration.subject).toBe('Registration received: Mail Owls in Mail Cup');
    const row = await teamRow(t, team.id);
    const holdExpiry = `${row.holdExpiresAt!.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })} UTC`;
    expectBothParts(registration, 'Mail Owls', 'Spot held until', holdExpiry, 'Pay the entry fee of $50.00');
    // Follow the link from the plain-text part, as a captain would.
    const link = new RegExp(`https://cup\\.example\\.org/team/${team.id}\\?key=[A-Za-z0-9_%-]+`).exec(registration.text!)?.[0];
    expect(link).toBeDefined();
    expect(registration.html).toContain(link);
    const url = new URL(link!);
    const opened = await t.app.inject({ method: 'GET', url: `/api/manage/${team.id}${url.search}` });
    expect(opened.statusCode, opened.body).toBe(200);
    // The team page's receipt names the same organizer as the mailed one.
    expect(opened.json()).toMatchObject({ id: team.id, name: 'Mail Owls', organizerName: 'Clutch Events Ltd' });

    await payWithDemoCard(t, cup.id, team);
    // The browser reports it too, twice: still one receipt.
    expect((await paymentComplete(t, team)).json()).toEqual({ paymentStatus: 'completed' });
    await paymentComplete(t, team);
    const [receipt, ...more] = await deliverQueued(t);
    expect(more).toEqual([]);
    expect(receipt.to).toEqual(['owls@example.com']);
    expect(receipt.subject).toBe('Receipt: Mail Owls in Mail Cup');
    const paid = await teamRow(t, team.id);
    const paidAt = `${paid.paidAt!.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })} UTC`;
    expectBothParts(receipt, 'Organizer: Clutch Events Ltd', 'Tournament: Mail Cup', 'Amount: $50.00', 'Currency: USD', `Date: ${paidAt}`, `Payment reference: ${paid.paymentRef}`);
    // The team link is only in the registration mail: its key is not stored anywhere to send again.
    expect(receipt.text).not.toContain('key=');
    expect(await deliverQueued(t)).toEqual([]);
  });

  it("names the organizer and the site as the admin's Settings say at the time of the message", async () => {
    const cookie = await t.login();
    const current = (await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: { cookie } })).json().values;
    const saved = await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: { cookie }, payload: { ...current, siteName: 'Northwind Cup', organizerName: 'Northwind Esports Ltd' } });
    expect(saved.statusCode, saved.body).toBe(200);
    const { cup } = await setUp(t, 'Renamed Cup');
    const team = await register(t, cup.id, { name: 'Renamed Owls', captainEmail: 'renamed@example.com' });
    await payWithDemoCard(t, cup.id, team);
    const mails = await deliverQueued(t);
    expect(mails.map((m) => m.subject)).toEqual(['Registration received: Renamed Owls in Renamed Cup', 'Receipt: Renamed Owls in Renamed Cup']);
    expect(mails[1].text).toContain('Organizer: Northwind Esports Ltd');
    expect(mails[1].html).toContain('Northwind Cup');
    expect((await t.app.inject({ method: 'GET', url: `/api/manage/${team.id}`, headers: team.bearer })).json().organizerName).toBe('Northwind Esports Ltd');
    await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: { cookie }, payload: current });
  });

  it('sends one roster change message per change, and one refund message when the captain withdraws (twice)', async () => {
    const { cup } = await setUp(t, 'Roster Mail Cup');
    const team = await register(t, cup.id, { name: 'Roster Hawks', captainEmail: 'hawks@example.com' });
    await payWithDemoCard(t, cup.id, team);
    expect((await deliverQueued(t)).map((m) => m.subject)).toEqual(['Registration received: Roster Hawks in Roster Mail Cup', 'Receipt: Roster Hawks in Roster Mail Cup']);

    const view = (await t.app.inject({ method: 'GET', url: `/api/manage/${team.id}`, headers: team.bearer })).json() as { players: string[] };
    const roster = { player2RiotId: view.players[0], player3RiotId: view.players[1], player4RiotId: view.players[2], player5RiotId: view.players[3], sub1RiotId: 'NewSub#MAIL', sub2RiotId: '' };
    const changed = await t.app.inject({ method: 'PUT', url: `/api/manage/${team.id}/roster`, headers: team.bearer, payload: roster });
    expect(changed.statusCode, changed.body).toBe(200);
    // The same roster again is no change: nothing recorded, nothing sent.
    await t.app.inject({ method: 'PUT', url: `/api/manage/${team.id}/roster`, headers: team.bearer, payload: roster });
    const [rosterMail, ...noMore] = await deliverQueued(t);
    expect(noMore).toEqual([]);
    expect(rosterMail.subject).toBe('Roster changed: Roster Hawks');
    expectBothParts(rosterMail, 'NewSub#MAIL', 'the captain, with the team link');

    expect((await withdraw(t, team)).statusCode).toBe(200);
    expect((await withdraw(t, team)).statusCode).toBe(200);
    const [refundMail, ...rest] = await deliverQueued(t);
    expect(rest).toEqual([]);
    expect(refundMail.to).toEqual(['hawks@example.com']);
    expect(refundMail.subject).toBe('Refund issued: $50.00 for Roster Hawks');
    expectBothParts(refundMail, 'Amount: $50.00', `Payment reference: ${(await teamRow(t, team.id)).paymentRef}`);
  });

  it('tells every team with an address that held a place when the tournament is cancelled, once, and refunds the paid ones', async () => {
    const { cookie, cup } = await setUp(t, 'Doomed Cup');
    const paid = await register(t, cup.id, { name: 'Paid Team', captainEmail: 'paid@example.com' });
    await payWithDemoCard(t, cup.id, paid);
    const holding = await register(t, cup.id, { name: 'Holding Team', captainEmail: 'holding@example.com' });
    const silent = await register(t, cup.id, { name: 'Silent Team' });
    await payWithDemoCard(t, cup.id, silent);
    await deliverQueued(t);

    const cancel = () => t.app.inject({ method: 'POST', url: `/api/tournaments/${cup.id}/cancel`, headers: { cookie }, payload: { reason: 'The venue burned down' } });
    const [first, second] = await Promise.all([cancel(), cancel()]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    await cancel();

    const mails = await deliverQueued(t);
    const summary = mails.map((m) => `${m.to.join()}: ${m.subject}`).sort();
    expect(summary).toEqual([
      'holding@example.com: Tournament cancelled: Doomed Cup',
      'paid@example.com: Refund issued: $50.00 for Paid Team',
      'paid@example.com: Tournament cancelled: Doomed Cup',
    ]);
    const toPaid = mails.find((m) => m.to[0] === 'paid@example.com' && m.subject.startsWith('Tournament'))!;
    expectBothParts(toPaid, 'Clutch Events Ltd has cancelled', 'Reason: The venue burned down', 'Your entry fee of $50.00 is refunded in full');
    const toHolding = mails.find((m) => m.to[0] === 'holding@example.com')!;
    expect(toHolding.text).not.toContain('refunded in full');
    expect(await teamRow(t, holding.id)).toMatchObject({ paymentStatus: 'removed' });
  });

  it('sends nothing for a team without an address, whatever happens to it', async () => {
    const { cup } = await setUp(t, 'Quiet Cup');
    const team = await register(t, cup.id, { name: 'Quiet Team' });
    await payWithDemoCard(t, cup.id, team);
    expect((await withdraw(t, team)).statusCode).toBe(200);
    expect(await deliverQueued(t)).toEqual([]);
    expect(await t.database.db.select().from(outbox).where(eq(outbox.teamId, team.id))).toEqual([]);
  });
});

describe('the captain’s mail with Stripe (the stand-in), where webhooks bring the news', () => {
  let t: PaymentsTestApp;
  beforeAll(async () => {
    t = await createPaymentsTestApp({ provider: 'stripe', env });
  });
  const deliver = (delivery: { payload: string; headers: Record<string, string> }) => t.app.inject({ method: 'POST', url: '/api/webhooks/stripe', headers: delivery.headers, payload: delivery.payload });

  it('sends one receipt when the webhook arrives twice, before and after the browser, and one refund message for the refund’s webhooks', async () => {
    const stripe = t.stripe!;
    const { cup } = await setUp(t, 'Webhook Mail Cup');
    const team = await register(t, cup.id, { name: 'Webhook Wolves', captainEmail: 'wolves@example.com' });
    const intentId = (await startPayment(t, cup.id, team)).split('_secret_')[0];
    stripe.confirm(intentId);
    const [succeeded] = stripe.eventsFor('payment_intent.succeeded', intentId);
    expect((await deliver(stripe.sign(succeeded))).statusCode).toBe(200);
    // The same event again, and the same news under another event id (Stripe retries and resends), then the browser.
    expect((await deliver(stripe.sign(succeeded))).json()).toEqual({ received: true, duplicate: true });
    expect((await deliver(stripe.sign({ ...succeeded, id: `${succeeded.id}_again` }))).statusCode).toBe(200);
    expect((await paymentComplete(t, team)).json()).toEqual({ paymentStatus: 'completed' });

    const mails = await deliverQueued(t);
    expect(mails.map((m) => m.subject)).toEqual(['Registration received: Webhook Wolves in Webhook Mail Cup', 'Receipt: Webhook Wolves in Webhook Mail Cup']);
    expectBothParts(mails[1], 'Organizer: Clutch Events Ltd', 'Amount: $50.00', `Payment reference: ${intentId}`);

    expect((await withdraw(t, team)).statusCode).toBe(200);
    // Stripe then tells of the refund in several events, each possibly twice, in any order.
    const refundEvents = [...stripe.eventsFor('charge.refunded', intentId), ...stripe.eventsFor('refund.created', intentId)];
    expect(refundEvents.length).toBeGreaterThanOrEqual(2);
    for (const event of [...refundEvents.reverse(), ...refundEvents]) expect((await deliver(stripe.sign(event))).statusCode).toBe(200);
    const refundMails = await deliverQueued(t);
    expect(refundMails.map((m) => `${m.to.join()}: ${m.subject}`)).toEqual(['wolves@example.com: Refund issued: $50.00 for Webhook Wolves']);
  });

  it('sends one receipt when the browser reports the payment before the webhook', async () => {
    const stripe = t.stripe!;
    const { cup } = await setUp(t, 'Browser First Cup');
    const team = await register(t, cup.id, { name: 'Browser Bears', captainEmail: 'bears@example.com' });
    const intentId = (await startPayment(t, cup.id, team)).split('_secret_')[0];
    stripe.confirm(intentId);
    expect((await paymentComplete(t, team)).json()).toEqual({ paymentStatus: 'completed' });
    for (const event of stripe.eventsFor('payment_intent.succeeded', intentId)) expect((await deliver(stripe.sign(event))).statusCode).toBe(200);
    expect((await deliverQueued(t)).map((m) => m.subject)).toEqual(['Registration received: Browser Bears in Browser First Cup', 'Receipt: Browser Bears in Browser First Cup']);
  });
});

describe('when mail cannot be queued', () => {
  it('still registers the team and cancels the tournament: the failure is logged, never the request’s', async () => {
    const database = await createTestDatabase();
    const errors: string[] = [];
    const { app, services } = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', PORT: '5000', RATE_LIMITS: 'off' }),
      database,
      mailer: {
        enqueue: async () => {
          throw new Error('the outbox is unavailable');
        },
      },
      logger: { level: 'error', stream: { write: (line: string) => errors.push(JSON.parse(line).msg) } },
    });
    afterAll(async () => {
      await app.close();
      await database.close();
    });
    await services.auth.upsertAdmin(adminCredentials.username, adminCredentials.password);
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: adminCredentials });
    const cookie = `sid=${login.cookies.find((c) => c.name === 'sid')!.value}`;
    const cup = await createOpenTournament({ app } as unknown as TestApp, cookie, { name: 'Broken Mail Cup' });

    const registered = await app.inject({ method: 'POST', url: '/api/teams', payload: { ...teamPayload(cup.id), captainEmail: 'cap@example.com' } });
    expect(registered.statusCode, registered.body).toBe(201);
    const cancelled = await app.inject({ method: 'POST', url: `/api/tournaments/${cup.id}/cancel`, headers: { cookie }, payload: { reason: 'Testing a broken outbox' } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [row] = await database.db.select().from(teams).where(eq(teams.id, registered.json().id));
    expect(row.paymentStatus).toBe('removed');
    expect(errors).toEqual(expect.arrayContaining(['registration e-mail not queued', 'cancellation e-mail not queued']));
  });
});
