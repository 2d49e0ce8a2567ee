/**
 * The addresses the content pages' islands call with plain fetch (issue 32): apart from the
 * endpoints' declarations, which bring zod with them. The declarations take their paths from here.
 */
export const islandApiPaths = {
  activeTournament: '/api/tournaments/active',
  contact: '/api/contact',
} as const;
