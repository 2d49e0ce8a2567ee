import { useQuery } from '@tanstack/react-query';
import { RefreshCw, Trophy } from 'lucide-react';
import { firstPlaceChampions } from '../../../shared/public-display';
import { PageHeader } from '../../components/layout/page-header';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { paths } from '../../../shared/paths';
import { pageMeta } from '../../../shared/page-meta';
import { usePageMeta } from '../../lib/use-page-meta';
import { useT } from '../../i18n/i18n';
import { championsQuery } from '../../queries/public';
import { ChampionCard } from './champion-card';

export function HallOfFamePage() {
  usePageMeta(pageMeta[paths.hallOfFame]);
  const t = useT();
  const champions = useQuery(championsQuery());
  const winners = champions.data ? firstPlaceChampions(champions.data) : [];

  return (
    <>
      <PageHeader eyebrow={t('Champions')} title={t('Hall of Fame')}>
        <p>{t('The teams that went all the way. Every tournament winner, their roster, their prize and the plays that got them there.')}</p>
      </PageHeader>
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-14">
        {champions.isPending ? (
          <div className="grid gap-6 lg:grid-cols-2" aria-busy="true" aria-label={t('Loading champions')}>
            <Skeleton className="h-72 rounded-2xl" />
            <Skeleton className="h-72 rounded-2xl" />
          </div>
        ) : champions.isError ? (
          <EmptyState
            icon={RefreshCw}
            title={t("We couldn't load the champions")}
            headingLevel={2}
            actions={<Button onClick={() => void champions.refetch()}>{t('Try again')}</Button>}
          >
            {t('Please check your connection and try again.')}
          </EmptyState>
        ) : winners.length === 0 ? (
          <EmptyState icon={Trophy} title={t('No Champions Yet')} headingLevel={2}>
            {t('Be the first team to claim the championship!')}
          </EmptyState>
        ) : (
          <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-2">
            {winners.map((champion) => (
              <ChampionCard key={champion.id} champion={champion} />
            ))}
          </div>
        )}
      </div>
    </>
  );
}
