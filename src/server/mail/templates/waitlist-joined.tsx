import { Link } from 'react-email';
import { Facts, MailLayout, Paragraph, PrimaryButton, type SiteInfo } from './layout.js';

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

export const waitlistJoinedSubject = ({ teamName, tournamentName }: WaitlistJoinedProps) => `On the waitlist: ${teamName} in ${tournamentName}`;

export function WaitlistJoined(props: WaitlistJoinedProps) {
  const { site, teamName, tournamentName, tournamentDate, position, teamUrl } = props;
  return (
    <MailLayout site={site} preview={`${teamName} is on the waitlist for ${tournamentName}`} title="You are on the waitlist">
      <Paragraph>
        <strong>{teamName}</strong> is on the waitlist for <strong>{tournamentName}</strong> ({tournamentDate}). Nothing is to pay now.
      </Paragraph>
      <Paragraph>
        When a spot frees, the first team on the waitlist is offered it by e-mail and on its team page, with a few hours to claim it and pay the entry fee. An
        offer not claimed in time passes to the next team.
      </Paragraph>
      <Facts
        rows={[
          ['Team', teamName],
          ['Tournament', tournamentName],
          ['Place on the waitlist', String(position)],
        ]}
      />
      <Paragraph>Your private team link shows your place and any offer. Keep it to yourself: whoever has it can manage the team.</Paragraph>
      <PrimaryButton href={teamUrl}>Follow your place</PrimaryButton>
      <Paragraph>
        Or open this link: <Link href={teamUrl}>{teamUrl}</Link>
      </Paragraph>
    </MailLayout>
  );
}
