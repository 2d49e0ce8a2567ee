import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { teamMembers, teams } from '../../src/server/db/schema.js';
import { repeatedRiotIdMessage, takenNameMessage, takenRiotIdMessage } from '../../src/server/teams/roster-conflicts.js';
import { normalizeName, type TeamCreateInput } from '../../src/shared/schemas/team.js';
import { createOpenTournament, registerTeam, teamPayload } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * "One player, one team" and unique team names hold for spellings that look the same: invisible
 * code points, Cyrillic letters, full-width and mathematical forms, other spaces. What the captain
 * typed is what is stored and shown.
 */

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.login();
});

afterEach(async () => expect(await t.services.teams.checkHeldSpots()).toEqual([]));

const post = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/teams', payload: payload as object });
const withPlayer2 = (tournamentId: string, riotId: string, overrides: Partial<TeamCreateInput> = {}) => {
  const payload = teamPayload(tournamentId, overrides);
  payload.players[1] = { riotId };
  return payload;
};
const publicTeams = async (tournamentId: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/tournaments/${tournamentId}/teams` })).json() as {
    id: string;
    name: string;
    players: { riotId: string }[];
  }[];

/** Invisible code points (default-ignorable: variation selectors, zero-width characters, fillers…). */
const invisibles = ['\uFE0F', '\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', '\u00AD', '\u180E', '\u034F', '\u3164', '\u115F', '\uFE00'];

/** Spellings of `InvisCap#NA1` and `Moon Fox#NA1` that look the same. */
const riotIdLookAlikes = [
  ...invisibles.map((invisible) => `InvisCap${invisible}#NA1`),
  ...invisibles.map((invisible) => `In${invisible}visCap#NA1`),
  'InvisCap#\uFF2E\uFF21\uFF11', // full-width ＮＡ１
  '\u{1D408}\u{1D427}\u{1D42F}\u{1D422}\u{1D42C}Cap#NA1', // mathematical bold 𝐈𝐧𝐯𝐢𝐬
  'Invis\u0421\u0430p#NA1', // Cyrillic С and а
  'M\u043E\u043En Fox#NA1', // Cyrillic о
  'Moon\u00A0Fox#NA1', // a non-breaking space
  'Moon\u3000Fox#NA1', // an ideographic space
  '\u{1D40C}\u{1D428}\u{1D428}\u{1D427} Fox#NA1', // mathematical bold 𝐌𝐨𝐨𝐧
  'Moon Fox#\uFF2E\uFF21\uFF11',
];
const holderOf = (riotId: string) => (lookAlikeOfMoonFox(riotId) ? 'Moon Fox#NA1' : 'InvisCap#NA1');
const lookAlikeOfMoonFox = (riotId: string) => /Fox/.test(riotId);

/** Spellings of the team name `Night Owls` that look the same. */
const nameLookAlikes = [
  ...invisibles.map((invisible) => `Night${invisible} Owls`),
  'Night \u041Ewls', // Cyrillic О
  'Night \u043Ewls', // Cyrillic о (the name compares without case, as always)
  'Nig\u04BBt Owls', // Cyrillic һ
  '\uFF2E\uFF49\uFF47\uFF48\uFF54 Owls', // full-width Ｎｉｇｈｔ
  'Night\u00A0Owls', // a non-breaking space
  'Night  Owls', // two spaces, which a page shows as one
  '\u{1D40D}\u{1D422}\u{1D420}\u{1D421}\u{1D42D} Owls', // mathematical bold 𝐍𝐢𝐠𝐡𝐭
];

describe('look-alike Riot IDs', () => {
  it('refuses each look-alike of a Riot ID on another team with the message of the exact duplicate, on its field', async () => {
    const cup = await createOpenTournament(t, cookie, { name: 'Look-alike Riot ID Cup', maxTeams: 64 });
    expect((await post(withPlayer2(cup.id, 'InvisCap#NA1'))).statusCode).toBe(201);
    expect((await post(withPlayer2(cup.id, 'Moon Fox#NA1'))).statusCode).toBe(201);

    for (const holder of ['InvisCap#NA1', 'Moon Fox#NA1']) {
      const exact = await post(withPlayer2(cup.id, holder));
      const message = takenRiotIdMessage(holder);
      expect(exact.statusCode).toBe(409);
      expect(exact.json()).toEqual({ error: message, issues: [{ path: 'players.1.riotId', message }] });
    }
    for (const riotId of riotIdLookAlikes) {
      const response = await post(withPlayer2(cup.id, riotId));
      const message = takenRiotIdMessage(holderOf(riotId));
      expect(response.statusCode, `${JSON.stringify(riotId)}: ${response.body}`).toBe(409);
      expect(response.json(), JSON.stringify(riotId)).toEqual({ error: message, issues: [{ path: 'players.1.riotId', message }] });
    }
    const capacity = (await t.app.inject({ method: 'GET', url: `/api/tournaments/${cup.id}/capacity` })).json();
    expect(capacity.registered).toBe(2);
  });

  it('refuses a look-alike of a Riot ID on the same team as the same Riot ID twice', async () => {
    const cup = await createOpenTournament(t, cookie, { name: 'Look-alike Roster Cup' });
    const payload = withPlayer2(cup.id, 'InvisCap#NA1');
    payload.players[2] = { riotId: 'InvisCap\uFE0F#NA1' };
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: repeatedRiotIdMessage, issues: [{ path: 'players.2.riotId', message: repeatedRiotIdMessage }] });
  });

  it('refuses a look-alike in a roster change through the team link, on the form field', async () => {
    const cup = await createOpenTournament(t, cookie, { name: 'Look-alike Link Cup' });
    expect((await post(withPlayer2(cup.id, 'InvisCap#NA1'))).statusCode).toBe(201);
    const team = await registerTeam(t.app, cup.id);
    const current = (await t.app.inject({ method: 'GET', url: `/api/manage/${team.id}`, headers: team.teamLink })).json() as { players: string[] };
    for (const riotId of ['InvisCap\uFE0F#NA1', 'InvisCap#\uFF2E\uFF21\uFF11', 'Invis\u0421\u0430p#NA1']) {
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/manage/${team.id}/roster`,
        headers: team.teamLink,
        payload: {
          player2RiotId: current.players[0],
          player3RiotId: current.players[1],
          player4RiotId: riotId,
          player5RiotId: current.players[3],
          sub1RiotId: '',
          sub2RiotId: '',
        },
      });
      const message = takenRiotIdMessage('InvisCap#NA1');
      expect(response.statusCode, `${JSON.stringify(riotId)}: ${response.body}`).toBe(409);
      expect(response.json()).toEqual({ error: message, issues: [{ path: 'player4RiotId', message }] });
    }
  });

  it('stores and shows a Riot ID as the captain typed it', async () => {
    const cup = await createOpenTournament(t, cookie, { name: 'Typed Riot ID Cup' });
    const typed = ['M\u043E\u043En Fox#NA1', 'Sun\u00A0Ray#\uFF2E\uFF21\uFF11', '\u{1D40C}\u{1D428}\u{1D427}\u{1D41A}#EUW'];
    const payload = teamPayload(cup.id);
    typed.forEach((riotId, index) => (payload.players[index + 1] = { riotId }));
    const response = await post(payload);
    expect(response.statusCode, response.body).toBe(201);
    const team = (await publicTeams(cup.id)).find((row) => row.id === response.json().id)!;
    expect(team.players.slice(1, 4).map((p) => p.riotId)).toEqual(typed);
  });
});

describe('look-alike team names', () => {
  it('refuses each look-alike of a team name with the message of the exact duplicate', async () => {
    const cup = await createOpenTournament(t, cookie, { name: 'Look-alike Name Cup', maxTeams: 64 });
    expect((await post(teamPayload(cup.id, { name: 'Night Owls' }))).statusCode).toBe(201);

    const exact = await post(teamPayload(cup.id, { name: 'Night Owls' }));
    expect(exact.statusCode).toBe(409);
    expect(exact.json()).toEqual({ error: takenNameMessage('Night Owls'), issues: [{ path: 'name', message: takenNameMessage('Night Owls') }] });
    for (const name of nameLookAlikes) {
      const response = await post(teamPayload(cup.id, { name }));
      // The message names the team as the captain typed it (less format characters), as for the exact duplicate.
      const message = takenNameMessage(normalizeName(name));
      expect(response.statusCode, `${JSON.stringify(name)}: ${response.body}`).toBe(409);
      expect(response.json(), JSON.stringify(name)).toEqual({ error: message, issues: [{ path: 'name', message }] });
    }
    expect((await publicTeams(cup.id)).map((team) => team.name)).toEqual(['Night Owls']);
  });

  it('refuses a look-alike name on the waitlist of a full tournament', async () => {
    const cup = await createOpenTournament(t, cookie, { name: 'Look-alike Waitlist Cup', maxTeams: 4 });
    await registerTeam(t.app, cup.id, { name: 'Night Owls' });
    for (let i = 0; i < 3; i++) await registerTeam(t.app, cup.id);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/tournaments/${cup.id}/waitlist`,
      payload: teamPayload(cup.id, { name: 'Night \u041Ewls' }),
    });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toEqual({ error: takenNameMessage('Night \u041Ewls'), issues: [{ path: 'name', message: takenNameMessage('Night \u041Ewls') }] });
  });

  it('stores and shows a team name as the captain typed it', async () => {
    const cup = await createOpenTournament(t, cookie, { name: 'Typed Name Cup' });
    for (const name of ['\u{1D40D}\u{1D422}\u{1D420}\u{1D421}\u{1D42D} Riders', 'D\u0430wn\u00A0Patrol', '\uFF33\uFF54\uFF41\uFF52 Gazers']) {
      const response = await post(teamPayload(cup.id, { name }));
      expect(response.statusCode, response.body).toBe(201);
      expect((await publicTeams(cup.id)).find((team) => team.id === response.json().id)?.name).toBe(name);
    }
  });

  it('lets one of many captains racing with look-alike spellings of one name and one Riot ID have it: the unique indexes decide', async () => {
    const cup = await createOpenTournament(t, cookie, { name: 'Look-alike Rush Cup', maxTeams: 64 });
    const names = ['Night Owls', ...nameLookAlikes].slice(0, 10);
    const byName = await Promise.all(names.map((name) => post(teamPayload(cup.id, { name }))));
    expect(byName.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(byName.filter((r) => r.statusCode === 409)).toHaveLength(names.length - 1);

    const riotIds = ['InvisCap#NA1', ...riotIdLookAlikes.filter((id) => !lookAlikeOfMoonFox(id))].slice(0, 10);
    const byRiotId = await Promise.all(riotIds.map((riotId) => post(withPlayer2(cup.id, riotId))));
    expect(byRiotId.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(byRiotId.filter((r) => r.statusCode === 409)).toHaveLength(riotIds.length - 1);
  });
});

describe('rows written before the look-alike keys', () => {
  /** A held team as migration 0027 leaves one from before it: no keys. */
  async function withoutKeys(teamId: string) {
    await t.database.db.update(teams).set({ nameKey: null }).where(eq(teams.id, teamId));
    await t.database.db.update(teamMembers).set({ riotIdKey: null }).where(eq(teamMembers.teamId, teamId));
  }

  it('get their keys from the fill the server runs before it takes requests, and then hold their name and Riot IDs', async () => {
    const cup = await createOpenTournament(t, cookie, { name: 'Old Rows Cup' });
    const old = await post(withPlayer2(cup.id, 'OldCap#NA1', { name: 'Old Owls' }));
    expect(old.statusCode).toBe(201);
    await withoutKeys(old.json().id);

    const filled = await t.services.teams.fillLookAlikeKeys();
    expect(filled).toEqual({ filled: 1 + 6, clashes: [] });
    expect(await t.services.teams.fillLookAlikeKeys()).toEqual({ filled: 0, clashes: [] });
    expect((await post(teamPayload(cup.id, { name: '\u041Eld Owls' }))).statusCode).toBe(409);
    expect((await post(withPlayer2(cup.id, 'OldCap\uFE0F#NA1'))).statusCode).toBe(409);
  });

  it('leave a look-alike registered before the keys without one, reported once, and both teams registered', async () => {
    const cup = await createOpenTournament(t, cookie, { name: 'Old Clash Cup' });
    const first = await registerTeam(t.app, cup.id, { name: 'Clash Owls' });
    const second = await registerTeam(t.app, cup.id, { name: 'Other Owls' });
    await t.database.db.update(teams).set({ name: 'Clash Owls\uFE0F' }).where(eq(teams.id, second.id));
    await withoutKeys(first.id);
    await withoutKeys(second.id);

    const { clashes } = await t.services.teams.fillLookAlikeKeys();
    expect(clashes).toHaveLength(1);
    expect([first.id, second.id]).toContain(clashes[0].teamId);
    expect(await t.services.teams.fillLookAlikeKeys()).toEqual({ filled: 0, clashes: [] });
    expect((await publicTeams(cup.id)).map((team) => team.name).sort()).toEqual(['Clash Owls', 'Clash Owls\uFE0F']);
    expect((await post(teamPayload(cup.id, { name: 'Cl\u0430sh Owls' }))).statusCode).toBe(409);
  });
});
