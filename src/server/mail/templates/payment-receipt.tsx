import { MailLayout, Facts, Paragraph, PrimaryButton, type SiteInfo } from './layout.js';

export interface PaymentReceiptProps {
  site: SiteInfo;
  organizerName: string;
  teamName: string;
  tournamentName: string;
  /** "$50.00" */
  amount: string;
  /** "USD" */
  currency: string;
  paidAt: string;
  paymentReference: string;
}

export const paymentReceiptSubject = ({ teamName, tournamentName }: PaymentReceiptProps) => `Receipt: ${teamName} in ${tournamentName}`;

export function PaymentReceipt(props: PaymentReceiptProps) {
  const { site, organizerName, teamName, tournamentName, amount, currency, paidAt, paymentReference } = props;
  return (
    <MailLayout site={site} preview={`Your payment of ${amount} for ${tournamentName}`} title="Payment receipt">
      <Paragraph>
        Thank you: the entry fee of <strong>{teamName}</strong> is paid and your place in <strong>{tournamentName}</strong> is confirmed.
      </Paragraph>
      <Facts
        rows={[
          ['Organizer', organizerName],
          ['Tournament', tournamentName],
          ['Team', teamName],
          ['Amount', amount],
          ['Currency', currency],
          ['Date', paidAt],
          ['Payment reference', paymentReference],
        ]}
      />
      <Paragraph>Your team link (in the registration e-mail) shows this receipt at any time.</Paragraph>
      <PrimaryButton href={site.siteUrl}>Visit {site.siteName}</PrimaryButton>
    </MailLayout>
  );
}
