import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src/shared/api/index';
import { islandApiPaths } from '../../src/shared/api/island-paths';
import { urlOf } from '../../src/shared/api/urls';

describe('the addresses islands call (src/shared/api/island-paths.ts)', () => {
  it('are the addresses the API declares', () => {
    const id = 'a b/c';
    expect(islandApiPaths.site).toBe(urlOf(endpoints.getSite));
    expect(islandApiPaths.activeTournament).toBe(urlOf(endpoints.getActiveTournament));
    expect(islandApiPaths.openTournaments).toBe(urlOf(endpoints.listOpenTournaments));
    expect(islandApiPaths.contact).toBe(urlOf(endpoints.sendContactMessage));
    expect(islandApiPaths.teams(id)).toBe(urlOf(endpoints.listTournamentTeams, { id }));
    expect(islandApiPaths.capacity(id)).toBe(urlOf(endpoints.getCapacity, { id }));
    expect(islandApiPaths.bracket(id)).toBe(urlOf(endpoints.getBracket, { id }));
    expect(islandApiPaths.match(id)).toBe(urlOf(endpoints.getMatch, { id }));
    expect(islandApiPaths.tournamentPage(id)).toBe(urlOf(endpoints.getTournamentPage, { id }));
  });
});
