import { serverTranslator } from '../../i18n/server-catalogs.js';
import { MailLayout, MailTrans, Facts, Paragraph, PrimaryButton, type SiteInfo } from './layout.js';

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

export const paymentReceiptSubject = ({ site, teamName, tournamentName }: PaymentReceiptProps) => {
  const t = serverTranslator(site.locale);
  return t('Receipt: {teamName} in {tournamentName}', { teamName, tournamentName });
};

export function PaymentReceipt(props: PaymentReceiptProps) {
  const { site, organizerName, teamName, tournamentName, amount, currency, paidAt, paymentReference } = props;
  const t = serverTranslator(site.locale);
  return (
    <MailLayout site={site} preview={t('Your payment of {amount} for {tournamentName}', { amount, tournamentName })} title={t('Payment receipt')}>
      <Paragraph>
        <MailTrans
          t={t}
          message="Thank you: the entry fee of <b>{teamName}</b> is paid and your place in <b>{tournamentName}</b> is confirmed."
          values={{ teamName, tournamentName }}
        />
      </Paragraph>
      <Facts
        rows={[
          [t('Organizer'), organizerName],
          [t('Tournament'), tournamentName],
          [t('Team'), teamName],
          [t('Amount'), amount],
          [t('Currency'), currency],
          [t('Date'), paidAt],
          [t('Payment reference'), paymentReference],
        ]}
      />
      <Paragraph>{t('Your team link (in the registration e-mail) shows this receipt at any time.')}</Paragraph>
      <PrimaryButton href={site.siteUrl}>{t('Visit {siteName}', { siteName: site.siteName })}</PrimaryButton>
    </MailLayout>
  );
}
