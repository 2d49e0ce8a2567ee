/** Every page of the site, one place: links in the client and the server's 404 status both come from here. */
export const paths = {
  home: '/',
  register: '/register',
  teams: '/teams',
  admin: '/admin',
  adminLogin: '/admin/login',
  adminSetup: '/admin/setup',
  hallOfFame: '/hall-of-fame',
  bracket: '/bracket',
  rules: '/rules',
  contact: '/contact',
  refundPolicy: '/refund-policy',
  termsOfService: '/terms-of-service',
  privacy: '/privacy',
  accessibility: '/accessibility',
} as const;

/** The captain's private team page; its link carries `?key=` (src/server/teams/team-link.ts). */
export const teamPagePattern = '/team/:id';
export const teamPath = (teamId: string) => `/team/${teamId}`;

const knownPages = new Set<string>(Object.values(paths));

export const isTeamPage = (pathname: string) => /^\/team\/[^/]+$/.test(pathname);

export function isKnownPage(pathname: string): boolean {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return knownPages.has(trimmed) || isTeamPage(trimmed);
}
