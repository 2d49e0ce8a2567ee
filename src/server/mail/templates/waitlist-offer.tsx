import { Facts, MailLayout, Paragraph, type SiteInfo } from './layout.js';

export interface WaitlistOfferProps {
  site: SiteInfo;
  teamName: string;
  tournamentName: string;
  tournamentDate: string;
  /** Until when the spot is kept for the team. */
  offerExpiresAt: string;
  /** The entry fee to pay once claimed, or null when there is none. */
  entryFee: string | null;
}

export const waitlistOfferSubject = ({ tournamentName }: WaitlistOfferProps) => `A spot is yours to claim in ${tournamentName}`;

export function WaitlistOffer(props: WaitlistOfferProps) {
  const { site, teamName, tournamentName, tournamentDate, offerExpiresAt, entryFee } = props;
  return (
    <MailLayout site={site} preview={`Claim your spot in ${tournamentName} before ${offerExpiresAt}`} title="A spot freed up for your team">
      <Paragraph>
        A spot in <strong>{tournamentName}</strong> ({tournamentDate}) is kept for <strong>{teamName}</strong> until <strong>{offerExpiresAt}</strong>.
      </Paragraph>
      <Paragraph>
        Open your private team link (from the e-mail we sent when you joined the waitlist) and choose Claim your spot
        {entryFee ? `, then pay the entry fee of ${entryFee}` : ''}. If you do not claim it in time, the spot passes to the next team on the waitlist.
      </Paragraph>
      <Facts
        rows={[
          ['Team', teamName],
          ['Tournament', tournamentName],
          ['Claim before', offerExpiresAt],
          ...(entryFee ? [['Entry fee', entryFee] as [string, string]] : []),
        ]}
      />
    </MailLayout>
  );
}
