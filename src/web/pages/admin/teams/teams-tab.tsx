import { endpoints } from '../../../../shared/api/index';
import { endpointUrl } from '../../../api';
import { useQuery } from '@tanstack/react-query';
import { Crown, Download, RotateCcw, Shield, UserMinus, UserRound } from 'lucide-react';
import { useState } from 'react';
import { describeConsent, mainPlayerCount, teamsCsvFileName } from '../../../../shared/csv-export';
import { msg } from '../../../../shared/i18n/msg';
import type { Translate } from '../../../../shared/i18n/translator';
import type { RosterChange } from '../../../../shared/schemas/team-page';
import type { Refund } from '../../../../shared/schemas/refund';
import type { Team, TeamStatus } from '../../../../shared/schemas/team';
import type { Tournament } from '../../../../shared/schemas/tournament';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { TableCard } from '../shared/table-card';
import { Skeleton } from '../../../components/ui/skeleton';
import { TeamAvatar } from '../../../components/ui/team-card';
import { toast } from '../../../components/ui/use-toast';
import { adminTeamsQuery } from '../shared/queries';
import { tournamentRefundsQuery, tournamentRosterChangesQuery } from './queries';
import { TournamentPicker, type ChosenTournament } from '../shared/tournament-picker';
import { formatMinor, teamStatusLabels, teamStatusVariants } from '../../../lib/team-status';
import { refundTexts } from '../shared/refund-texts';
import { NewTeamLinkButton, RosterChanges } from './team-link-actions';
import { useCan } from '../../../lib/use-can';
import { TeamPrivacyActions } from './team-privacy-actions';
import { adminDownload } from '../shared/admin-download';
import { RefundTeamDialog, RemoveTeamDialog } from './team-refund-dialogs';
import { useT } from '../../../i18n/i18n';
import { useFormats } from '../../../i18n/use-formats';

/** The roles a roster lists (set by the server: the captain, then 'Player'); another stored role shows as written. */
const roleLabels = new Map<string, string>([
  ['Captain', msg('Captain')],
  ['Player', msg('Player')],
  ['Substitute', msg('Substitute')],
]);

/** One tournament's teams; `chosen` is the tab's tournament (admin-page.tsx shares it with the waitlist card under it). */
export function TeamsTab({ chosen }: { chosen: ChosenTournament }) {
  const t = useT();
  const { tournament, tournaments, isPending, choose } = chosen;
  const teams = useQuery(adminTeamsQuery(tournament?.id));
  const may = useCan();
  const refunds = useQuery({ ...tournamentRefundsQuery(tournament?.id), enabled: !!tournament && may('money') });
  // Newest first: the first refund listed for a team is its latest.
  const latestRefund = new Map<string, Refund>();
  for (const refund of refunds.data ?? []) if (!latestRefund.has(refund.teamId)) latestRefund.set(refund.teamId, refund);
  const rosterChanges = useQuery(tournamentRosterChangesQuery(tournament?.id));
  const changesOf = new Map<string, RosterChange[]>();
  for (const change of rosterChanges.data ?? []) changesOf.set(change.teamId, [...(changesOf.get(change.teamId) ?? []), change]);
  const isLoading = isPending || (!!tournament && teams.isPending);

  return (
    <TableCard
      title={t('Registered Teams')}
      description={tournament ? t('Teams registered for {name}.', { name: tournament.name }) : t('Teams of the active tournament.')}
      actions={
        <div className="flex w-full flex-wrap items-end gap-3 sm:w-auto">
          <TournamentPicker tournaments={tournaments} value={tournament?.id ?? ''} onChange={choose} />
          {/* The CSV carries captains' e-mail addresses: personal data in bulk, the owner's. */}
          {may('personalData') && (
            <Button variant="outline" onClick={() => void exportTeams(tournament, teams.data ?? [], t)} disabled={isLoading}>
              <Download aria-hidden />
              {t('Export Teams')}
            </Button>
          )}
        </div>
      }
    >
      {isLoading ? (
        <div className="grid gap-4 md:grid-cols-2">
          <Skeleton className="h-56" />
          <Skeleton className="h-56" />
        </div>
      ) : !tournament ? (
        <p className="py-8 text-center text-muted">{t('No active tournament to show teams for.')}</p>
      ) : teams.isError ? (
        <p className="py-8 text-center text-red-400">{t('Could not load teams.')}</p>
      ) : teams.data!.length === 0 ? (
        <p className="py-8 text-center text-muted">{t('No teams registered yet.')}</p>
      ) : (
        <div className="grid gap-4 md:grid-cols-2">
          {teams.data!.map((team) => (
            <TeamAdminCard key={team.id} team={team} latestRefund={latestRefund.get(team.id)} rosterChanges={changesOf.get(team.id) ?? []} />
          ))}
        </div>
      )}
    </TableCard>
  );
}

/** Made by the server, captains' e-mail included: with two-factor on, it asks for a fresh code first. */
async function exportTeams(tournament: Tournament | null, teams: Team[], t: Translate) {
  if (!tournament || teams.length === 0) {
    toast({ title: t('No Data'), description: t('No teams to export.') });
    return;
  }
  await adminDownload(
    endpointUrl(endpoints.downloadTeamsCsv, { params: { id: tournament.id } }),
    teamsCsvFileName(tournament.name, new Date()),
    t('Could not export the teams. Please try again.'),
  );
}

/** Statuses the organizer can still take a team out of (teams/lifecycle/transitions.ts `remove`). */
const removableStatuses: readonly TeamStatus[] = ['pending', 'failed', 'completed', 'partially_refunded'];

function TeamAdminCard({ team, latestRefund, rosterChanges }: { team: Team; latestRefund?: Refund; rosterChanges: RosterChange[] }) {
  const t = useT();
  const formats = useFormats();
  const [openDialog, setOpenDialog] = useState<'refund' | 'remove' | null>(null);
  const may = useCan();
  const paid = team.amountPaid ?? 0;
  const refunded = team.amountRefunded ?? 0;
  const canRefund = may('money') && paid > refunded;
  const canRemove = may('teams') && removableStatuses.includes(team.paymentStatus);
  const players = team.players.filter((player) => player.role !== 'Captain');
  const headingId = `team-${team.id}`;
  return (
    <article aria-labelledby={headingId} className="rounded-xl border border-border bg-surface-2/40 p-4" data-testid="admin-team-card">
      <div className="flex items-start gap-3">
        <TeamAvatar name={team.name} logoUrl={team.logoUrl} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 id={headingId} className="truncate text-lg font-semibold">
              {team.name}
            </h3>
            <Badge variant={teamStatusVariants[team.paymentStatus]} data-testid="team-status">
              {t(teamStatusLabels[team.paymentStatus])}
            </Badge>
          </div>
          <dl className="mt-1 grid gap-x-4 gap-y-0.5 text-sm text-muted sm:grid-cols-2">
            <div className="min-w-0">
              <dt className="sr-only">{t('Captain Discord')}</dt>
              <dd className="truncate">{t('Discord: {discord}', { discord: team.captainDiscord ?? '—' })}</dd>
            </div>
            <div className="min-w-0">
              <dt className="sr-only">{t('Captain Riot ID')}</dt>
              <dd className="truncate">{t('Riot ID: {riotId}', { riotId: team.captainRiotId })}</dd>
            </div>
            <div>
              <dt className="sr-only">{t('Registration date')}</dt>
              <dd>{t('Registered {date}', { date: formats.shortDate(team.createdAt) })}</dd>
            </div>
            {team.captainEmail && (
              <div className="min-w-0">
                <dt className="sr-only">{t('Captain e-mail')}</dt>
                <dd className="truncate" data-testid="team-email">
                  {t('Email: {email}', { email: team.captainEmail })}
                </dd>
              </div>
            )}
            <div className="min-w-0">
              <dt className="sr-only">{t('Consent')}</dt>
              <dd className="truncate" data-testid="team-consent">
                {t('Consent: {consent}', { consent: describeConsent(team.consent, formats.shortDate, t) })}
              </dd>
            </div>
          </dl>
        </div>
      </div>

      {paid > 0 && (
        <div className="mt-3 grid gap-2 rounded-lg border border-border p-3 text-sm">
          <dl className="flex flex-wrap gap-x-4 gap-y-1">
            <div>
              <dt className="sr-only">{t('Entry fee paid')}</dt>
              <dd data-testid="team-paid">{refundTexts.paid(formatMinor(paid, team.currency, formats.locale), t)}</dd>
            </div>
            {refunded > 0 && (
              <div>
                <dt className="sr-only">{t('Refunded')}</dt>
                <dd data-testid="team-refunded">{refundTexts.refunded(formatMinor(refunded, team.currency, formats.locale), t)}</dd>
              </div>
            )}
          </dl>
          {latestRefund?.status === 'failed' && (
            <p className="font-medium text-red-300" data-testid="team-refund-failure">
              {refundTexts.lastRefundFailed(latestRefund.failureReason ?? t('no reason given'), t)}
            </p>
          )}
        </div>
      )}

      {(canRefund || canRemove) && (
        <div className="mt-3 flex flex-wrap gap-2">
          {canRefund && (
            <Button variant="outline" size="sm" aria-label={t('Refund {name}', { name: team.name })} onClick={() => setOpenDialog('refund')}>
              <RotateCcw aria-hidden />
              {t('Refund')}
            </Button>
          )}
          {canRemove && (
            <Button variant="outline" size="sm" aria-label={t('Remove {name}', { name: team.name })} className="text-red-300" onClick={() => setOpenDialog('remove')}>
              <UserMinus aria-hidden />
              {t('Remove')}
            </Button>
          )}
        </div>
      )}
      <RefundTeamDialog team={team} open={openDialog === 'refund'} onOpenChange={(open) => setOpenDialog(open ? 'refund' : null)} />
      <RemoveTeamDialog team={team} open={openDialog === 'remove'} onOpenChange={(open) => setOpenDialog(open ? 'remove' : null)} />
      <div className="mt-4 grid gap-3 text-sm">
        <div>
          <h4 className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted">{t('Roster')}</h4>
          <ul className="grid gap-1">
            <li className="flex items-center gap-2">
              <Crown className="h-4 w-4 text-yellow-300" aria-hidden />
              <span className="truncate">{team.captainRiotId}</span>
              <Badge variant="warning">{t('Captain')}</Badge>
            </li>
            {players.map((player) => (
              <li key={player.riotId} className="flex items-center gap-2">
                <UserRound className="h-4 w-4 text-muted" aria-hidden />
                <span className="truncate">{player.riotId}</span>
                <Badge variant="outline">{t(roleLabels.get(player.role) ?? player.role)}</Badge>
              </li>
            ))}
          </ul>
        </div>
        {team.substitutes.length > 0 && (
          <div>
            <h4 className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted">{t('Substitutes')}</h4>
            <ul className="grid gap-1">
              {team.substitutes.map((sub) => (
                <li key={sub.riotId} className="flex items-center gap-2">
                  <Shield className="h-4 w-4 text-muted" aria-hidden />
                  <span className="truncate">{sub.riotId}</span>
                  <Badge variant="outline">{t('Substitute')}</Badge>
                </li>
              ))}
            </ul>
          </div>
        )}
        <p className="border-t border-border pt-2 text-xs font-medium text-muted">
          {t('Total: {main} Main + {subs} Subs', { main: mainPlayerCount(team), subs: team.substitutes.length })}
        </p>
        <RosterChanges changes={rosterChanges} />
        <div className="flex flex-wrap gap-2">
          {may('teams') && !team.erasedAt && <NewTeamLinkButton team={team} />}
          {may('personalData') && <TeamPrivacyActions team={team} />}
        </div>
      </div>
    </article>
  );
}
