import ArrowLeft from 'lucide-react/icons/arrow-left';
import CalendarClock from 'lucide-react/icons/calendar-clock';
import UsersRound from 'lucide-react/icons/users-round';
import { paths } from '../../../shared/paths';
import type { Team } from '../../../shared/schemas/team';
import { NavAnchor } from '../../components/layout/nav-anchor';
import { PageHeader } from '../../components/layout/page-header';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { TeamCard } from '../../components/ui/team-card';
import { Island } from '../../islands/island';
import { islandApiPaths } from '../../../shared/api/island-paths';
import { usePolled } from '../../islands/use-polled';
import { useT } from '../../i18n/i18n';

export interface TeamsListProps {
  /** The active tournament, as far as this page needs it; null between seasons. */
  tournament: { id: string; name: string; registrationOpen: boolean } | null;
  teams: Team[];
}

/** /teams as an island: the active tournament's teams, their count and cards read again every few seconds. */
export function TeamsList({ tournament, ...props }: TeamsListProps) {
  const t = useT();
  const teams = usePolled(tournament ? islandApiPaths.teams(tournament.id) : null, props.teams);
  return (
    <>
      <PageHeader eyebrow={tournament?.name ?? t('Tournament')} title={t('Registered Teams')}>
        {tournament && (
          <p>
            {t(
              '{count, plural, one {# team} other {# teams}} registered. Payment is confirmed once the entry fee has gone through; pending teams hold their spot while they pay.',
              { count: teams.length },
            )}
          </p>
        )}
      </PageHeader>
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
        <Button asChild variant="ghost" className="mb-6 -ml-3">
          <NavAnchor to={paths.home}>
            <ArrowLeft aria-hidden />
            {t('Back to tournament')}
          </NavAnchor>
        </Button>
        {!tournament ? (
          <EmptyState icon={CalendarClock} title={t('No Active Tournament')} headingLevel={2}>
            {t('Check back soon for the next tournament announcement!')}
          </EmptyState>
        ) : teams.length === 0 ? (
          <EmptyState
            icon={UsersRound}
            title={t('No Teams Registered Yet')}
            headingLevel={2}
            actions={
              tournament.registrationOpen ? (
                <Button asChild>
                  <NavAnchor to={paths.register}>{t('Register Now')}</NavAnchor>
                </Button>
              ) : undefined
            }
          >
            {tournament.registrationOpen ? t('Be the first team to register for this tournament!') : t('Join our Discord community to hear about upcoming tournaments.')}
          </EmptyState>
        ) : (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {teams.map((team) => (
              <TeamCard key={team.id} team={team} showPaymentStatus headingLevel={2} />
            ))}
          </div>
        )}
      </div>
    </>
  );
}

export function TeamsListIsland(props: TeamsListProps) {
  return (
    <Island name="teams-list" props={props}>
      <TeamsList {...props} />
    </Island>
  );
}
