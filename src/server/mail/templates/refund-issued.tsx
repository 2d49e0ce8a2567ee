import { Facts, MailLayout, Paragraph, type SiteInfo } from './layout.js';

export interface RefundIssuedProps {
  site: SiteInfo;
  teamName: string;
  tournamentName: string;
  /** "$25.00" */
  amount: string;
  currency: string;
  /** Why the money goes back, in the captain's words (the refund's kind). */
  cause: string;
  issuedAt: string;
  paymentReference: string;
}

export const refundIssuedSubject = ({ amount, teamName }: RefundIssuedProps) => `Refund issued: ${amount} for ${teamName}`;

export function RefundIssued(props: RefundIssuedProps) {
  const { site, teamName, tournamentName, amount, currency, cause, issuedAt, paymentReference } = props;
  return (
    <MailLayout site={site} preview={`${amount} is on its way back to you`} title="Refund issued">
      <Paragraph>
        We have refunded <strong>{amount}</strong> of the entry fee of <strong>{teamName}</strong> for {tournamentName}. {cause}
      </Paragraph>
      <Facts
        rows={[
          ['Amount', amount],
          ['Currency', currency],
          ['Date', issuedAt],
          ['Payment reference', paymentReference],
        ]}
      />
      <Paragraph>It goes back to the card you paid with; your bank may take 5 to 10 business days to show it.</Paragraph>
    </MailLayout>
  );
}
