import { msg } from './i18n/msg.js';

/**
 * What a fresh install shows until the organizer sets their own: addresses on reserved example
 * domains, so no captain is sent to a Discord, inbox or channel that someone else owns.
 */
export const placeholderSettings = {
  discordInviteUrl: 'https://discord.example/set-your-invite',
  supportEmail: 'support@example.com',
  socialLinks: {
    youtube: 'https://youtube.example/set-your-channel',
    twitch: 'https://twitch.example/set-your-channel',
    tiktok: 'https://tiktok.example/set-your-account',
  },
} as const;

/** The general rules on /rules until the organizer writes theirs, one rule per line. */
export const defaultGeneralRules = [
  msg('Teams are five players (a captain and four others) with up to two substitutes, all registered with their Riot ID.'),
  msg('Every player must be at least 13 years old; players under 18 need the consent of a parent or guardian.'),
  msg('A player can be on only one team per tournament, and must play on the account registered.'),
  msg('Matches are best-of-1, single elimination, with a tournament draft.'),
  msg('Be in our Discord for check-in, brackets and scheduling; be ready at your match time.'),
  msg('A disconnected player has 10 minutes to reconnect.'),
  msg('Cheats, scripts, account sharing, smurfing and abuse of bugs lead to disqualification without refund.'),
  msg('Respect opponents and admins. Disputes go to an admin on Discord; decisions are made within 30 minutes when possible and are final.'),
].join('\n');

/** The rules as the page lists them: one per non-empty line. */
export const generalRuleLines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
