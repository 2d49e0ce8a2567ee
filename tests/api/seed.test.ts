import { describe, expect, it } from 'vitest';
import { hasData, seedDemoSeason } from '../../src/server/seed/demo-season.js';
import { createTestApp } from '../support/test-app.js';

describe('demo season', () => {
  it('loads a live tournament with teams at several payment states and past champions', async () => {
    const t = await createTestApp();
    expect(await hasData(t.database.db)).toBe(false);
    const { tournamentId } = await seedDemoSeason(t.database.db, t.services);
    expect(await hasData(t.database.db)).toBe(true);
    const active = (await t.app.inject({ method: 'GET', url: '/api/tournaments/active' })).json();
    expect(active.id).toBe(tournamentId);
    const teams = (await t.app.inject({ method: 'GET', url: `/api/tournaments/${tournamentId}/teams` })).json();
    expect(teams).toHaveLength(12);
    expect(new Set(teams.map((team: { paymentStatus: string }) => team.paymentStatus))).toEqual(new Set(['completed', 'pending', 'failed']));
    const champions = (await t.app.inject({ method: 'GET', url: '/api/champions' })).json();
    expect(champions.filter((c: { placement: number }) => c.placement === 1)).toHaveLength(3);
  });
});
