import { render } from 'react-email';
import { MatchNews, matchNewsSubject, type MatchNewsProps } from './match-news.js';
import { PaymentReceipt, paymentReceiptSubject, type PaymentReceiptProps } from './payment-receipt.js';
import { RefundIssued, refundIssuedSubject, type RefundIssuedProps } from './refund-issued.js';
import { RegistrationReceived, registrationReceivedSubject, type RegistrationReceivedProps } from './registration-received.js';
import { RosterChanged, rosterChangedSubject, type RosterChangedProps } from './roster-changed.js';
import { TournamentCancelled, tournamentCancelledSubject, type TournamentCancelledProps } from './tournament-cancelled.js';
import { WaitlistJoined, waitlistJoinedSubject, type WaitlistJoinedProps } from './waitlist-joined.js';
import { WaitlistOffer, waitlistOfferSubject, type WaitlistOfferProps } from './waitlist-offer.js';

/** The captain's messages, one template each. */
export type CaptainMessage =
  | { template: 'registration-received'; props: RegistrationReceivedProps }
  | { template: 'payment-receipt'; props: PaymentReceiptProps }
  | { template: 'refund-issued'; props: RefundIssuedProps }
  | { template: 'roster-changed'; props: RosterChangedProps }
  | { template: 'tournament-cancelled'; props: TournamentCancelledProps }
  | { template: 'waitlist-joined'; props: WaitlistJoinedProps }
  | { template: 'waitlist-offer'; props: WaitlistOfferProps }
  | { template: 'match-news'; props: MatchNewsProps };

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

function pick(message: CaptainMessage) {
  switch (message.template) {
    case 'registration-received':
      return { subject: registrationReceivedSubject(message.props), element: <RegistrationReceived {...message.props} /> };
    case 'payment-receipt':
      return { subject: paymentReceiptSubject(message.props), element: <PaymentReceipt {...message.props} /> };
    case 'refund-issued':
      return { subject: refundIssuedSubject(message.props), element: <RefundIssued {...message.props} /> };
    case 'roster-changed':
      return { subject: rosterChangedSubject(message.props), element: <RosterChanged {...message.props} /> };
    case 'tournament-cancelled':
      return { subject: tournamentCancelledSubject(message.props), element: <TournamentCancelled {...message.props} /> };
    case 'waitlist-joined':
      return { subject: waitlistJoinedSubject(message.props), element: <WaitlistJoined {...message.props} /> };
    case 'waitlist-offer':
      return { subject: waitlistOfferSubject(message.props), element: <WaitlistOffer {...message.props} /> };
    case 'match-news':
      return { subject: matchNewsSubject(message.props), element: <MatchNews {...message.props} /> };
  }
}

/** HTML and plain text of one message, from the same template. */
export async function renderCaptainMail(message: CaptainMessage): Promise<RenderedMail> {
  const { subject, element } = pick(message);
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject, html, text };
}
