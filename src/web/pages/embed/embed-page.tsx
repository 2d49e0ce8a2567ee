import { useQuery } from '@tanstack/react-query';
import { Trophy } from 'lucide-react';
import { useParams, useSearchParams } from 'react-router';
import { standingLabels, standingsOf } from '../../../shared/bracket/standings';
import { tournamentPath } from '../../../shared/paths';
import type { Bracket } from '../../../shared/schemas/bracket';
import { BracketRounds } from '../../components/bracket/bracket-rounds';
import { TeamAvatar } from '../../components/ui/team-card';
import { usePageMeta } from '../../lib/use-page-meta';
import { bracketQuery, tournamentPageQuery } from '../../queries/public';

function Standings({ bracket, name }: { bracket: Bracket; name: string }) {
  const rows = standingsOf(bracket);
  return (
    <table className="w-full border-collapse text-sm" aria-label={`${name} standings`} data-testid="standings">
      <thead>
        <tr className="text-left text-xs uppercase tracking-wider text-muted">
          <th scope="col" className="px-2 py-2">
            Place
          </th>
          <th scope="col" className="px-2 py-2">
            Team
          </th>
          <th scope="col" className="px-2 py-2">
            Reached
          </th>
          <th scope="col" className="px-2 py-2 text-right">
            Wins
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.teamId} className="border-t border-border">
            <td className="px-2 py-2 font-bold">{row.place ? `${row.place}` : standingLabels[row.status]}</td>
            <td className="px-2 py-2">
              <span className="flex items-center gap-2">
                <TeamAvatar name={row.teamName} logoUrl={row.teamLogoUrl} className="size-6 rounded text-[0.6rem]" />
                <span className="font-semibold">{row.teamName}</span>
                {row.status === 'champion' && <Trophy aria-label="Champion" className="size-4 text-warning" />}
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
 * /embed/tournaments/{slug}/bracket and …/standings: the bracket or the standings alone, for stream
 * overlays and community sites to frame (the only framable pages: server/http/security-headers.ts).
 * No header or footer, a transparent background, `?theme=light` for a light page, live by polling.
 */
export function EmbedPage() {
  const { slug = '', kind } = useParams();
  const [searchParams] = useSearchParams();
  const theme = searchParams.get('theme') === 'light' ? 'light' : 'dark';
  const cup = useQuery(tournamentPageQuery(slug, { poll: true }));
  const bracket = useQuery(bracketQuery(cup.data?.id, { poll: true }));
  const name = cup.data?.name ?? 'Tournament';
  usePageMeta({ title: `${name} ${kind === 'standings' ? 'standings' : 'bracket'}`, description: `The ${kind} of ${name}, live.` });

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
        <span className="text-sm font-semibold text-muted">{kind === 'standings' ? 'Standings' : 'Bracket'}</span>
      </h1>
      {cup.isError ? (
        <p className="text-muted">This tournament could not be found.</p>
      ) : cup.isPending || bracket.isPending ? (
        <p className="text-muted" aria-busy="true">
          Loading…
        </p>
      ) : !bracket.data ? (
        <p className="text-muted">The bracket is not out yet.</p>
      ) : kind === 'standings' ? (
        <Standings bracket={bracket.data} name={name} />
      ) : (
        <BracketRounds bracket={bracket.data} label={`${name} bracket`} matchLinks="new-tab" />
      )}
    </main>
  );
}
