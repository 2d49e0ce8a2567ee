import { useQuery } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { Champion } from '../../../../shared/schemas/champion';
import { Button } from '../../../components/ui/button';
import { TableCard } from '../shared/table-card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { toast } from '../../../components/ui/use-toast';
import { HttpError } from '../../../api';
import { useDeleteChampion } from './queries';
import { championsQuery } from '../../../queries/public';
import { ChampionFormDialog } from './champion-form-dialog';
import { PlacementBadge } from './placement-badge';
import { AdminListState } from '../shared/admin-list-state';
import { useT } from '../../../i18n/i18n';
import { useFormats } from '../../../i18n/use-formats';

/** A prize typed as a plain amount is shown as money; anything else ("Trophy + $500") as typed. */
function prizeText(champion: Champion, money: (amount: string, currency: string) => string): string {
  const amount = champion.prizeAmount?.trim();
  if (!amount) return '—';
  return /^\d+(\.\d+)?$/.test(amount.replace(/,/g, '')) ? money(amount, champion.currency) : amount;
}

export function ChampionsTab() {
  const t = useT();
  const formats = useFormats();
  const { data: champions = [], isPending, isError } = useQuery(championsQuery());
  const [isAdding, setIsAdding] = useState(false);
  const [editing, setEditing] = useState<Champion | null>(null);

  return (
    <>
      <TableCard
        title={t('Champions')}
        description={t('The hall of fame: first places appear on the public Hall of Fame page.')}
        actions={
          <Button onClick={() => setIsAdding(true)}>
            <Plus aria-hidden />
            {t('Add Champion')}
          </Button>
        }
      >
        <AdminListState
          isPending={isPending}
          isError={isError}
          isEmpty={champions.length === 0}
          errorText={t('Could not load champions.')}
          emptyText={t('No champions recorded yet. Add champions from completed tournaments.')}
        >
          <>
            <ul className="grid gap-3 md:hidden">
              {champions.map((champion) => (
                <ChampionCard key={champion.id} champion={champion} onEdit={() => setEditing(champion)} />
              ))}
            </ul>
            <div className="hidden md:block">
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>{t('Tournament')}</TableHead>
                    <TableHead>{t('Team')}</TableHead>
                    <TableHead>{t('Placement')}</TableHead>
                    <TableHead>{t('Prize Amount')}</TableHead>
                    <TableHead>{t('Date Won')}</TableHead>
                    <TableHead className="text-right">{t('Actions')}</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {champions.map((champion) => (
                    <TableRow key={champion.id} data-testid="champion-row">
                      <TableCell className="min-w-40">{champion.tournamentName}</TableCell>
                      <TableCell className="min-w-32">
                        <TeamName champion={champion} />
                      </TableCell>
                      <TableCell>
                        <PlacementBadge placement={champion.placement} />
                      </TableCell>
                      <TableCell className="whitespace-nowrap">{prizeText(champion, formats.money)}</TableCell>
                      <TableCell className="whitespace-nowrap">{formats.shortDate(champion.tournamentDate)}</TableCell>
                      <TableCell>
                        <ChampionActions champion={champion} onEdit={() => setEditing(champion)} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          </>
        </AdminListState>
      </TableCard>
      <ChampionFormDialog open={isAdding} onOpenChange={setIsAdding} />
      <ChampionFormDialog key={editing?.id} champion={editing ?? undefined} open={!!editing} onOpenChange={(open) => !open && setEditing(null)} />
    </>
  );
}

function TeamName({ champion }: { champion: Champion }) {
  return (
    <div className="flex min-w-0 items-center gap-2">
      {champion.teamLogoUrl && <img src={champion.teamLogoUrl} alt="" className="h-7 w-7 shrink-0 rounded object-cover" />}
      <span className="truncate font-semibold">{champion.teamName}</span>
    </div>
  );
}

function ChampionActions({ champion, onEdit }: { champion: Champion; onEdit: () => void }) {
  const t = useT();
  return (
    <div className="flex items-center justify-end gap-1">
      <Button variant="ghost" size="icon" onClick={onEdit} aria-label={t('Edit {teamName}', { teamName: champion.teamName })} title={t('Edit')}>
        <Pencil aria-hidden />
      </Button>
      <DeleteChampionButton champion={champion} />
    </div>
  );
}

/** Phones: one card per entry instead of a table that hides its actions off to the side. */
function ChampionCard({ champion, onEdit }: { champion: Champion; onEdit: () => void }) {
  const t = useT();
  const formats = useFormats();
  return (
    <li className="grid gap-3 rounded-lg border border-border bg-surface-2/40 p-4" data-testid="champion-card">
      <div className="flex items-start justify-between gap-3">
        <div className="grid min-w-0 gap-0.5">
          <TeamName champion={champion} />
          <p className="text-sm text-muted">{champion.tournamentName}</p>
        </div>
        <PlacementBadge placement={champion.placement} />
      </div>
      <div className="flex flex-wrap items-end justify-between gap-2 border-t border-border pt-3">
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
          <div>
            <dt className="text-xs text-muted">{t('Prize Amount')}</dt>
            <dd>{prizeText(champion, formats.money)}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted">{t('Date Won')}</dt>
            <dd>{formats.shortDate(champion.tournamentDate)}</dd>
          </div>
        </dl>
        <ChampionActions champion={champion} onEdit={onEdit} />
      </div>
    </li>
  );
}

/** Takes the entry out of the admin list and the public hall of fame, after a confirmation. */
function DeleteChampionButton({ champion }: { champion: Champion }) {
  const t = useT();
  const remove = useDeleteChampion();
  // Toasts from here, not the mutation's callbacks: the list's refetch unmounts this row first.
  const onConfirm = async () => {
    try {
      await remove.mutateAsync(champion.id);
    } catch (error) {
      toast({
        title: t('Error'),
        description: error instanceof HttpError && error.status < 500 && error.serverMessage ? t(error.serverMessage) : t('Failed to delete champion. Please try again.'),
        variant: 'destructive',
      });
      return;
    }
    toast({ title: t('Champion Deleted'), description: t('{teamName} has been removed from the hall of fame.', { teamName: champion.teamName }), variant: 'success' });
  };

  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="icon" className="text-red-400 hover:text-red-300" aria-label={t('Delete {teamName}', { teamName: champion.teamName })} title={t('Delete')}>
          <Trash2 aria-hidden />
        </Button>
      }
      title={t('Delete Champion')}
      description={t('Are you sure you want to remove {teamName} ({tournamentName}) from the hall of fame? This action cannot be undone.', {
        teamName: champion.teamName,
        tournamentName: champion.tournamentName,
      })}
      confirmLabel={t('Delete')}
      failureMessage={t('Failed to delete champion. Please try again.')}
      onConfirm={onConfirm}
    />
  );
}
