import { Link } from 'react-email';
import { serverTranslator } from '../../i18n/server-catalogs.js';
import { Facts, MailLayout, MailTrans, Paragraph, PrimaryButton, type SiteInfo } from './layout.js';

export interface WaitlistJoinedProps {
  site: SiteInfo;
  teamName: string;
  tournamentName: string;
  tournamentDate: string;
  /** 1 = the next team to be offered a spot. */
  position: number;
  /** The private team link, with its key: where the captain follows the place and claims an offer. */
  teamUrl: string;
}

export const waitlistJoinedSubject = ({ site, teamName, tournamentName }: WaitlistJoinedProps) => {
  const t = serverTranslator(site.locale);
  return t('On the waitlist: {teamName} in {tournamentName}', { teamName, tournamentName });
};

export function WaitlistJoined(props: WaitlistJoinedProps) {
  const { site, teamName, tournamentName, tournamentDate, position, teamUrl } = props;
  const t = serverTranslator(site.locale);
  return (
    <MailLayout site={site} preview={t('{teamName} is on the waitlist for {tournamentName}', { teamName, tournamentName })} title={t('You are on the waitlist')}>
      <Paragraph>
        <MailTrans
          t={t}
          message="<b>{teamName}</b> is on the waitlist for <b>{tournamentName}</b> ({tournamentDate}). Nothing is to pay now."
          values={{ teamName, tournamentName, tournamentDate }}
        />
      </Paragraph>
      <Paragraph>
        {t(
          'When a spot frees, the first team on the waitlist is offered it by e-mail and on its team page, with a few hours to claim it and pay the entry fee. An offer not claimed in time passes to the next team.',
        )}
      </Paragraph>
      <Facts
        rows={[
          [t('Team'), teamName],
          [t('Tournament'), tournamentName],
          [t('Place on the waitlist'), String(position)],
        ]}
      />
      <Paragraph>{t('Your private team link shows your place and any offer. Keep it to yourself: whoever has it can manage the team.')}</Paragraph>
      <PrimaryButton href={teamUrl}>{t('Follow your place')}</PrimaryButton>
      <Paragraph>
        {t('Or open this link:')} <Link href={teamUrl}>{teamUrl}</Link>
      </Paragraph>
    </MailLayout>
  );
}
