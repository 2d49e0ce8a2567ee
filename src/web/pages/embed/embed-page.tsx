import { useQuery } from '@tanstack/react-query';
import { Trophy } from 'lucide-react';
import { useParams, useSearchParams } from 'react-router';
import { standingLabels, standingsOf } from '../../../shared/bracket/standings';
import { tournamentPath } from '../../../shared/paths';
import type { Bracket } from '../../../shared/schemas/bracket';
import { BracketView } from '../../components/bracket/bracket-view';
import { StandingsTable } from '../../components/bracket/standings-table';
import { TeamAvatar } from '../../components/ui/team-card';
import { useT } from '../../i18n/i18n';
import { usePageMeta } from '../../lib/use-page-meta';
import { bracketQuery, tournamentPageQuery } from '../../queries/public';

function Standings({ bracket, name }: { bracket: Bracket; name: string }) {
  const t = useT();
  const rows = standingsOf(bracket);
  return (
    <table className="w-full border-collapse text-sm" aria-label={t('{name} standings', { name })} data-testid="standings">
      <thead>
        <tr className="text-left text-xs uppercase tracking-wider text-muted">
          <th scope="col" className="px-2 py-2">
            {t('Place')}
          </th>
          <th scope="col" className="px-2 py-2">
            {t('Team')}
          </th>
          <th scope="col" className="px-2 py-2">
            {t('Reached')}
          </th>
          <th scope="col" className="px-2 py-2 text-right">
            {t('Wins')}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.teamId} className="border-t border-border">
            <td className="px-2 py-2 font-bold">{row.place ? `${row.place}` : t(standingLabels[row.status])}</td>
            <td className="px-2 py-2">
              <span className="flex items-center gap-2">
                <TeamAvatar name={row.teamName} logoUrl={row.teamLogoUrl} className="size-6 rounded text-[0.6rem]" />
                <span className="font-semibold">{row.teamName}</span>
                {row.status === 'champion' && <Trophy aria-label={t('Champion')} className="size-4 text-warning" />}
              </span>
            </td>
            <td className="px-2 py-2 text-muted">{row.reached}</td>
            <td className="px-2 py-2 text-right">{row.wins}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The standings of the other formats: the first stage's tables (each group's, or the Swiss
 * standings) with their tiebreak columns; a double elimination, which has no table, says who
 * placed once the grand final is decided.
 */
function StageStandings({ bracket, name }: { bracket: Bracket; name: string }) {
  const t = useT();
  const stage = bracket.stages![0];
  if (stage.groups) {
    return (
      <div className="grid gap-4" data-testid="standings">
        {stage.groups.map((group) => (
          <StandingsTable key={group.name} rows={group.standings} caption={t('{name} standings', { name: group.name })} kind="group" />
        ))}
      </div>
    );
  }
  if (stage.standings) {
    return (
      <div data-testid="standings">
        <StandingsTable rows={stage.standings} caption={t('{name} standings', { name })} kind="swiss" />
      </div>
    );
  }
  const teamName = (id: string) =>
    bracket.rounds
      .flatMap((round) => round.matches)
      .flatMap((m) => [m.team1Id === id ? m.team1Name : null, m.team2Id === id ? m.team2Name : null])
      .find((found) => found) ?? '';
  const placed = bracket.placements ? [bracket.placements.first, bracket.placements.second, ...bracket.placements.third] : [];
  return placed.length ? (
    <ol className="grid gap-1 text-sm" aria-label={t('{name} standings', { name })} data-testid="standings">
      {placed.map((id, index) => (
        <li key={id} className="flex gap-2">
          <span className="font-bold">{Math.min(index + 1, 3)}</span>
          <span className="font-semibold">{teamName(id)}</span>
        </li>
      ))}
    </ol>
  ) : (
    <p className="text-muted">{t('The standings appear once the grand final is decided.')}</p>
  );
}

/**
 * /embed/tournaments/{slug}/bracket and …/standings: the bracket or the standings alone, for stream
 * overlays and community sites to frame (the only framable pages: server/http/security-headers.ts).
 * No header or footer, a transparent background, `?theme=light` for a light page, live by polling.
 */
export function EmbedPage() {
  const t = useT();
  const { slug = '', kind } = useParams();
  const [searchParams] = useSearchParams();
  const theme = searchParams.get('theme') === 'light' ? 'light' : 'dark';
  const cup = useQuery(tournamentPageQuery(slug, { poll: true }));
  const bracket = useQuery(bracketQuery(cup.data?.id, { poll: true }));
  const name = cup.data?.name ?? t('Tournament');
  usePageMeta(
    kind === 'standings'
      ? { title: t('{name} standings', { name }), description: t('The standings of {name}, live.', { name }) }
      : { title: t('{name} bracket', { name }), description: t('The bracket of {name}, live.', { name }) },
  );

  return (
    <main data-embed={theme} className="min-h-screen p-3 text-foreground">
      <h1 className="mb-3 flex flex-wrap items-baseline gap-x-2 text-base font-extrabold">
        {cup.data ? (
          // Opens the cup's page on this site, outside the frame.
          <a href={tournamentPath(cup.data.slug)} target="_blank" rel="noopener noreferrer" className="hover:underline">
            {name}
          </a>
        ) : (
          name
        )}
        <span className="text-sm font-semibold text-muted">{kind === 'standings' ? t('Standings') : t('Bracket')}</span>
      </h1>
      {cup.isError ? (
        <p className="text-muted">{t('This tournament could not be found.')}</p>
      ) : cup.isPending || bracket.isPending ? (
        <p className="text-muted" aria-busy="true">
          {t('Loading…')}
        </p>
      ) : !bracket.data ? (
        <p className="text-muted">{t('The bracket is not out yet.')}</p>
      ) : kind === 'standings' ? (
        bracket.data.stages ? (
          <StageStandings bracket={bracket.data} name={name} />
        ) : (
          <Standings bracket={bracket.data} name={name} />
        )
      ) : (
        <BracketView bracket={bracket.data} label={t('{name} bracket', { name })} matchLinks="new-tab" />
      )}
    </main>
  );
}
