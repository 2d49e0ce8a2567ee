import { describe, expect, it } from 'vitest';
import { legalTextsVersion } from '../../src/shared/legal-version.js';
import type { Team } from '../../src/shared/schemas/team.js';
import { createOpenTournament, registerTeam } from '../support/factories.js';
import { createTestApp } from '../support/test-app.js';
import { multipartBody, pngImage } from '../support/upload-fixtures.js';

const t = await createTestApp();

async function adminTeams(cookie: string, tournamentId: string): Promise<Team[]> {
  const response = await t.app.inject({ method: 'GET', url: `/api/tournaments/${tournamentId}/teams`, headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('consent at registration', () => {
  it('is stored with its time and the version of the legal texts, and shown to the organizer only', async () => {
    const cookie = await t.login();
    const tournament = await createOpenTournament(t, cookie, { name: 'Consent Cup' });
    // Frozen at this instant so the stored times can be compared (later tests count days from it too).
    const at = new Date();
    t.clock.set(at);
    const given = await registerTeam(t.app, tournament.id, { name: 'Consenting Team', acceptedTerms: true, ageConfirmed: true });
    const silent = await registerTeam(t.app, tournament.id, { name: 'Spec Payload Team' });
    const termsOnly = await registerTeam(t.app, tournament.id, { name: 'Terms Only Team', acceptedTerms: true, ageConfirmed: false });

    const teams = await adminTeams(cookie, tournament.id);
    const byId = new Map(teams.map((team) => [team.id, team]));
    expect(byId.get(given.id)?.consent).toEqual({ termsAcceptedAt: at.toISOString(), termsVersion: legalTextsVersion, ageConfirmedAt: at.toISOString() });
    expect(byId.get(silent.id)?.consent).toEqual({ termsAcceptedAt: null, termsVersion: null, ageConfirmedAt: null });
    expect(byId.get(termsOnly.id)?.consent).toEqual({ termsAcceptedAt: at.toISOString(), termsVersion: legalTextsVersion, ageConfirmedAt: null });

    const publicTeams = (await t.app.inject({ method: 'GET', url: `/api/tournaments/${tournament.id}/teams` })).json() as Team[];
    expect(publicTeams.every((team) => team.consent === undefined)).toBe(true);
  });

  it('refuses consent fields that are not booleans', async () => {
    const cookie = await t.login();
    const tournament = await createOpenTournament(t, cookie, { name: 'Consent Types Cup' });
    await expect(registerTeam(t.app, tournament.id, { acceptedTerms: 'yes' as unknown as boolean })).rejects.toThrow(/400.*acceptedTerms must be true or false/);
  });
});

/** Every row of every table whose text (or JSON) holds `needle`, as "table.column". */
async function tablesHolding(needle: string): Promise<string[]> {
  return t.database.withConnection(async (exec) => {
    const { rows: columns } = await exec(
      `select table_name, column_name from information_schema.columns
        where table_schema = current_schema() and data_type in ('text', 'character varying', 'jsonb', 'json')`,
    );
    const found: string[] = [];
    for (const { table_name: table, column_name: column } of columns as { table_name: string; column_name: string }[]) {
      const { rows } = await exec(`select 1 from "${table}" where "${column}"::text ilike $1 limit 1`, [`%${needle}%`]);
      if (rows.length) found.push(`${table}.${column}`);
    }
    return found;
  });
}

async function uploadLogo(): Promise<string> {
  const { payload, headers } = await multipartBody('logo', await pngImage(64, 48));
  const response = await t.app.inject({ method: 'POST', url: '/api/upload-logo', payload, headers });
  expect(response.statusCode).toBe(201);
  return (response.json() as { logoUrl: string }).logoUrl;
}

/** A past tournament (its date `daysAgo` days back) with teams, as the database would hold it after the event. */
async function pastTournament(daysAgo: number, name: string): Promise<string> {
  const cookie = await t.login();
  const tournament = await createOpenTournament(t, cookie, { name });
  const date = new Date(Date.now() - daysAgo * 86_400_000).toISOString();
  await t.database.withConnection((exec) => exec(`update tournaments set tournament_date = $1, registration_closes = $1 where id = $2`, [date, tournament.id]));
  return tournament.id;
}

describe("a team's data: export and erasure by the owner", () => {
  it('exports every row stored about the team and nothing of another team, and records the export', async () => {
    const cookie = await t.login();
    const tournament = await createOpenTournament(t, cookie, { name: 'Export Cup', entryFee: '0' });
    const mine = await registerTeam(t.app, tournament.id, { name: 'Exported Owls', captainDiscord: 'owlcaptain', acceptedTerms: true });
    await registerTeam(t.app, tournament.id, { name: 'Other Hawks', captainDiscord: 'hawkcaptain' });

    const response = await t.app.inject({ method: 'GET', url: `/api/admin/teams/${mine.id}/export`, headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="team-${mine.id}-data.json"`);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const data = response.json();
    expect(data.team).toMatchObject({ id: mine.id, name: 'Exported Owls', captainDiscord: 'owlcaptain', termsVersion: legalTextsVersion });
    expect(data.team).not.toHaveProperty('ownerTokenHash');
    // Read by a person: indented, each part explained, no internal keys, amounts as decimals.
    expect(response.body).toContain('\n  "guide": {');
    expect(Object.keys(data.guide)).toEqual(expect.arrayContaining(['about', 'team', 'players', 'payments', 'refunds', 'mailSent', 'activity']));
    expect(response.body).not.toMatch(/idempotencyKey|nameKey|riotIdKey|teamLinkHash|dedupeKey|waitlistOrder/);
    expect(data.team.amountPaid).toBe('0.00');
    expect(data.players).toHaveLength(6);
    expect(data.tournament).toMatchObject({ id: tournament.id, name: 'Export Cup' });
    expect(JSON.stringify(data)).not.toMatch(/Other Hawks|hawkcaptain/);

    const audit = (await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: { cookie } })).json() as { entries: { action: string; targetId: string }[] };
    expect(audit.entries.find((entry) => entry.action === 'team.export')).toMatchObject({ targetId: mine.id });
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/teams/${mine.id}/export` })).statusCode).toBe(401);
  });

  it('refuses to erase a team that still holds its spot in a tournament to come', async () => {
    const cookie = await t.login();
    const tournament = await createOpenTournament(t, cookie, { name: 'Held Cup', entryFee: '0' });
    const team = await registerTeam(t.app, tournament.id, { name: 'Still Playing' });
    const response = await t.app.inject({ method: 'POST', url: `/api/admin/teams/${team.id}/erase`, headers: { cookie } });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe('This team still holds its spot: withdraw it (or remove it) before erasing its data');
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/teams/${team.id}/erase` })).statusCode).toBe(401);
  });

  it('erases Riot IDs, Discord name and logo from every table, keeps the figures, and shows "Removed team"', async () => {
    const cookie = await t.login();
    const tournamentId = await pastTournament(3, 'Erasure Cup');
    const logoUrl = await uploadLogo();
    await t.database.withConnection((exec) => exec(`update tournaments set tournament_date = now() + interval '1 day', registration_closes = now() + interval '1 hour' where id = $1`, [tournamentId]));
    const team = await registerTeam(t.app, tournamentId, {
      name: 'Erased Eagles',
      logoUrl,
      captainDiscord: 'eaglecaptain',
      captainRiotId: 'EagleCap#ERA',
      players: [{ riotId: 'EagleCap#ERA', role: 'Captain' }, { riotId: 'EagleTwo#ERA' }, { riotId: 'EagleThree#ERA' }, { riotId: 'EagleFour#ERA' }, { riotId: 'EagleFive#ERA' }],
      substitutes: [{ riotId: 'EagleSub#ERA' }],
    });
    // The tournament has been played: the team won it.
    await t.database.withConnection((exec) => exec(`update tournaments set tournament_date = now() - interval '3 days', registration_closes = now() - interval '4 days' where id = $1`, [tournamentId]));
    const champion = await t.app.inject({
      method: 'POST',
      url: '/api/champions',
      headers: { cookie },
      payload: { placement: 1, tournamentId, teamId: team.id, teamName: 'Erased Eagles', teamLogoUrl: logoUrl, tournamentName: 'Erasure Cup', tournamentDate: '2026-11-20T18:00:00.000Z', playerNames: ['EagleCap#ERA', 'EagleTwo#ERA'], teamQuote: 'Eagles fly', highlights: [], currency: 'USD' },
    });
    expect(champion.statusCode, champion.body).toBe(201);
    // A Discord announcement already stored (posted or waiting) names the team and a player.
    await t.database.withConnection((exec) => exec(`insert into announcements (dedupe_key, content) values ('champion:erasure', '🏆 Erased Eagles win Erasure Cup with EagleTwo#ERA')`));
    const finance = async () => (await t.app.inject({ method: 'GET', url: '/api/admin/finance', headers: { cookie } })).json();
    const financeBefore = await finance();
    for (const needle of ['EagleTwo#ERA', 'eaglecaptain']) expect(await tablesHolding(needle)).not.toEqual([]);

    const erased = await t.app.inject({ method: 'POST', url: `/api/admin/teams/${team.id}/erase`, headers: { cookie } });
    expect(erased.statusCode, erased.body).toBe(204);

    for (const needle of ['EagleCap#ERA', 'EagleTwo#ERA', 'EagleSub#ERA', 'eaglecaptain', 'Erased Eagles', 'Eagles fly', logoUrl.split('/').pop()!]) {
      expect(await tablesHolding(needle), needle).toEqual([]);
    }
    await t.database.withConnection(async (exec) => {
      const { rows } = await exec(`select content from announcements where dedupe_key = 'champion:erasure'`);
      expect(rows[0].content).toBe('🏆 Removed team win Erasure Cup with Removed player');
    });
    expect((await t.app.inject({ method: 'GET', url: logoUrl })).statusCode).toBe(404);
    const teams = await adminTeams(cookie, tournamentId);
    expect(teams.find((row) => row.id === team.id)).toMatchObject({ name: 'Removed team', logoUrl: null, captainDiscord: 'Removed', players: Array(5).fill(expect.objectContaining({ riotId: 'Removed player' })) });
    const champions = (await t.app.inject({ method: 'GET', url: '/api/champions' })).json() as { teamId: string; teamName: string; playerNames: string[]; teamLogoUrl: string | null }[];
    expect(champions.find((row) => row.teamId === team.id)).toMatchObject({ teamName: 'Removed team', playerNames: ['Removed player', 'Removed player'], teamLogoUrl: null });
    expect(await finance()).toEqual(financeBefore);

    // Recorded by id; a second request changes nothing.
    const audit = (await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: { cookie } })).json() as { entries: { action: string; targetId: string; targetName: string }[] };
    expect(audit.entries.find((entry) => entry.action === 'team.erase')).toMatchObject({ targetId: team.id, targetName: 'Removed team' });
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/teams/${team.id}/erase`, headers: { cookie } })).statusCode).toBe(204);
  });
});

describe("a team's data: export and erasure by the captain, on the team link", () => {
  it('needs the key, refuses while the team holds its spot, and after a withdrawal erases the team and its link', async () => {
    const cookie = await t.login();
    const tournament = await createOpenTournament(t, cookie, { name: 'Captain Rights Cup', entryFee: '0' });
    const team = await registerTeam(t.app, tournament.id, { name: 'Self Erasers', captainDiscord: 'selferaser', captainEmail: 'captain@selferasers.example' });
    const other = await registerTeam(t.app, tournament.id, { name: 'Other Keepers' });

    for (const headers of [{}, other.teamLink, { authorization: 'Bearer wrong' }]) {
      expect((await t.app.inject({ method: 'GET', url: `/api/manage/${team.id}/export`, headers })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'POST', url: `/api/manage/${team.id}/erase`, headers })).statusCode).toBe(404);
    }
    const exported = await t.app.inject({ method: 'GET', url: `/api/manage/${team.id}/export`, headers: team.teamLink });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['cache-control']).toBe('private, no-store');
    expect(exported.headers['content-disposition']).toBe(`attachment; filename="team-${team.id}-data.json"`);
    expect(exported.json().team).toMatchObject({ name: 'Self Erasers', captainDiscord: 'selferaser', captainEmail: 'captain@selferasers.example' });
    expect(exported.body).not.toMatch(/Other Keepers/);

    const refused = await t.app.inject({ method: 'POST', url: `/api/manage/${team.id}/erase`, headers: team.teamLink });
    expect(refused.statusCode).toBe(409);
    expect((await t.app.inject({ method: 'POST', url: `/api/manage/${team.id}/withdraw`, headers: team.teamLink })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `/api/manage/${team.id}/erase`, headers: team.teamLink })).statusCode).toBe(204);

    for (const needle of ['selferaser', 'captain@selferasers.example', 'Self Erasers']) expect(await tablesHolding(needle), needle).toEqual([]);
    // The link was part of what went: it opens nothing any more.
    expect((await t.app.inject({ method: 'GET', url: `/api/manage/${team.id}`, headers: team.teamLink })).statusCode).toBe(404);
    const audit = (await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: { cookie } })).json() as { entries: { action: string; targetId: string; actor: string }[] };
    expect(audit.entries.filter((entry) => entry.targetId === team.id).map((entry) => entry.action)).toEqual(expect.arrayContaining(['team.export', 'team.erase']));
  });
});

describe("the captain's mail in a team's data", () => {
  it('is exported with its team only (by team, not by address), and erasure deletes it', async () => {
    const cookie = await t.login();
    const tournamentId = await pastTournament(3, 'Mail Data Cup');
    await t.database.withConnection((exec) => exec(`update tournaments set tournament_date = now() + interval '1 day', registration_closes = now() + interval '1 hour', entry_fee = 0 where id = $1`, [tournamentId]));
    // One captain, two teams: each team's export and erasure concern its own mail.
    const mine = await registerTeam(t.app, tournamentId, { name: 'Mailed Moths', captainEmail: 'moths@example.com' });
    await registerTeam(t.app, tournamentId, { name: 'Other Moths', captainEmail: 'moths@example.com' });

    const data = (await t.app.inject({ method: 'GET', url: `/api/admin/teams/${mine.id}/export`, headers: { cookie } })).json();
    expect(data.mailSent).toHaveLength(1);
    expect(data.mailSent[0]).toMatchObject({ to: 'moths@example.com', teamId: mine.id, subject: 'Registration received: Mailed Moths in Mail Data Cup' });
    expect(data.mailSent[0].html).toContain('Mailed Moths');
    expect(JSON.stringify(data)).not.toContain('Other Moths');

    await t.database.withConnection((exec) => exec(`update tournaments set tournament_date = now() - interval '3 days', registration_closes = now() - interval '4 days' where id = $1`, [tournamentId]));
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/teams/${mine.id}/erase`, headers: { cookie } })).statusCode).toBe(204);
    expect(await tablesHolding('Mailed Moths')).toEqual([]);
    // The other team's mail stays, address and all.
    expect(await tablesHolding('Other Moths')).toEqual(expect.arrayContaining(['teams.name', 'outbox.subject', 'outbox.body', 'outbox.html']));
  });
});

describe("the captain's contact messages in a team's erasure", () => {
  it('go with the team on request, with their mail copies, whatever the address case; other senders stay', async () => {
    const tournamentId = await pastTournament(3, 'Inbox Data Cup');
    await t.database.withConnection((exec) => exec(`update tournaments set tournament_date = now() + interval '1 day', registration_closes = now() + interval '1 hour', entry_fee = 0 where id = $1`, [tournamentId]));
    const team = await registerTeam(t.app, tournamentId, { name: 'Inbox Owls', captainEmail: 'Owl.Captain@example.com' });
    await t.services.contact.submit({ name: 'Owl Captain', email: 'owl.captain@example.com', subject: 'About our roster', message: 'Can our substitute still be changed before the day?' });
    await t.services.contact.submit({ name: 'Someone Else', email: 'someone.else@example.com', subject: 'Sponsorship', message: 'We would like to sponsor the next tournament.' });
    // Stored for the inbox, and queued to the support address with the sender as reply-to.
    expect(await tablesHolding('owl.captain@example.com')).toEqual(expect.arrayContaining(['contact_messages.email', 'outbox.reply_to', 'outbox.body']));

    await t.database.withConnection((exec) => exec(`update tournaments set tournament_date = now() - interval '3 days', registration_closes = now() - interval '4 days' where id = $1`, [tournamentId]));
    expect((await t.app.inject({ method: 'POST', url: `/api/manage/${team.id}/erase`, headers: team.teamLink })).statusCode).toBe(204);
    expect(await tablesHolding('owl.captain@example.com')).toEqual([]);
    expect(await tablesHolding('Can our substitute still be changed')).toEqual([]);
    expect(await tablesHolding('someone.else@example.com')).toEqual(expect.arrayContaining(['contact_messages.email', 'outbox.reply_to']));
    // The ledger holds the erasure by id and time, nothing personal.
    const ledger = await t.database.withConnection(async (exec) => (await exec(`select to_jsonb(l) as row from erasure_ledger l where team_id = $1`, [team.id])).rows);
    expect(ledger.map((row) => Object.keys(row.row as object).sort())).toEqual([['erased_at', 'reason', 'team_id']]);
    expect(ledger[0].row).toMatchObject({ team_id: team.id, reason: 'request' });
  });
});

describe('retention', () => {
  it('deletes contact messages and erases teams past their period, and nothing younger', async () => {
    const oldCup = await pastTournament(800, 'Ancient Cup');
    const recentCup = await pastTournament(100, 'Recent Cup');
    await t.database.withConnection(async (exec) => {
      for (const [tournamentId, name] of [[oldCup, 'Ancient Team'], [recentCup, 'Recent Team']]) {
        const { rows } = await exec(`insert into teams (tournament_id, name, captain_discord, captain_riot_id, captain_email, payment_status, amount_paid) values ($1, $2, 'cap', 'Cap#1', 'returning@example.org', 'completed', 0) returning id`, [tournamentId, name]);
        await exec(`insert into team_members (team_id, tournament_id, riot_id, role, position) values ($1, $2, $3, 'Captain', 0)`, [rows[0].id, tournamentId, `${name}#RID`]);
      }
      await exec(`insert into contact_messages (name, email, subject, message, created_at) values ('Old', 'old@example.org', 'Hi', 'Old message', now() - interval '366 days'), ('New', 'new@example.org', 'Hi', 'New message', now() - interval '364 days')`);
      // The old team's captain came back and wrote last week: the old team's retention does not take that message.
      await exec(`insert into contact_messages (name, email, subject, message) values ('Returning', 'returning@example.org', 'Hi', 'Returning message')`);
    });
    const result = await t.services.privacy.sweepRetention({ userId: null, username: 'retention policy', requestId: '' });
    expect(result.contactMessages).toBe(1);
    expect(await tablesHolding('Ancient Team#RID')).toEqual([]);
    expect(await tablesHolding('Recent Team#RID')).toEqual(['team_members.riot_id']);
    expect(await tablesHolding('old@example.org')).toEqual([]);
    expect(await tablesHolding('new@example.org')).toEqual(['contact_messages.email']);
    expect(await tablesHolding('Returning message')).toEqual(['contact_messages.message']);
    // The sweep's erasures are in the ledger too.
    await t.database.withConnection(async (exec) => {
      const { rows } = await exec(`select l.reason from erasure_ledger l join teams t on t.id = l.team_id where t.tournament_id = $1`, [oldCup]);
      expect(rows).toEqual([{ reason: 'retention' }]);
    });
    // Run again: nothing left to do.
    expect(await t.services.privacy.sweepRetention({ userId: null, username: 'retention policy', requestId: '' })).toEqual({ contactMessages: 0, teams: 0 });
  });
});
