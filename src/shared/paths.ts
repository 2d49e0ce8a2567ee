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
  tournaments: '/tournaments',
  rules: '/rules',
  contact: '/contact',
  refundPolicy: '/refund-policy',
  termsOfService: '/terms-of-service',
  privacy: '/privacy',
  accessibility: '/accessibility',
  // A captain signed in with Discord sees every team they registered (only with a Discord application).
  myTeams: '/my-teams',
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

/** A cup's page, by its slug (an old slug or its id redirects to it: server/site/cup-paths.ts). */
export const tournamentPagePattern = '/tournaments/:slug';
export const tournamentPath = (slug: string) => `/tournaments/${encodeURIComponent(slug)}`;
/** Registration for that cup, straight away. */
export const tournamentRegisterPattern = '/tournaments/:slug/register';
export const tournamentRegisterPath = (slug: string) => `/tournaments/${encodeURIComponent(slug)}/register`;

/** The bracket or the standings alone, for other sites and stream overlays to frame (the only framable pages). */
export const embedKinds = ['bracket', 'standings'] as const;
export type EmbedKind = (typeof embedKinds)[number];
export const embedPagePattern = '/embed/tournaments/:slug/:kind';
export const embedPath = (slug: string, kind: EmbedKind) => `/embed/tournaments/${encodeURIComponent(slug)}/${kind}`;
export const isEmbedPage = (pathname: string) => /^\/embed\/tournaments\/[^/]+\/(bracket|standings)\/?$/.test(pathname);

const tournamentPagePath = /^\/tournaments\/([^/]+)$/;
export const isTournamentPage = (pathname: string) => tournamentPagePath.test(pathname) && pathname !== '/tournaments/listing';

/** The slug a cup's page, or an embed of it, is addressed by (as written in the path); null for any other page. */
export function cupSlugOf(pathname: string): string | null {
  const match = /^\/(?:embed\/)?tournaments\/([^/]+)(?:\/(?:bracket|standings))?\/?$/.exec(pathname);
  if (!match || (!pathname.startsWith('/embed/') && /\/(bracket|standings)\/?$/.test(pathname))) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

const knownPages = new Set<string>(Object.values(paths));

export const isTeamPage = (pathname: string) => /^\/team\/[^/]+$/.test(pathname);

const trimSlashes = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

export function isKnownPage(pathname: string): boolean {
  const trimmed = trimSlashes(pathname);
  return knownPages.has(trimmed) || isTeamPage(trimmed) || isRegisteredPage(trimmed) || isInvitePage(trimmed) || isTournamentPage(trimmed) || isEmbedPage(trimmed) || isMatchPage(trimmed);
}

/** The admin's pages show nothing without a session: the browser renders them, like the captains' private team pages and "My Teams". */
const clientRenderedPages = new Set<string>([paths.admin, paths.adminLogin, paths.adminSetup, paths.myTeams]);

/** The public pages, which the server renders (src/web/entry-server.tsx) and the browser hydrates. */
export function isServerRendered(pathname: string): boolean {
  const trimmed = trimSlashes(pathname);
  return (knownPages.has(trimmed) && !clientRenderedPages.has(trimmed)) || isTournamentPage(trimmed) || isEmbedPage(trimmed) || isMatchPage(trimmed);
}

/** Every page the server renders. */
export const serverRenderedPages = Object.values(paths).filter(isServerRendered);

/**
 * The content pages (issue 32): what a visitor reads (home, teams, hall of fame, rules, the bracket,
 * the cups and their matches, the legal pages, contact). Their script is held to the smaller budget
 * (scripts/script-budgets.ts). The registration wizard is not one (it is served as an island with a
 * budget of its own); the team pages, "My Teams", admin and the embeds are the single-page app.
 */
export function isContentPage(pathname: string): boolean {
  const trimmed = trimSlashes(pathname);
  return isServerRendered(trimmed) && trimmed !== paths.register && !isEmbedPage(trimmed);
}

/**
 * The content pages are served as islands: the server's HTML and a few kilobytes of script for their
 * interactive parts (src/web/islands), not the single-page app. So is the registration wizard, as one
 * island: captains open it on phones the moment registration opens, and it needs no router.
 */
export const isIslandPage = (pathname: string): boolean => isContentPage(pathname) || trimSlashes(pathname) === paths.register;
