import type { DiscordSignInOutcome } from '../../../shared/schemas/discord';

/** Every text of "My Teams" (and its footer link), in one place, so the browser tests assert the same words. */
export const myTeamsTexts = {
  footerLink: 'My Teams',
  eyebrow: 'Captains',
  title: 'My Teams',
  lead: 'Every team you registered with your Discord account, in every cup.',
  signInTitle: 'Sign in to see your teams',
  signInIntro: 'If you connected Discord when you registered, sign in with it to find all your teams. Your team links keep working as before.',
  signIn: 'Sign in with Discord',
  signedIn: 'Signed in with Discord',
  signOut: 'Sign Out',
  signOutFailed: 'Could not sign you out. Please try again.',
  listTitle: 'Your Teams',
  noTeamsTitle: 'No teams yet',
  noTeams: 'No team is connected to this Discord account. A team registered without connecting Discord opens with its team link.',
  openTeamPage: 'Open Team Page',
  /** Read after "Open Team Page" by screen readers, so each link names its team. */
  openTeamPageOf: (teamName: string) => ` for ${teamName}`,
  loading: 'Loading your teams',
  loadFailed: 'Could not load your teams. Please try again.',
  outcomes: {
    'signed-in': 'You are signed in with Discord.',
    denied: 'Sign-in was cancelled on Discord.',
    refused: 'That sign-in expired or was not started in this browser. Please sign in again.',
    failed: 'Discord could not be reached. Please try again.',
  } satisfies Record<DiscordSignInOutcome, string>,
};
