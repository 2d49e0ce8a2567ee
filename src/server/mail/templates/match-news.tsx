import { Facts, MailLayout, Paragraph, type SiteInfo } from './layout.js';

/** What a captain is told about the team's match: the opponent reported, staff ruled, a forfeit was decided. */
export interface MatchNewsProps {
  site: SiteInfo;
  teamName: string;
  tournamentName: string;
  /** "Semi-finals, Match 2". */
  matchLabel: string;
  subject: string;
  title: string;
  paragraphs: string[];
  facts: [label: string, value: string][];
}

export const matchNewsSubject = ({ subject }: MatchNewsProps) => subject;

export function MatchNews(props: MatchNewsProps) {
  const { site, title, paragraphs, facts, matchLabel, tournamentName, teamName } = props;
  return (
    <MailLayout site={site} preview={paragraphs[0] ?? title} title={title}>
      {paragraphs.map((paragraph) => (
        <Paragraph key={paragraph}>{paragraph}</Paragraph>
      ))}
      <Facts rows={[['Team', teamName], ['Tournament', tournamentName], ['Match', matchLabel], ...facts]} />
    </MailLayout>
  );
}
