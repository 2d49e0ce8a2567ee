import { useQuery } from '@tanstack/react-query';
import { GitBranch, RefreshCw, Trophy } from 'lucide-react';
import { pageMeta } from '../../../shared/page-meta';
import { paths } from '../../../shared/paths';
import type { Bracket } from '../../../shared/schemas/bracket';
import { bracketTexts } from '../../components/bracket/bracket-texts';
import { BracketView } from '../../components/bracket/bracket-view';
import { PageHeader } from '../../components/layout/page-header';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { usePageMeta } from '../../lib/use-page-meta';
import { activeTournamentQuery, bracketQuery } from '../../queries/public';

/** The live tournament's bracket, polled every 5 s like the home page. */
export function BracketPage() {
  usePageMeta(pageMeta[paths.bracket]);
  const active = useQuery(activeTournamentQuery({ poll: true }));
  const tournament = active.data ?? null;
  const bracket = useQuery(bracketQuery(tournament?.id, { poll: true }));
  const isPending = active.isPending || (!!tournament && bracket.isPending);

  return (
    <>
      <PageHeader eyebrow={tournament?.name ?? 'Tournament'} title="Bracket">
        <p>{`${bracketTexts.formatSentence(bracket.data?.format, bracket.data?.playoff?.format)} Results appear here as the organizer enters them; open a match for its maps and veto.`}</p>
      </PageHeader>
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
        {isPending ? (
          <div className="flex gap-4" aria-busy="true" aria-label="Loading the bracket">
            <Skeleton className="h-64 w-[17rem] rounded-xl" />
            <Skeleton className="h-64 w-[17rem] rounded-xl" />
          </div>
        ) : active.isError || bracket.isError ? (
          <EmptyState
            icon={RefreshCw}
            title="We couldn't load the bracket"
            headingLevel={2}
            actions={<Button onClick={() => void (active.isError ? active.refetch() : bracket.refetch())}>Try again</Button>}
          >
            Please check your connection and try again.
          </EmptyState>
        ) : !tournament ? (
          <EmptyState icon={Trophy} title="No Live Tournament" headingLevel={2}>
            The bracket appears here on tournament day.
          </EmptyState>
        ) : !bracket.data ? (
          <EmptyState icon={GitBranch} title="The Bracket Isn't Out Yet" headingLevel={2}>
            It appears here once check-in closes and the organizer publishes it.
          </EmptyState>
        ) : (
          <>
            <ChampionBanner bracket={bracket.data} />
            <BracketView bracket={bracket.data} label={bracketTexts.bracketLabel(tournament.name)} />
          </>
        )}
      </div>
    </>
  );
}

/** Whoever won the last stage (the final, the grand final, the top of the standings), named from the matches they played. */
function ChampionBanner({ bracket }: { bracket: Bracket }) {
  const championId = bracket.championTeamId;
  if (!championId) return null;
  const matches = [...bracket.rounds.flatMap((round) => round.matches), ...(bracket.thirdPlace ? [bracket.thirdPlace] : [])];
  const played = matches.find((match) => match.team1Id === championId || match.team2Id === championId);
  const name = played ? (played.team1Id === championId ? played.team1Name : played.team2Name) : null;
  if (!name) return null;
  return (
    <p role="status" className="mb-6 flex items-center gap-2 rounded-xl border border-accent/50 bg-accent/10 px-4 py-3 font-bold">
      <Trophy aria-hidden className="size-5 text-accent" />
      {bracketTexts.champion(name)}
    </p>
  );
}
