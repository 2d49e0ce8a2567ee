import { describe, expect, it } from 'vitest';
import { legalTextsVersion } from '../../src/shared/legal-version.js';
import type { Team } from '../../src/shared/schemas/team.js';
import { createOpenTournament, registerTeam } from '../support/factories.js';
import { createTestApp } from '../support/test-app.js';

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
    t.clock.set('2026-11-20T10:00:00.000Z');
    const given = await registerTeam(t.app, tournament.id, { name: 'Consenting Team', acceptedTerms: true, ageConfirmed: true });
    const silent = await registerTeam(t.app, tournament.id, { name: 'Spec Payload Team' });
    const termsOnly = await registerTeam(t.app, tournament.id, { name: 'Terms Only Team', acceptedTerms: true, ageConfirmed: false });

    const teams = await adminTeams(cookie, tournament.id);
    const byId = new Map(teams.map((team) => [team.id, team]));
    expect(byId.get(given.id)?.consent).toEqual({ termsAcceptedAt: '2026-11-20T10:00:00.000Z', termsVersion: legalTextsVersion, ageConfirmedAt: '2026-11-20T10:00:00.000Z' });
    expect(byId.get(silent.id)?.consent).toEqual({ termsAcceptedAt: null, termsVersion: null, ageConfirmedAt: null });
    expect(byId.get(termsOnly.id)?.consent).toEqual({ termsAcceptedAt: '2026-11-20T10:00:00.000Z', termsVersion: legalTextsVersion, ageConfirmedAt: null });

    const publicTeams = (await t.app.inject({ method: 'GET', url: `/api/tournaments/${tournament.id}/teams` })).json() as Team[];
    expect(publicTeams.every((team) => team.consent === undefined)).toBe(true);
  });

  it('refuses consent fields that are not booleans', async () => {
    const cookie = await t.login();
    const tournament = await createOpenTournament(t, cookie, { name: 'Consent Types Cup' });
    await expect(registerTeam(t.app, tournament.id, { acceptedTerms: 'yes' as unknown as boolean })).rejects.toThrow(/400.*acceptedTerms must be true or false/);
  });
});
