import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '../../components/layout/page-header';
import { Skeleton } from '../../components/ui/skeleton';
import { pageMeta } from '../../../shared/page-meta';
import { paths } from '../../../shared/paths';
import { usePageMeta } from '../../lib/use-page-meta';
import { useT } from '../../i18n/i18n';
import { activeTournamentQuery, teamsQuery } from '../../queries/public';
import { TeamsListIsland } from './teams-list';

/** Every team registered for the active tournament ('View All Teams' on the home page); the list is an island that polls it. */
export function TeamsPage() {
  usePageMeta(pageMeta[paths.teams]);
  const t = useT();
  const active = useQuery(activeTournamentQuery());
  const tournament = active.data;
  const teams = useQuery(teamsQuery(tournament?.id));

  if (active.isPending || (tournament && teams.isPending)) {
    return (
      <>
        <PageHeader eyebrow={tournament?.name ?? t('Tournament')} title={t('Registered Teams')} />
        <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label={t('Loading teams')}>
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="h-40 rounded-xl" />
            ))}
          </div>
        </div>
      </>
    );
  }
  return (
    <TeamsListIsland
      tournament={tournament ? { id: tournament.id, name: tournament.name, registrationOpen: tournament.registrationOpen } : null}
      teams={teams.data ?? []}
    />
  );
}
