import type { Translate } from '../../../shared/i18n/translator.js';
import { serverTranslator } from '../../i18n/server-catalogs.js';
import { Facts, MailLayout, MailTrans, Paragraph, type SiteInfo } from './layout.js';

export interface RosterChangedProps {
  site: SiteInfo;
  teamName: string;
  tournamentName: string;
  changedAt: string;
  /** Who changed it: the captain (with the team link) or the organizer. */
  changedBy: 'captain' | 'organizer';
  players: string[];
  substitutes: string[];
  previousPlayers: string[];
  previousSubstitutes: string[];
}

export const rosterChangedSubject = ({ site, teamName }: RosterChangedProps) => {
  const t = serverTranslator(site.locale);
  return t('Roster changed: {teamName}', { teamName });
};

const listed = (ids: string[], t: Translate) => (ids.length ? ids.join(', ') : t('none'));

export function RosterChanged(props: RosterChangedProps) {
  const { site, teamName, tournamentName, changedAt, changedBy, players, substitutes, previousPlayers, previousSubstitutes } = props;
  const t = serverTranslator(site.locale);
  return (
    <MailLayout site={site} preview={t('The roster of {teamName} changed', { teamName })} title={t('Roster changed')}>
      <Paragraph>
        <MailTrans
          t={t}
          message="The roster of <b>{teamName}</b> for {tournamentName} was changed by {changedBy, select, captain {the captain, with the team link} other {the organizer}} on {changedAt}."
          values={{ teamName, tournamentName, changedBy, changedAt }}
        />
      </Paragraph>
      <Facts
        rows={[
          [t('Players'), listed(players, t)],
          [t('Substitutes'), listed(substitutes, t)],
          [t('Players before'), listed(previousPlayers, t)],
          [t('Substitutes before'), listed(previousSubstitutes, t)],
        ]}
      />
      <Paragraph>{t('If you did not make this change, write to {supportEmail} at once.', { supportEmail: site.supportEmail })}</Paragraph>
    </MailLayout>
  );
}
