import { useQuery } from '@tanstack/react-query';
import { Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { formatShortDate } from '../../../shared/dates';
import { formatMoney } from '../../../shared/money';
import type { Champion } from '../../../shared/schemas/champion';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { championsQuery } from '../../queries/public';
import { ChampionFormDialog } from './champion-form-dialog';
import { PlacementBadge } from './placement-badge';
import { AdminListState } from './admin-list-state';

/** A prize typed as a plain amount is shown as money; anything else ("Trophy + $500") as typed. */
function prizeText(champion: Champion): string {
  const amount = champion.prizeAmount?.trim();
  if (!amount) return '—';
  return /^\d+(\.\d+)?$/.test(amount.replace(/,/g, '')) ? formatMoney(amount, champion.currency) : amount;
}

export function ChampionsTab() {
  const { data: champions = [], isPending, isError } = useQuery(championsQuery());
  const [isAdding, setIsAdding] = useState(false);
  const [editing, setEditing] = useState<Champion | null>(null);

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle>Champions</CardTitle>
          <CardDescription>The hall of fame: first places appear on the public Hall of Fame page.</CardDescription>
        </div>
        <Button onClick={() => setIsAdding(true)}>
          <Plus aria-hidden />
          Add Champion
        </Button>
      </CardHeader>
      <CardContent>
        <AdminListState
          isPending={isPending}
          isError={isError}
          isEmpty={champions.length === 0}
          errorText="Could not load champions."
          emptyText="No champions recorded yet. Add champions from completed tournaments."
        >
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Tournament</TableHead>
                <TableHead>Team</TableHead>
                <TableHead>Placement</TableHead>
                <TableHead>Prize Amount</TableHead>
                <TableHead>Date Won</TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {champions.map((champion) => (
                <TableRow key={champion.id} data-testid="champion-row">
                  <TableCell className="min-w-40">{champion.tournamentName}</TableCell>
                  <TableCell className="min-w-32">
                    <div className="flex items-center gap-2">
                      {champion.teamLogoUrl && <img src={champion.teamLogoUrl} alt="" className="h-7 w-7 rounded object-cover" />}
                      <span className="font-semibold">{champion.teamName}</span>
                    </div>
                  </TableCell>
                  <TableCell>
                    <PlacementBadge placement={champion.placement} />
                  </TableCell>
                  <TableCell className="whitespace-nowrap">{prizeText(champion)}</TableCell>
                  <TableCell className="whitespace-nowrap">{formatShortDate(champion.tournamentDate)}</TableCell>
                  <TableCell className="text-right">
                    <Button variant="ghost" size="icon" onClick={() => setEditing(champion)} aria-label={`Edit ${champion.teamName}`} title="Edit">
                      <Pencil aria-hidden />
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </AdminListState>
      </CardContent>
      <ChampionFormDialog open={isAdding} onOpenChange={setIsAdding} />
      <ChampionFormDialog key={editing?.id} champion={editing ?? undefined} open={!!editing} onOpenChange={(open) => !open && setEditing(null)} />
    </Card>
  );
}
