import { isEmbedPage, isInvitePage, isMatchPage, isRegisteredPage, isTeamPage, isTournamentPage, paths } from './paths.js';

/** Title and description of each page, used by the server's HTML (link unfurls) and by the client. */
export const pageMeta: Record<string, { title: string; description: string }> = {
  [paths.home]: {
    title: 'Tournaments',
    description: 'Open online team tournaments with cash prizes: see the active tournament, its prize pool, entry fee, registered teams and past champions.',
  },
  [paths.register]: { title: 'Team Registration', description: 'Register your team for the current tournament and pay the entry fee to secure your spot.' },
  [paths.teams]: { title: 'Registered Teams', description: 'Every team registered for the current tournament, with their rosters and registration status.' },
  [paths.bracket]: { title: 'Bracket', description: 'The live bracket of the current tournament: every match, every result, round by round.' },
  [paths.tournaments]: { title: 'All Tournaments', description: 'Every cup: the ones live and open for registration, the upcoming ones, and the past ones with their champions.' },
  [paths.hallOfFame]: { title: 'Hall of Fame', description: 'The champions of every past tournament: rosters, prizes, quotes and highlight clips.' },
  [paths.rules]: {
    title: 'Rules & FAQ',
    description: 'Tournament format, rules and answers to common questions about registration, substitutes, prizes, refunds and disputes.',
  },
  [paths.contact]: {
    title: 'Contact',
    description: 'Questions about a tournament, your registration or a refund? Send us a message; we answer within 24 hours.',
  },
  [paths.refundPolicy]: { title: 'Refund Policy', description: 'When and how entry fees are refunded.' },
  [paths.termsOfService]: { title: 'Terms of Service', description: 'The terms for taking part in our tournaments.' },
  [paths.privacy]: {
    title: 'Privacy Policy',
    description: 'What personal data we collect, why, who receives it, how long we keep it and how to export or erase it.',
  },
  [paths.accessibility]: {
    title: 'Accessibility Statement',
    description: 'The accessibility standard this site meets, how we test it, its known limitations, and how to tell us about a problem.',
  },
  [paths.admin]: { title: 'Admin', description: 'Tournament administration.' },
  [paths.adminLogin]: { title: 'Admin Sign In', description: 'Sign in to the tournament administration.' },
  [paths.adminSetup]: { title: 'Set Up the Site', description: 'Create the first organizer account of a new site.' },
  [paths.myTeams]: { title: 'My Teams', description: 'Sign in with Discord to see every team you registered, in every cup, and open each team’s page.' },
};

export const invitePageMeta = { title: 'Join the Organizing Team', description: 'Pick a username and a password to accept your invitation.' };

export const teamPageMeta = { title: 'Your Team', description: 'Your team’s private page: payment and receipt, roster changes, withdrawal and your data.' };

export const registeredPageMeta = { title: 'Registration Complete', description: 'Your receipt, your private team link and what happens next.' };

export const matchPageMeta = { title: 'Match', description: 'A match of the tournament: the teams, the map veto, each map’s rounds and the series score.' };

/** A match page's own title and description, once its teams are known: "Alpha Wolves vs Bravo Squad". */
export function matchMetaOf(match: { team1Name: string | null; team2Name: string | null; label: string; tournamentName: string; bestOf: number }): { title: string; description: string } {
  const title = `${match.team1Name ?? 'To be decided'} vs ${match.team2Name ?? 'To be decided'}`;
  return { title, description: `${match.tournamentName}, ${match.label}, best of ${match.bestOf}: the map veto, each map’s rounds and the series score.` };
}

/** A cup's page before its data is known (the server names the cup: site/html-page.ts). */
export const tournamentPageMeta = { title: 'Tournament', description: 'A tournament: its prize pool, entry fee, teams, bracket and results.' };

export const embedPageMeta = { title: 'Bracket', description: 'A tournament’s bracket or standings, live.' };

/** A known page's title and description, the captain's team pages included. */
export function metaOf(path: string): { title: string; description: string } | undefined {
  return (
    pageMeta[path] ??
    (isTeamPage(path) ? teamPageMeta : isRegisteredPage(path) ? registeredPageMeta : isInvitePage(path) ? invitePageMeta : isTournamentPage(path) ? tournamentPageMeta : isEmbedPage(path) ? embedPageMeta : isMatchPage(path) ? matchPageMeta : undefined)
  );
}

export const notFoundMeta = { title: '404 Page Not Found', description: 'The page you are looking for does not exist.' };
