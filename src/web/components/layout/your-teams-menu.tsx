import ChevronDown from 'lucide-react/icons/chevron-down';
import { DropdownMenu } from 'radix-ui';
import type { YourTeam } from '../../lib/team-link-memory';
import { useT } from '../../i18n/i18n';
import { cn } from '../../lib/utils';
import { isCurrent } from './header-view';
import { NavAnchor } from './nav-anchor';
import { yourTeamName, yourTeamsLabel } from './nav-links';

function TeamLabel({ team }: { team: YourTeam }) {
  const t = useT();
  return (
    <span className="grid min-w-0 text-left">
      <span className="truncate font-semibold">{yourTeamName(team, t)}</span>
      {team.tournamentName && <span className="truncate text-xs font-normal text-muted">{team.tournamentName}</span>}
    </span>
  );
}

/** The header's "Your teams" on a device that registered or opened two teams or more: a menu with each team's page. */
export function YourTeamsMenu({ teams, path }: { teams: YourTeam[]; path: string }) {
  const t = useT();
  const isOnOne = teams.some((team) => isCurrent(team.path, path));
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className={cn(
          'inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-semibold text-muted transition-colors hover:bg-surface-2 hover:text-foreground data-[state=open]:bg-surface-2 data-[state=open]:text-foreground',
          isOnOne && 'bg-surface-2 text-foreground',
        )}
      >
        {t(yourTeamsLabel)}
        <ChevronDown aria-hidden className="size-4" />
      </DropdownMenu.Trigger>
      {/* Not portalled: the menu stays inside the navigation landmark. */}
      <DropdownMenu.Content align="end" sideOffset={8} className="z-50 grid w-72 gap-1 rounded-lg border border-border bg-surface p-1.5 shadow-2xl">
        {teams.map((team) => (
          <DropdownMenu.Item key={team.teamId} asChild>
            <NavAnchor
              to={team.path}
              aria-current={isCurrent(team.path, path) ? 'page' : undefined}
              className="flex rounded-md px-3 py-2 text-sm outline-none hover:bg-surface-2 focus-visible:bg-surface-2 data-[highlighted]:bg-surface-2 aria-[current=page]:bg-surface-2"
            >
              <TeamLabel team={team} />
            </NavAnchor>
          </DropdownMenu.Item>
        ))}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}

/** The phone drawer's "Your teams": a labelled group with each team's page. */
export function YourTeamsList({ teams, path, onNavigate }: { teams: YourTeam[]; path: string; onNavigate: () => void }) {
  const t = useT();
  return (
    <div role="group" aria-labelledby="your-teams-heading" className="grid gap-1">
      <p id="your-teams-heading" className="px-4 pt-2 text-xs font-bold uppercase tracking-[0.2em] text-muted">
        {t(yourTeamsLabel)}
      </p>
      {teams.map((team) => (
        <NavAnchor
          key={team.teamId}
          to={team.path}
          onClick={onNavigate}
          aria-current={isCurrent(team.path, path) ? 'page' : undefined}
          className={cn(
            'flex rounded-lg px-4 py-3 text-base text-muted transition-colors hover:bg-surface-2 hover:text-foreground',
            isCurrent(team.path, path) && 'bg-surface-2 text-foreground',
          )}
        >
          <TeamLabel team={team} />
        </NavAnchor>
      ))}
    </div>
  );
}
