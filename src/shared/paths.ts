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
/** The team link itself: the team page with its key. */
export const teamLinkPath = (teamId: string, key: string) => `${teamPath(teamId)}?key=${encodeURIComponent(key)}`;

/** Where registration ends (paid or free): the receipt, the team link to keep, what comes next. Private like the team page. */
export const registeredPagePattern = '/register/done/:id';
export const registeredPath = (teamId: string) => `/register/done/${teamId}`;
export const isRegisteredPage = (pathname: string) => /^\/register\/done\/[^/]+$/.test(pathname);

/** A match's public page: its teams, veto, maps and series score (server-rendered, polled while not finished). */
export const matchPagePattern = '/matches/:id';
export const matchPath = (matchId: string) => `/matches/${encodeURIComponent(matchId)}`;
export const isMatchPage = (pathname: string) => /^\/matches\/[^/]+$/.test(pathname);
/** The match id of a match page's path (undefined for any other path). */
export const matchIdOf = (pathname: string): string | undefined => {
  const found = /^\/matches\/([^/]+)\/?$/.exec(pathname);
  if (!found) return undefined;
  try {
    return decodeURIComponent(found[1]);
  } catch {
    return undefined;
  }
};

/** An invite to the organizing team; its token is the authorisation (server/auth/organizing-team.ts). */
export const invitePagePattern = '/admin/invite/:token';
export const isInvitePage = (pathname: string) => /^\/admin\/invite\/[^/]+$/.test(pathname);

const knownPages = new Set<string>(Object.values(paths));

export const isTeamPage = (pathname: string) => /^\/team\/[^/]+$/.test(pathname);

const trimSlashes = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

export function isKnownPage(pathname: string): boolean {
  const trimmed = trimSlashes(pathname);
  return knownPages.has(trimmed) || isTeamPage(trimmed) || isRegisteredPage(trimmed) || isInvitePage(trimmed) || isMatchPage(trimmed);
}

/** The admin's pages show nothing without a session: the browser renders them, like the captains' private team pages. */
const clientRenderedPages = new Set<string>([paths.admin, paths.adminLogin, paths.adminSetup]);

/** The public pages, which the server renders (src/web/entry-server.tsx) and the browser hydrates. */
export function isServerRendered(pathname: string): boolean {
  const trimmed = trimSlashes(pathname);
  return (knownPages.has(trimmed) && !clientRenderedPages.has(trimmed)) || isMatchPage(trimmed);
}

/** Every page the server renders. */
export const serverRenderedPages = Object.values(paths).filter(isServerRendered);
