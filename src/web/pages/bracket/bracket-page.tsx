import { useQuery } from '@tanstack/react-query';
import { RefreshCw, Trophy } from 'lucide-react';
import { pageMeta } from '../../../shared/page-meta';
import { paths } from '../../../shared/paths';
import { bracketTexts } from '../../components/bracket/bracket-texts';
import { BracketIsland } from '../../components/bracket/live-bracket';
import { PageHeader } from '../../components/layout/page-header';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { usePageMeta } from '../../lib/use-page-meta';
import { useT } from '../../i18n/i18n';
import { activeTournamentQuery, bracketQuery } from '../../queries/public';

/** The live tournament's bracket, polled every 5 s like the home page (by its island: src/web/components/bracket/live-bracket.tsx). */
export function BracketPage() {
  usePageMeta(pageMeta[paths.bracket]);
  const t = useT();
  const active = useQuery(activeTournamentQuery({ poll: true }));
  const tournament = active.data ?? null;
  const bracket = useQuery(bracketQuery(tournament?.id));
  const isPending = active.isPending || (!!tournament && bracket.isPending);

  return (
    <>
      <PageHeader eyebrow={tournament?.name ?? t('Tournament')} title={t('Bracket')}>
        <p>
          {t('{format} Results appear here as the organizer enters them; open a match for its maps and veto.', {
            format: bracketTexts.formatSentence(bracket.data?.format, bracket.data?.playoff?.format, t),
          })}
        </p>
      </PageHeader>
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
        {isPending ? (
          <div className="flex gap-4" aria-busy="true" aria-label={t('Loading the bracket')}>
            <Skeleton className="h-64 w-[17rem] rounded-xl" />
            <Skeleton className="h-64 w-[17rem] rounded-xl" />
          </div>
        ) : active.isError || bracket.isError ? (
          <EmptyState
            icon={RefreshCw}
            title={t("We couldn't load the bracket")}
            headingLevel={2}
            actions={<Button onClick={() => void (active.isError ? active.refetch() : bracket.refetch())}>{t('Try again')}</Button>}
          >
            {t('Please check your connection and try again.')}
          </EmptyState>
        ) : !tournament ? (
          <EmptyState icon={Trophy} title={t('No Live Tournament')} headingLevel={2}>
            {t('The bracket appears here on tournament day.')}
          </EmptyState>
        ) : (
          <BracketIsland
            tournamentId={tournament.id}
            bracket={bracket.data ?? null}
            label={bracketTexts.bracketLabel(tournament.name, t)}
            showsChampion
          />
        )}
      </div>
    </>
  );
}
