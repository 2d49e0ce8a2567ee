import { beforeAll, describe, expect, it } from 'vitest';
import type { Bracket, BracketMatch } from '../../src/shared/schemas/bracket.js';
import type { Tournament } from '../../src/shared/schemas/tournament.js';
import { createOpenTournament, registerTeam } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let cookie: string;
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.login();
});

const active = async () => (await t.app.inject({ method: 'GET', url: '/api/tournaments/active' })).json() as Tournament;
const admin = (method: 'POST' | 'PUT' | 'PATCH', url: string, payload?: Record<string, unknown>) => t.app.inject({ method, url, headers: { cookie }, payload });

describe("the live tournament's phase on the public read", () => {
  it('follows the bracket: open, running once drawn, completed with its champion once the final is confirmed', async () => {
    const cup = await createOpenTournament(t, cookie, { name: 'Phase Cup', entryFee: '0', checkInEnabled: false });
    const teamNames = ['Alpha Five', 'Bravo Five'];
    for (const name of teamNames) await registerTeam(t.app, cup.id, { name });
    expect(await active()).toMatchObject({ id: cup.id, phase: 'registration_open', bracketProgress: 'none', hasBracket: false, champion: null });

    const drawn = await admin('POST', `/api/tournaments/${cup.id}/bracket`, { seeding: 'registration' });
    expect(drawn.statusCode, drawn.body).toBe(201);
    expect(await active()).toMatchObject({ phase: 'running', bracketProgress: 'drawn', hasBracket: true, champion: null });

    const final = (drawn.json() as Bracket).rounds.at(-1)!.matches[0] as BracketMatch;
    expect((await admin('PUT', `/api/matches/${final.id}`, { winnerTeamId: final.team2Id, score: '13-7' })).statusCode).toBe(200);
    expect((await admin('POST', `/api/tournaments/${cup.id}/bracket/confirm`)).statusCode).toBe(200);
    expect(await active()).toMatchObject({ phase: 'completed', bracketProgress: 'decided', champion: { teamName: 'Bravo Five' } });
  });

  it('says check_in while the window is open and registration is closed, and cancelled once the organizer cancels', async () => {
    const cup = await createOpenTournament(t, cookie, { name: 'Evening Cup', registrationCloses: inMinutes(10), tournamentDate: inMinutes(30) });
    expect((await active()).phase).toBe('registration_open');
    await admin('PATCH', `/api/tournaments/${cup.id}/registration`, { isOpen: false });
    expect(await active()).toMatchObject({ id: cup.id, phase: 'check_in' });

    const cancelled = await admin('POST', `/api/tournaments/${cup.id}/cancel`, { reason: 'No casters' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await active()).toMatchObject({ id: cup.id, phase: 'cancelled', champion: null });
  });
});
