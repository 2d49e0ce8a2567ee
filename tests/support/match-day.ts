import { expect } from 'vitest';
import type { TestApp } from './test-app.js';

/** A team as the tests hold it: its id and its team link's Authorization header. */
export interface LinkedTeam {
  id: string;
  link: { authorization: string };
}

/** Each team's captain says ready for the match (the ready check opens 15 minutes before it); the veto opens when both are. */
export async function markReady(t: TestApp, matchId: string, ...teams: LinkedTeam[]): Promise<void> {
  for (const team of teams) {
    const response = await t.app.inject({ method: 'POST', url: `/api/manage/${team.id}/matches/${matchId}/ready`, headers: team.link });
    expect(response.statusCode, response.body).toBe(200);
  }
}
