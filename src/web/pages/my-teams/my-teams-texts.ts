import { msg } from '../../../shared/i18n/msg';
import type { DiscordSignInOutcome } from '../../../shared/schemas/discord';

/**
 * Every text of "My Teams" (and its footer link), in one place, so the browser tests assert the same
 * words. Each is a message: the page shows it with `t(text)`.
 */
export const myTeamsTexts = {
  footerLink: msg('My Teams'),
  eyebrow: msg('Captains'),
  title: msg('My Teams'),
  lead: msg('Every team you registered with your Discord account, in every cup.'),
  signInTitle: msg('Sign in to see your teams'),
  signInIntro: msg('If you connected Discord when you registered, sign in with it to find all your teams. Your team links keep working as before.'),
  signIn: msg('Sign in with Discord'),
  signedIn: msg('Signed in with Discord'),
  signOut: msg('Sign Out'),
  signOutFailed: msg('Could not sign you out. Please try again.'),
  listTitle: msg('Your Teams'),
  noTeamsTitle: msg('No teams yet'),
  noTeams: msg('No team is connected to this Discord account. A team registered without connecting Discord opens with its team link.'),
  openTeamPage: msg('Open Team Page'),
  /** Read after "Open Team Page" by screen readers, so each link names its team. Values: teamName. */
  openTeamPageOf: msg('for {teamName}'),
  loading: msg('Loading your teams'),
  loadFailed: msg('Could not load your teams. Please try again.'),
  outcomes: {
    'signed-in': msg('You are signed in with Discord.'),
    denied: msg('Sign-in was cancelled on Discord.'),
    refused: msg('That sign-in expired or was not started in this browser. Please sign in again.'),
    failed: msg('Discord could not be reached. Please try again.'),
  } satisfies Record<DiscordSignInOutcome, string>,
};
