import ArrowRight from 'lucide-react/icons/arrow-right';
import UsersRound from 'lucide-react/icons/users-round';
import { NavAnchor } from '../../components/layout/nav-anchor';
import { paths } from '../../../shared/paths';
import { HOME_TEAM_LIMIT } from '../../../shared/public-display';
import type { Team } from '../../../shared/schemas/team';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { TeamCard } from '../../components/ui/team-card';
import { useT } from '../../i18n/i18n';

function TeamCardSkeleton() {
  return (
    <div data-testid="team-card-skeleton" className="grid gap-4 rounded-xl border border-border bg-surface p-5">
      <div className="flex items-center gap-3">
        <Skeleton className="size-12 rounded-lg" />
        <div className="grid flex-1 gap-2">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-3 w-1/3" />
        </div>
      </div>
      <div className="grid gap-2">
        <Skeleton className="h-3 w-3/4" />
        <Skeleton className="h-3 w-2/3" />
        <Skeleton className="h-3 w-1/2" />
      </div>
    </div>
  );
}

/** At most 6 team cards (6 skeletons while loading) and 'View All Teams' when there are more. */
export function RegisteredTeams({ teams, canRegister, discordUrl }: { teams: Team[] | undefined; canRegister: boolean; discordUrl: string | undefined }) {
  const t = useT();
  return (
    <section aria-labelledby="teams-title">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="teams-title" className="text-2xl font-extrabold tracking-tight sm:text-3xl">
            {t('Registered Teams')}
          </h2>
          {teams && teams.length > 0 && (
            <p className="mt-1 text-sm text-muted">
              {t('{count, plural, one {# team has} other {# teams have}} locked in a spot.', { count: teams.length })}
            </p>
          )}
        </div>
        {teams && teams.length > HOME_TEAM_LIMIT && (
          <Button asChild variant="secondary">
            <NavAnchor to={paths.teams}>
              {t('View All Teams')}
              <ArrowRight aria-hidden />
            </NavAnchor>
          </Button>
        )}
      </div>
      {!teams ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label={t('Loading teams')}>
          {Array.from({ length: HOME_TEAM_LIMIT }, (_, i) => (
            <TeamCardSkeleton key={i} />
          ))}
        </div>
      ) : teams.length === 0 ? (
        <EmptyState
          icon={UsersRound}
          title={t('No Teams Registered Yet')}
          actions={
            canRegister ? (
              <Button asChild>
                <NavAnchor to={paths.register}>{t('Register Now')}</NavAnchor>
              </Button>
            ) : (
              <Button asChild variant="secondary">
                <a href={discordUrl} target="_blank" rel="noopener noreferrer">
                  {t('Join Discord')}
                  <span className="sr-only"> {t('(opens in a new tab)')}</span>
                </a>
              </Button>
            )
          }
        >
          {canRegister
            ? t('Be the first team to register for this tournament!')
            : t('Registration is closed. Join our Discord community to hear about upcoming tournaments and open spots.')}
        </EmptyState>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {teams.slice(0, HOME_TEAM_LIMIT).map((team) => (
            <TeamCard key={team.id} team={team} />
          ))}
        </div>
      )}
    </section>
  );
}
