import { serverTranslator } from '../../i18n/server-catalogs.js';
import { Facts, MailLayout, MailTrans, Paragraph, PrimaryButton, type SiteInfo } from './layout.js';

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

export const tournamentCancelledSubject = ({ site, tournamentName }: TournamentCancelledProps) => {
  const t = serverTranslator(site.locale);
  return t('Tournament cancelled: {tournamentName}', { tournamentName });
};

export function TournamentCancelled(props: TournamentCancelledProps) {
  const { site, organizerName, teamName, tournamentName, tournamentDate, reason, refundAmount } = props;
  const t = serverTranslator(site.locale);
  return (
    <MailLayout site={site} preview={t('{tournamentName} will not take place', { tournamentName })} title={t('Tournament cancelled')}>
      <Paragraph>
        <MailTrans
          t={t}
          message="{organizerName} has cancelled <b>{tournamentName}</b> ({tournamentDate}). <b>{teamName}</b> no longer has a place in it."
          values={{ organizerName, tournamentName, tournamentDate, teamName }}
        />
      </Paragraph>
      <Facts
        rows={[
          [t('Tournament'), tournamentName],
          [t('Reason'), reason],
        ]}
      />
      {refundAmount ? (
        <Paragraph>
          <MailTrans
            t={t}
            message="Your entry fee of <b>{refundAmount}</b> is refunded in full; you will get an e-mail when the refund is issued."
            values={{ refundAmount }}
          />
        </Paragraph>
      ) : null}
      <Paragraph>{t('We are sorry, and hope to see your team at the next one.')}</Paragraph>
      <PrimaryButton href={site.siteUrl}>{t('Visit {siteName}', { siteName: site.siteName })}</PrimaryButton>
    </MailLayout>
  );
}
