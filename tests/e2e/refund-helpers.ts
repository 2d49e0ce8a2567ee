import type { Page } from '@playwright/test';
import { payForTeam } from './a11y-helpers';
import { expect, registerTeam, type Site } from './fixtures';

export const cards = { succeeds: '4242424242424242', refundFails: '4000000000005126' };

export interface AdminTeam {
  id: string;
  name: string;
  paymentStatus: string;
  amountPaid: number | null;
  amountRefunded?: number;
}

export async function teamsOf(site: Site, tournamentId: string): Promise<AdminTeam[]> {
  return (await (await site.adminApi.get(`/api/tournaments/${tournamentId}/teams`)).json()) as AdminTeam[];
}

export async function paidTeam(site: Site, tournamentId: string, name: string, card = cards.succeeds) {
  const team = await registerTeam(site, tournamentId, name);
  await payForTeam(site, tournamentId, team.id, card);
  const row = (await teamsOf(site, tournamentId)).find((t) => t.id === team.id);
  expect(row?.paymentStatus).toBe('completed');
  return team;
}

export function teamCard(page: Page, name: string) {
  return page.getByTestId('admin-team-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
}
