import { Facts, MailLayout, Paragraph, PrimaryButton, type SiteInfo } from './layout.js';

export interface TournamentCancelledProps {
  site: SiteInfo;
  organizerName: string;
  teamName: string;
  tournamentName: string;
  tournamentDate: string;
  reason: string;
  /** What the team paid and has not had back ("$50.00"), refunded in full; null when it paid nothing. */
  refundAmount: string | null;
}

export const tournamentCancelledSubject = ({ tournamentName }: TournamentCancelledProps) => `Tournament cancelled: ${tournamentName}`;

export function TournamentCancelled(props: TournamentCancelledProps) {
  const { site, organizerName, teamName, tournamentName, tournamentDate, reason, refundAmount } = props;
  return (
    <MailLayout site={site} preview={`${tournamentName} will not take place`} title="Tournament cancelled">
      <Paragraph>
        {organizerName} has cancelled <strong>{tournamentName}</strong> ({tournamentDate}). <strong>{teamName}</strong> no longer has a place in it.
      </Paragraph>
      <Facts rows={[['Tournament', tournamentName], ['Reason', reason]]} />
      {refundAmount ? (
        <Paragraph>
          Your entry fee of <strong>{refundAmount}</strong> is refunded in full; you will get an e-mail when the refund is issued.
        </Paragraph>
      ) : null}
      <Paragraph>We are sorry, and hope to see your team at the next one.</Paragraph>
      <PrimaryButton href={site.siteUrl}>Visit {site.siteName}</PrimaryButton>
    </MailLayout>
  );
}
