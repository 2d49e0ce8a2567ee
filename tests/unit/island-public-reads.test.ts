import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src/shared/api/index';
import { urlOf } from '../../src/shared/api/urls';
import { publicReads } from '../../src/web/islands/public-reads';

describe("the public reads islands poll (src/web/islands/public-reads.ts)", () => {
  it('are the addresses the API declares', () => {
    const id = 'a b/c';
    expect(publicReads.active).toBe(urlOf(endpoints.getActiveTournament));
    expect(publicReads.open).toBe(urlOf(endpoints.listOpenTournaments));
    expect(publicReads.teams(id)).toBe(urlOf(endpoints.listTournamentTeams, { id }));
    expect(publicReads.capacity(id)).toBe(urlOf(endpoints.getCapacity, { id }));
    expect(publicReads.tournamentPage(id)).toBe(urlOf(endpoints.getTournamentPage, { id }));
  });
});
