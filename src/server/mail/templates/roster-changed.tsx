import { Facts, MailLayout, Paragraph, type SiteInfo } from './layout.js';

export interface RosterChangedProps {
  site: SiteInfo;
  teamName: string;
  tournamentName: string;
  changedAt: string;
  /** "the captain, with the team link" or "the organizer". */
  changedBy: string;
  players: string[];
  substitutes: string[];
  previousPlayers: string[];
  previousSubstitutes: string[];
}

export const rosterChangedSubject = ({ teamName }: RosterChangedProps) => `Roster changed: ${teamName}`;

const listed = (ids: string[]) => (ids.length ? ids.join(', ') : 'none');

export function RosterChanged(props: RosterChangedProps) {
  const { site, teamName, tournamentName, changedAt, changedBy, players, substitutes, previousPlayers, previousSubstitutes } = props;
  return (
    <MailLayout site={site} preview={`The roster of ${teamName} changed`} title="Roster changed">
      <Paragraph>
        The roster of <strong>{teamName}</strong> for {tournamentName} was changed by {changedBy} on {changedAt}.
      </Paragraph>
      <Facts
        rows={[
          ['Players', listed(players)],
          ['Substitutes', listed(substitutes)],
          ['Players before', listed(previousPlayers)],
          ['Substitutes before', listed(previousSubstitutes)],
        ]}
      />
      <Paragraph>If you did not make this change, write to {site.supportEmail} at once.</Paragraph>
    </MailLayout>
  );
}
