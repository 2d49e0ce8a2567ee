import { serverTranslator } from '../../i18n/server-catalogs.js';
import { Facts, MailLayout, Paragraph, type SiteInfo } from './layout.js';

/** What a captain is told about the team's match: the opponent reported, staff ruled, a forfeit was decided. */
export interface MatchNewsProps {
  site: SiteInfo;
  teamName: string;
  tournamentName: string;
  /** "Semi-finals, Match 2". */
  matchLabel: string;
  /** The subject, title, paragraphs and facts' labels come translated (captain-mail.ts writes them in the captain's language). */
  subject: string;
  title: string;
  paragraphs: string[];
  facts: [label: string, value: string][];
}

export const matchNewsSubject = ({ subject }: MatchNewsProps) => subject;

export function MatchNews(props: MatchNewsProps) {
  const { site, title, paragraphs, facts, matchLabel, tournamentName, teamName } = props;
  const t = serverTranslator(site.locale);
  return (
    <MailLayout site={site} preview={paragraphs[0] ?? title} title={title}>
      {paragraphs.map((paragraph) => (
        <Paragraph key={paragraph}>{paragraph}</Paragraph>
      ))}
      <Facts
        rows={[
          [t('Team'), teamName],
          [t('Tournament'), tournamentName],
          [t('Match'), matchLabel],
          ...facts,
        ]}
      />
    </MailLayout>
  );
}
