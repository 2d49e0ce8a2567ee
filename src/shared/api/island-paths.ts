/**
 * The addresses the content pages' islands call with plain fetch (issue 32): apart from the
 * endpoints' declarations, which bring zod with them. The declarations without a parameter take
 * their paths from here; tests/unit/island-public-reads.test.ts checks the others are the declared ones.
 */
const tournament = (idOrSlug: string) => `/api/tournaments/${encodeURIComponent(idOrSlug)}`;

export const islandApiPaths = {
  site: '/api/site',
  activeTournament: '/api/tournaments/active',
  openTournaments: '/api/tournaments/open',
  contact: '/api/contact',
  teams: (tournamentId: string) => `${tournament(tournamentId)}/teams`,
  capacity: (tournamentId: string) => `${tournament(tournamentId)}/capacity`,
  bracket: (tournamentId: string) => `${tournament(tournamentId)}/bracket`,
  match: (matchId: string) => `/api/matches/${encodeURIComponent(matchId)}`,
  /** One cup's page read, by its slug or id. */
  tournamentPage: tournament,
} as const;
