import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, CalendarClock, UsersRound } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { PageHeader } from '../../components/layout/page-header';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { TeamCard } from '../../components/ui/team-card';
import { pageMeta } from '../../../shared/page-meta';
import { usePageMeta } from '../../lib/use-page-meta';
import { activeTournamentQuery, teamsQuery } from '../../queries/public';

/** Every team registered for the active tournament ('View All Teams' on the home page). */
export function TeamsPage() {
  usePageMeta(pageMeta[paths.teams]);
  const active = useQuery(activeTournamentQuery({ poll: true }));
  const tournament = active.data;
  const teams = useQuery(teamsQuery(tournament?.id, { poll: true }));

  return (
    <>
      <PageHeader eyebrow={tournament?.name ?? 'Tournament'} title="Registered Teams">
        {teams.data && (
          <p>
            {teams.data.length} {teams.data.length === 1 ? 'team' : 'teams'} registered. Payment is confirmed once the entry fee has gone through; pending teams
            hold their spot while they pay.
          </p>
        )}
      </PageHeader>
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
        <Button asChild variant="ghost" className="mb-6 -ml-3">
          <Link to={paths.home}>
            <ArrowLeft aria-hidden />
            Back to tournament
          </Link>
        </Button>
        {active.isPending || (tournament && teams.isPending) ? (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="Loading teams">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="h-40 rounded-xl" />
            ))}
          </div>
        ) : !tournament ? (
          <EmptyState icon={CalendarClock} title="No Active Tournament" headingLevel={2}>
            Check back soon for the next tournament announcement!
          </EmptyState>
        ) : !teams.data || teams.data.length === 0 ? (
          <EmptyState
            icon={UsersRound}
            title="No Teams Registered Yet"
            headingLevel={2}
            actions={
              tournament.registrationOpen ? (
                <Button asChild>
                  <Link to={paths.register}>Register Now</Link>
                </Button>
              ) : undefined
            }
          >
            {tournament.registrationOpen
              ? 'Be the first team to register for this tournament!'
              : 'Join our Discord community to hear about upcoming tournaments.'}
          </EmptyState>
        ) : (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {teams.data.map((team) => (
              <TeamCard key={team.id} team={team} showPaymentStatus headingLevel={2} />
            ))}
          </div>
        )}
      </div>
    </>
  );
}
