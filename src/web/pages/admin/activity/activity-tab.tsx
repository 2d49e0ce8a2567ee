import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { auditActionLabels, type AuditEntry } from '../../../../shared/schemas/audit';
import { Button } from '../../../components/ui/button';
import { TableCard } from '../shared/table-card';
import { NativeSelect } from '../../../components/ui/select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { tournamentsQuery } from '../../../queries/public';
import { AdminListState } from '../shared/admin-list-state';
import { activityQuery } from './queries';
import { dateFormat } from '../../../../shared/intl-formats';
import { intlLocale } from '../../../../shared/i18n/intl-locale';
import type { Translate } from '../../../../shared/i18n/translator';
import { useLocale, useT } from '../../../i18n/i18n';

/** The audit log, newest first, optionally for one tournament. */
export function ActivityTab() {
  const t = useT();
  // In the page's language (English: en-US's forms).
  const timeFormat = dateFormat(intlLocale(useLocale(), 'en-US'), { dateStyle: 'medium', timeStyle: 'medium' });
  const filterId = useId();
  const [tournamentId, setTournamentId] = useState('');
  const { data: tournaments = [] } = useQuery(tournamentsQuery());
  const activity = useInfiniteQuery(activityQuery(tournamentId));
  const entries = activity.data?.pages.flatMap((page) => page.entries) ?? [];
  const tournamentName = (id: string | null) => tournaments.find((tournament) => tournament.id === id)?.name;

  return (
    <TableCard
      title={t('Activity')}
      description={t('Everything done in the admin panel: who, when, what changed and why. Entries can never be edited or removed.')}
      contentClassName="grid gap-4"
      actions={
        <div className="grid gap-1.5">
          <label htmlFor={filterId} className="text-sm font-medium">
            {t('Tournament')}
          </label>
          <NativeSelect id={filterId} value={tournamentId} onChange={(event) => setTournamentId(event.target.value)}>
            <option value="">{t('All activity')}</option>
            {tournaments.map((tournament) => (
              <option key={tournament.id} value={tournament.id}>
                {tournament.name}
              </option>
            ))}
          </NativeSelect>
        </div>
      }
    >
      <AdminListState
        isPending={activity.isPending}
        isError={activity.isError}
        isEmpty={entries.length === 0}
        errorText={t('Could not load the activity.')}
        emptyText={t('No activity recorded yet.')}
      >
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead className="hidden md:table-cell">{t('When')}</TableHead>
              <TableHead className="hidden md:table-cell">{t('Who')}</TableHead>
              <TableHead>{t('Action')}</TableHead>
              <TableHead>{t('Details')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {entries.map((entry) => (
              <TableRow key={entry.id} data-testid="activity-row">
                <TableCell className="hidden whitespace-nowrap md:table-cell">{timeFormat.format(new Date(entry.at))}</TableCell>
                <TableCell className="hidden md:table-cell">{entry.actor}</TableCell>
                <TableCell>
                  <span className="font-semibold">{t(auditActionLabels[entry.action])}</span>
                  {/* On a phone, who and when fold under the action, so the table never scrolls sideways. */}
                  <span className="block text-xs text-muted md:hidden">
                    {entry.actor} · {timeFormat.format(new Date(entry.at))}
                  </span>
                </TableCell>
                <TableCell className="text-sm break-words text-muted">{describe(entry, tournamentName(entry.tournamentId), t)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </AdminListState>
      {activity.hasNextPage && (
        <Button variant="outline" className="justify-self-center" onClick={() => activity.fetchNextPage()} disabled={activity.isFetchingNextPage}>
          {activity.isFetchingNextPage ? t('Loading...') : t('Show older activity')}
        </Button>
      )}
    </TableCard>
  );
}

/** One line on what the entry touched and why, in the page's language (`t`); the full before/after stays in the API. */
function describe(entry: AuditEntry, tournamentName: string | undefined, t: Translate): string {
  const after = (entry.after ?? {}) as Record<string, unknown>;
  const before = (entry.before ?? {}) as Record<string, unknown>;
  const name = entry.targetName ?? ((after.name ?? before.name ?? tournamentName) as string | undefined);
  const changed = entry.before && entry.after ? Object.keys(after).filter((key) => JSON.stringify(after[key]) !== JSON.stringify(before[key])) : [];
  const registration = entry.action === 'tournament.registration' ? (after.registrationOpen ? t('opened') : t('closed')) : null;
  return [
    name,
    registration,
    entry.action === 'match.result' ? describeResult(after, entry.before ? before : null, t) : null,
    changed.length && entry.action.endsWith('update') ? t('changed {fields}', { fields: changed.join(', ') }) : null,
    after.amount ? t('amount {amount}', { amount: String(after.amount) }) : null,
    entry.reason ? t('reason: {reason}', { reason: entry.reason }) : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** "Round 1, Match 2 — Sage Advice beat Spike Rush 13-7 (was 13-9)"; entries logged before the names were kept say nothing. */
function describeResult(after: Record<string, unknown>, before: Record<string, unknown> | null, t: Translate): string | null {
  const text = (value: unknown) => (typeof value === 'string' && value ? value : null);
  const [label, winner, loser] = [text(after.matchLabel), text(after.winnerName), text(after.loserName)];
  if (!label || !winner || !loser) return null;
  const score = text(after.score);
  const was = before && (text(before.winnerName) === winner ? text(before.score) : [t('won by {team}', { team: text(before.winnerName) ?? t('another team') }), text(before.score)].filter(Boolean).join(' '));
  const result = score ? t('{label} — {winner} beat {loser} {score}', { label, winner, loser, score }) : t('{label} — {winner} beat {loser}', { label, winner, loser });
  return was ? t('{result} (was {was})', { result, was }) : result;
}
