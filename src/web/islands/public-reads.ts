/**
 * The public reads islands poll, by address. The endpoints' declarations (src/shared/api) carry their
 * zod schemas, too heavy for an island's script; tests/unit/island-public-reads.test.ts checks these
 * are the declared paths.
 */
/* eslint-disable no-restricted-syntax -- the declarations' addresses, checked against them by that test */
const tournament = (idOrSlug: string) => `/api/tournaments/${encodeURIComponent(idOrSlug)}`;

export const publicReads = {
  active: '/api/tournaments/active',
  open: '/api/tournaments/open',
  teams: (tournamentId: string) => `${tournament(tournamentId)}/teams`,
  capacity: (tournamentId: string) => `${tournament(tournamentId)}/capacity`,
  /** One cup's page read, by its slug or id. */
  tournamentPage: tournament,
};
