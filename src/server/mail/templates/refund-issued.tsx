import { serverTranslator } from '../../i18n/server-catalogs.js';
import { Facts, MailLayout, MailTrans, Paragraph, type SiteInfo } from './layout.js';

export interface RefundIssuedProps {
  site: SiteInfo;
  teamName: string;
  tournamentName: string;
  /** "$25.00" */
  amount: string;
  currency: string;
  /** Why the money goes back, in the captain's words (the refund's kind), in the captain's language. */
  cause: string;
  issuedAt: string;
  paymentReference: string;
}

export const refundIssuedSubject = ({ site, amount, teamName }: RefundIssuedProps) => {
  const t = serverTranslator(site.locale);
  return t('Refund issued: {amount} for {teamName}', { amount, teamName });
};

export function RefundIssued(props: RefundIssuedProps) {
  const { site, teamName, tournamentName, amount, currency, cause, issuedAt, paymentReference } = props;
  const t = serverTranslator(site.locale);
  return (
    <MailLayout site={site} preview={t('{amount} is on its way back to you', { amount })} title={t('Refund issued')}>
      <Paragraph>
        <MailTrans
          t={t}
          message="We have refunded <b>{amount}</b> of the entry fee of <b>{teamName}</b> for {tournamentName}."
          values={{ amount, teamName, tournamentName }}
        />{' '}
        {cause}
      </Paragraph>
      <Facts
        rows={[
          [t('Amount'), amount],
          [t('Currency'), currency],
          [t('Date'), issuedAt],
          [t('Payment reference'), paymentReference],
        ]}
      />
      <Paragraph>{t('It goes back to the card you paid with; your bank may take 5 to 10 business days to show it.')}</Paragraph>
    </MailLayout>
  );
}
