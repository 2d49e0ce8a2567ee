import { msg } from '../../../shared/i18n/msg';

/**
 * Every text of the registration's confirmation page, in one place, so the browser tests assert the
 * same words. Each is a message: the page shows it with `t(text, values)`.
 */
export const registeredTexts = {
  title: msg('Registration Complete'),
  /** Values: teamName, tournamentName. */
  lead: msg('{teamName} is registered for {tournamentName}. Keep your team link: it is how you manage your team.'),
  /** Values: teamName. */
  pendingLead: msg(
    '{teamName} holds its spot while your payment is confirmed; this page updates once it is. If it did not go through, finish it from your team page.',
  ),
  linkTitle: msg('Your team link'),
  /** The shared link's title. Values: teamName, linkTitle. */
  shareTitle: msg('{teamName}: {linkTitle}'),
  linkIntro: msg('Open it on any device to see your receipt, change your roster, check in on tournament day or withdraw.'),
  linkLabel: msg('Team link'),
  copy: msg('Copy Link'),
  copied: msg('Copied'),
  copiedToast: msg('Link Copied'),
  copiedToastDescription: msg('Keep it somewhere safe and private.'),
  copyFailedTitle: msg('Error'),
  copyFailed: msg('Could not copy the link: select it and copy it by hand.'),
  share: msg('Share'),
  privateWarning: msg('Keep this link private: whoever has it can manage your team, change its roster, withdraw it and erase its data.'),
  /** Values: email. */
  emailed: msg('We also sent it to {email}.'),
  notEmailed: msg('You gave no e-mail address, so this link is not sent to you: copy it now and keep it.'),
  receiptTitle: msg('Receipt'),
  receipt: {
    team: msg('Team'),
    tournament: msg('Tournament'),
    paidTo: msg('Paid to'),
    amountPaid: msg('Amount paid'),
    currency: msg('Currency'),
    reference: msg('Payment reference'),
    referencePending: msg('Being confirmed'),
    date: msg('Date'),
    entryFee: msg('Entry fee'),
    free: msg('Free'),
    paymentPending: msg('Payment being confirmed'),
  },
  nextTitle: msg('What happens next'),
  /** Values: opens, closes. */
  checkIn: msg('Check in on your team page between {opens} and {closes}. A team that does not check in does not play.'),
  /** Values: tournamentName, startsAt. */
  starts: msg('{tournamentName} starts {startsAt}.'),
  /** The tagged words link to the bracket. */
  bracket: msg('The bracket appears on the <link>Bracket page</link> once the organizer draws it.'),
  /** Values: locksAt. */
  roster: msg('You can change players 2 to 5 and the substitutes on your team page until {locksAt}.'),
  openTeamPage: msg('Open Team Page'),
  returnHome: msg('Return Home'),
  linkMissingTitle: msg('Registration not found on this device'),
  linkMissing: msg('This page shows a registration to the browser that made it. Open your team link instead: it shows your receipt on any device.'),
  loadFailed: msg('Could not load your registration. Please try again.'),
  loading: msg('Loading your registration'),
} as const;
