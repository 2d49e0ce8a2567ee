import { msg } from './i18n/msg.js';
import { inEnglish, type Translate } from './in-english.js';
import { isEmbedPage, isInvitePage, isMatchPage, isRegisteredPage, isTeamPage, isTournamentPage, paths } from './paths.js';

/** Title and description of each page, used by the server's HTML (link unfurls) and by the client. */
export const pageMeta: Record<string, { title: string; description: string }> = {
  [paths.home]: {
    title: msg('Tournaments'),
    description: msg('Open online team tournaments with cash prizes: see the active tournament, its prize pool, entry fee, registered teams and past champions.'),
  },
  [paths.register]: { title: msg('Team Registration'), description: msg('Register your team for the current tournament and pay the entry fee to secure your spot.') },
  [paths.teams]: { title: msg('Registered Teams'), description: msg('Every team registered for the current tournament, with their rosters and registration status.') },
  [paths.bracket]: { title: msg('Bracket'), description: msg('The live bracket of the current tournament: every match, every result, round by round.') },
  [paths.tournaments]: { title: msg('All Tournaments'), description: msg('Every cup: the ones live and open for registration, the upcoming ones, and the past ones with their champions.') },
  [paths.hallOfFame]: { title: msg('Hall of Fame'), description: msg('The champions of every past tournament: rosters, prizes, quotes and highlight clips.') },
  [paths.rules]: {
    title: msg('Rules & FAQ'),
    description: msg('Tournament format, rules and answers to common questions about registration, substitutes, prizes, refunds and disputes.'),
  },
  [paths.contact]: {
    title: msg('Contact'),
    description: msg('Questions about a tournament, your registration or a refund? Send us a message; we answer within 24 hours.'),
  },
  [paths.refundPolicy]: { title: msg('Refund Policy'), description: msg('When and how entry fees are refunded.') },
  [paths.termsOfService]: { title: msg('Terms of Service'), description: msg('The terms for taking part in our tournaments.') },
  [paths.privacy]: {
    title: msg('Privacy Policy'),
    description: msg('What personal data we collect, why, who receives it, how long we keep it and how to export or erase it.'),
  },
  [paths.accessibility]: {
    title: msg('Accessibility Statement'),
    description: msg('The accessibility standard this site meets, how we test it, its known limitations, and how to tell us about a problem.'),
  },
  [paths.admin]: { title: msg('Admin'), description: msg('Tournament administration.') },
  [paths.adminLogin]: { title: msg('Admin Sign In'), description: msg('Sign in to the tournament administration.') },
  [paths.adminSetup]: { title: msg('Set Up the Site'), description: msg('Create the first organizer account of a new site.') },
  [paths.myTeams]: { title: msg('My Teams'), description: msg('Sign in with Discord to see every team you registered, in every cup, and open each team’s page.') },
};

export const invitePageMeta = { title: msg('Join the Organizing Team'), description: msg('Pick a username and a password to accept your invitation.') };

export const teamPageMeta = { title: msg('Your Team'), description: msg('Your team’s private page: payment and receipt, roster changes, withdrawal and your data.') };

export const registeredPageMeta = { title: msg('Registration Complete'), description: msg('Your receipt, your private team link and what happens next.') };

export const matchPageMeta = { title: msg('Match'), description: msg('A match of the tournament: the teams, the map veto, each map’s rounds and the series score.') };

/**
 * A match page's own title and description, once its teams are known: "Alpha Wolves vs Bravo Squad".
 * In English unless the caller passes the reader's `t`.
 */
export function matchMetaOf(
  match: { team1Name: string | null; team2Name: string | null; label: string; tournamentName: string; bestOf: number },
  t: Translate = inEnglish,
): { title: string; description: string } {
  const title = t('{team1} vs {team2}', { team1: match.team1Name ?? t('To be decided'), team2: match.team2Name ?? t('To be decided') });
  return {
    title,
    description: t('{tournament}, {match}, best of {bestOf}: the map veto, each map’s rounds and the series score.', {
      tournament: match.tournamentName,
      match: match.label,
      bestOf: match.bestOf,
    }),
  };
}

/** A cup's page before its data is known (the server names the cup: site/html-page.ts). */
export const tournamentPageMeta = { title: msg('Tournament'), description: msg('A tournament: its prize pool, entry fee, teams, bracket and results.') };

export const embedPageMeta = { title: msg('Bracket'), description: msg('A tournament’s bracket or standings, live.') };

/** A known page's title and description, the captain's team pages included. */
export function metaOf(path: string): { title: string; description: string } | undefined {
  return (
    pageMeta[path] ??
    (isTeamPage(path) ? teamPageMeta : isRegisteredPage(path) ? registeredPageMeta : isInvitePage(path) ? invitePageMeta : isTournamentPage(path) ? tournamentPageMeta : isEmbedPage(path) ? embedPageMeta : isMatchPage(path) ? matchPageMeta : undefined)
  );
}

export const notFoundMeta = { title: msg('404 Page Not Found'), description: msg('The page you are looking for does not exist.') };
