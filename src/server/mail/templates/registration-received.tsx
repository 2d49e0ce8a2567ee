import { Link } from 'react-email';
import { Facts, MailLayout, Paragraph, PrimaryButton, type SiteInfo } from './layout.js';

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

export const registrationReceivedSubject = ({ teamName, tournamentName }: RegistrationReceivedProps) => `Registration received: ${teamName} in ${tournamentName}`;

export function RegistrationReceived(props: RegistrationReceivedProps) {
  const { site, teamName, tournamentName, tournamentDate, entryFee, holdExpiresAt, teamUrl } = props;
  return (
    <MailLayout site={site} preview={`${teamName} is registered for ${tournamentName}`} title="Registration received">
      <Paragraph>
        We have received the registration of <strong>{teamName}</strong> for <strong>{tournamentName}</strong> ({tournamentDate}).
      </Paragraph>
      {entryFee && holdExpiresAt ? (
        <Paragraph>
          Your spot is held until <strong>{holdExpiresAt}</strong>. Pay the entry fee of {entryFee} before then to confirm it; after that the spot is
          given back.
        </Paragraph>
      ) : (
        <Paragraph>Your place is confirmed: this tournament has no entry fee.</Paragraph>
      )}
      <Facts rows={[['Team', teamName], ['Tournament', tournamentName], ['Date', tournamentDate], ...(holdExpiresAt ? [['Spot held until', holdExpiresAt] as [string, string]] : [])]} />
      <Paragraph>
        Your private team link shows your team&apos;s status and receipt, lets you finish the payment, change your roster and withdraw. Keep it to
        yourself: whoever has it can manage the team.
      </Paragraph>
      <PrimaryButton href={teamUrl}>Manage your team</PrimaryButton>
      <Paragraph>
        Or open this link: <Link href={teamUrl}>{teamUrl}</Link>
      </Paragraph>
    </MailLayout>
  );
}
