import { Link } from 'react-email';
import { serverTranslator } from '../../i18n/server-catalogs.js';
import { Facts, MailLayout, MailTrans, Paragraph, PrimaryButton, type SiteInfo } from './layout.js';

export interface RegistrationReceivedProps {
  site: SiteInfo;
  teamName: string;
  tournamentName: string;
  tournamentDate: string;
  /** The entry fee to pay, or null for a free tournament (the place is confirmed at once). */
  entryFee: string | null;
  /** When the unpaid spot is given up; null when nothing is to pay. */
  holdExpiresAt: string | null;
  /** The private team link, with its key: the only copy the captain gets besides the registering browser. */
  teamUrl: string;
}

export const registrationReceivedSubject = ({ site, teamName, tournamentName }: RegistrationReceivedProps) => {
  const t = serverTranslator(site.locale);
  return t('Registration received: {teamName} in {tournamentName}', { teamName, tournamentName });
};

export function RegistrationReceived(props: RegistrationReceivedProps) {
  const { site, teamName, tournamentName, tournamentDate, entryFee, holdExpiresAt, teamUrl } = props;
  const t = serverTranslator(site.locale);
  return (
    <MailLayout site={site} preview={t('{teamName} is registered for {tournamentName}', { teamName, tournamentName })} title={t('Registration received')}>
      <Paragraph>
        <MailTrans
          t={t}
          message="We have received the registration of <b>{teamName}</b> for <b>{tournamentName}</b> ({tournamentDate})."
          values={{ teamName, tournamentName, tournamentDate }}
        />
      </Paragraph>
      {entryFee && holdExpiresAt ? (
        <Paragraph>
          <MailTrans
            t={t}
            message="Your spot is held until <b>{holdExpiresAt}</b>. Pay the entry fee of {entryFee} before then to confirm it; after that the spot is given back."
            values={{ holdExpiresAt, entryFee }}
          />
        </Paragraph>
      ) : (
        <Paragraph>{t('Your place is confirmed: this tournament has no entry fee.')}</Paragraph>
      )}
      <Facts
        rows={[
          [t('Team'), teamName],
          [t('Tournament'), tournamentName],
          [t('Date'), tournamentDate],
          ...(holdExpiresAt ? [[t('Spot held until'), holdExpiresAt] as [string, string]] : []),
        ]}
      />
      <Paragraph>
        {t(
          "Your private team link shows your team's status and receipt, lets you finish the payment, change your roster and withdraw. Keep it to yourself: whoever has it can manage the team.",
        )}
      </Paragraph>
      <PrimaryButton href={teamUrl}>{t('Manage your team')}</PrimaryButton>
      <Paragraph>
        {t('Or open this link:')} <Link href={teamUrl}>{teamUrl}</Link>
      </Paragraph>
    </MailLayout>
  );
}
