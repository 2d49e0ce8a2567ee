import UsersRound from 'lucide-react/icons/users-round';
import { isConfirmedStatus } from '../../../shared/confirmed-status';
import type { Team } from '../../../shared/schemas/team';
import { TeamAvatar } from '../../components/ui/team-avatar';
import { useT } from '../../i18n/i18n';
import { Island } from '../../islands/island';
import { islandApiPaths } from '../../../shared/api/island-paths';
import { usePolled } from '../../islands/use-polled';
import { Section } from './cup-section';

export interface CupTeamsProps {
  cupId: string;
  teams: Team[];
}

/** A cup's teams, an island: read again every few seconds, so a new registration shows up. */
export function CupTeams({ cupId, ...props }: CupTeamsProps) {
  const t = useT();
  const teams = usePolled(islandApiPaths.teams(cupId), props.teams);
  return (
    <Section id="teams" icon={UsersRound} title={t('Teams ({count})', { count: teams.length })}>
      {teams.length === 0 ? (
        <p className="text-muted">{t('No team has registered yet.')}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="cup-teams">
          {teams.map((team) => (
            <li key={team.id} className="flex items-center gap-3 rounded-xl border border-border bg-surface p-3">
              <TeamAvatar name={team.name} logoUrl={team.logoUrl} className="size-10" />
              <div className="min-w-0">
                <p className="break-words font-bold">{team.name}</p>
                <p className="text-xs text-muted">{isConfirmedStatus(team.paymentStatus) ? t('Confirmed') : t('Pending')}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

export function CupTeamsIsland(props: CupTeamsProps) {
  return (
    <Island name="cup-teams" props={props}>
      <CupTeams {...props} />
    </Island>
  );
}
