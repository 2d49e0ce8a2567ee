import { useQuery } from '@tanstack/react-query';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import { useContext } from 'react';
import { paths } from '../../../shared/paths';
import { latestChampion } from '../../../shared/public-display';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { pageMeta } from '../../../shared/page-meta';
import { useT } from '../../i18n/i18n';
import { RenderTimeContext } from '../../lib/use-now';
import { usePageMeta } from '../../lib/use-page-meta';
import { useSite } from '../../lib/use-site';
import { activeTournamentQuery, capacityQuery, championsQuery, openTournamentsQuery, teamsQuery } from '../../queries/public';
import { HomeLive } from './home-live';
import { PreviousChampion } from './previous-champion';

function HeroSkeleton() {
  const t = useT();
  return (
    <div className="hero-backdrop relative border-b border-border" aria-busy="true" aria-label={t('Loading tournament')}>
      <div className="relative mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:py-20 lg:grid-cols-[1.25fr_1fr]">
        <div className="grid content-start gap-5">
          <Skeleton className="h-6 w-40" />
          <Skeleton className="h-14 w-4/5" />
          <Skeleton className="h-5 w-3/5" />
          <Skeleton className="h-12 w-64" />
        </div>
        <Skeleton className="h-44 rounded-2xl" />
      </div>
    </div>
  );
}

/**
 * The home page: its live part (the featured tournament and the other open cups) is an island that
 * polls its reads itself, started from what the page read here; the previous champion is static.
 */
export function HomePage() {
  const t = useT();
  const active = useQuery(activeTournamentQuery());
  // Like the server's first HTML: the live tournament's name is the home page's title.
  usePageMeta({ ...pageMeta[paths.home], ...(active.data ? { title: active.data.name } : {}) });
  const site = useSite();
  const renderedAt = useContext(RenderTimeContext);
  const teams = useQuery(teamsQuery(active.data?.id));
  const capacity = useQuery(capacityQuery(active.data?.id));
  const champions = useQuery(championsQuery());
  const openCups = useQuery(openTournamentsQuery());
  // The island starts from these reads, so it waits for them (the server has them all).
  const isReading = active.isPending || openCups.isPending || (!!active.data && (teams.isPending || capacity.isPending));

  return (
    <>
      {isReading ? (
        <HeroSkeleton />
      ) : active.isError ? (
        <div className="mx-auto max-w-7xl px-4 pt-10 sm:px-6">
          <EmptyState
            icon={RefreshCw}
            title={t("We couldn't load the tournament")}
            headingLevel={2}
            actions={<Button onClick={() => void active.refetch()}>{t('Try again')}</Button>}
          >
            {t('Please check your connection and try again.')}
          </EmptyState>
        </div>
      ) : (
        <HomeLive
          active={active.data ?? null}
          teams={teams.data ?? null}
          capacity={capacity.data ?? null}
          openCups={openCups.data ?? []}
          game={site?.game ?? null}
          discordInviteUrl={site?.discordInviteUrl ?? null}
          renderedAt={renderedAt}
        />
      )}
      <div className="mx-auto max-w-7xl px-4 pt-4 sm:px-6">
        <PreviousChampion champion={champions.data ? latestChampion(champions.data) : null} isLoading={champions.isPending} />
      </div>
    </>
  );
}
