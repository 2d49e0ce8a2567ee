import { serverTranslator } from '../../i18n/server-catalogs.js';
import { Facts, MailLayout, MailTrans, Paragraph, type SiteInfo } from './layout.js';

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

export const waitlistOfferSubject = ({ site, tournamentName }: WaitlistOfferProps) => {
  const t = serverTranslator(site.locale);
  return t('A spot is yours to claim in {tournamentName}', { tournamentName });
};

export function WaitlistOffer(props: WaitlistOfferProps) {
  const { site, teamName, tournamentName, tournamentDate, offerExpiresAt, entryFee } = props;
  const t = serverTranslator(site.locale);
  return (
    <MailLayout
      site={site}
      preview={t('Claim your spot in {tournamentName} before {offerExpiresAt}', { tournamentName, offerExpiresAt })}
      title={t('A spot freed up for your team')}
    >
      <Paragraph>
        <MailTrans
          t={t}
          message="A spot in <b>{tournamentName}</b> ({tournamentDate}) is kept for <b>{teamName}</b> until <b>{offerExpiresAt}</b>."
          values={{ tournamentName, tournamentDate, teamName, offerExpiresAt }}
        />
      </Paragraph>
      <Paragraph>
        {entryFee
          ? t(
              'Open your private team link (from the e-mail we sent when you joined the waitlist) and choose Claim your spot, then pay the entry fee of {entryFee}. If you do not claim it in time, the spot passes to the next team on the waitlist.',
              { entryFee },
            )
          : t(
              'Open your private team link (from the e-mail we sent when you joined the waitlist) and choose Claim your spot. If you do not claim it in time, the spot passes to the next team on the waitlist.',
            )}
      </Paragraph>
      <Facts
        rows={[
          [t('Team'), teamName],
          [t('Tournament'), tournamentName],
          [t('Claim before'), offerExpiresAt],
          ...(entryFee ? [[t('Entry fee'), entryFee] as [string, string]] : []),
        ]}
      />
    </MailLayout>
  );
}
