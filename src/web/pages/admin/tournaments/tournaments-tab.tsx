import { useQuery } from '@tanstack/react-query';
import { Pencil, Plus, Radio, Trash2 } from 'lucide-react';
import { useRef, useState, type RefObject } from 'react';
import { msg } from '../../../../shared/i18n/msg';
import type { Tournament } from '../../../../shared/schemas/tournament';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../../../components/ui/alert-dialog';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { TableCard } from '../shared/table-card';
import { Switch } from '../../../components/ui/switch';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { toast } from '../../../components/ui/use-toast';
import { HttpError } from '../../../api';
import { cn } from '../../../lib/utils';
import { useDeleteTournament, useSetActiveTournament, useToggleRegistration } from './queries';
import { tournamentsQuery } from '../../../queries/public';
import { useCan } from '../../../lib/use-can';
import { TournamentFormDialog } from './tournament-form-dialog';
import { AdminListState } from '../shared/admin-list-state';
import { CancelTournamentButton } from './cancel-tournament-dialog';
import { CleanUpDiscordButton } from './clean-up-discord-button';
import { refundTexts } from '../shared/refund-texts';
import { useT } from '../../../i18n/i18n';
import { useFormats } from '../../../i18n/use-formats';

/** Ten columns: headers wrap onto two lines, so the actions still fit at 1280 px (cards below that). */
const wrapping = 'whitespace-normal';

export function TournamentsTab() {
  const t = useT();
  const { data: tournaments = [], isPending, isError } = useQuery(tournamentsQuery());
  const [isCreating, setIsCreating] = useState(false);
  const [editing, setEditing] = useState<Tournament | null>(null);

  return (
    <>
      <TableCard
        title={t('Tournaments')}
        description={t('Create and schedule tournaments, open registration (several at once), and choose the one that is live on the home page.')}
        actions={
          <Button onClick={() => setIsCreating(true)}>
            <Plus aria-hidden />
            {t('Create Tournament')}
          </Button>
        }
      >
        <AdminListState
          isPending={isPending}
          isError={isError}
          isEmpty={tournaments.length === 0}
          errorText={t('Could not load tournaments.')}
          emptyText={t('No tournaments created yet. Create your first tournament above.')}
        >
          <>
            <ul className="grid gap-3 md:grid-cols-2 xl:hidden">
              {tournaments.map((tournament) => (
                <TournamentCard key={tournament.id} tournament={tournament} onEdit={() => setEditing(tournament)} />
              ))}
            </ul>
            <div className="hidden xl:block">
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead className={wrapping}>{t('Name and Format')}</TableHead>
                    <TableHead className={wrapping}>{t('Registration Closes')}</TableHead>
                    <TableHead className={wrapping}>{t('Tournament Date')}</TableHead>
                    <TableHead className={wrapping}>{t('Prize Pool')}</TableHead>
                    <TableHead className={wrapping}>{t('Entry Fee')}</TableHead>
                    <TableHead className={wrapping}>{t('Max Teams')}</TableHead>
                    <TableHead className={wrapping}>{t('Registration')}</TableHead>
                    <TableHead className={wrapping}>{t('Status')}</TableHead>
                    <TableHead className={cn(wrapping, 'text-right')}>{t('Actions')}</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {tournaments.map((tournament) => (
                    <TournamentRow key={tournament.id} tournament={tournament} onEdit={() => setEditing(tournament)} />
                  ))}
                </TableBody>
              </Table>
            </div>
          </>
        </AdminListState>
      </TableCard>
      <TournamentFormDialog open={isCreating} onOpenChange={setIsCreating} />
      <TournamentFormDialog key={editing?.id} tournament={editing ?? undefined} open={!!editing} onOpenChange={(open) => !open && setEditing(null)} />
    </>
  );
}

/** The row's controls, shared by the table (wide screens) and the cards (phones). */
function useTournamentControls(tournament: Tournament) {
  const t = useT();
  const toggle = useToggleRegistration();
  const setActive = useSetActiveTournament();
  // Shows the switch where the organizer put it while the change is on its way.
  const isOpen = toggle.isPending ? toggle.variables.isOpen : tournament.registrationOpen;

  const onToggle = (next: boolean) =>
    toggle.mutate(
      { id: tournament.id, isOpen: next },
      {
        onSuccess: (saved) =>
          toast({
            title: t('Registration Updated'),
            description: saved.registrationOpen
              ? t('Registration for {name} is now open.', { name: saved.name })
              : t('Registration for {name} is now closed.', { name: saved.name }),
            variant: 'success',
          }),
        onError: () => toast({ title: t('Error'), description: t('Failed to update registration status.'), variant: 'destructive' }),
      },
    );

  // Asked first (SetLiveButton); the outcome is told by a toast either way, so the dialog just closes.
  const onSetLive = () =>
    setActive.mutateAsync(tournament.id).then(
      (saved) => toast({ title: t('Active Tournament Set'), description: t('{name} is now live on the website.', { name: saved.name }), variant: 'success' }),
      () => toast({ title: t('Error'), description: t('Failed to set active tournament.'), variant: 'destructive' }),
    );

  return { isOpen, isToggling: toggle.isPending, onToggle, onSetLive, isSettingLive: setActive.isPending };
}

type Controls = ReturnType<typeof useTournamentControls>;

function RegistrationSwitch({ tournament, controls }: { tournament: Tournament; controls: Controls }) {
  const t = useT();
  return (
    <div className="flex items-center gap-2">
      <Switch
        checked={controls.isOpen}
        onCheckedChange={controls.onToggle}
        disabled={controls.isToggling || !!tournament.cancelledAt}
        aria-label={t('Registration for {name}', { name: tournament.name })}
      />
      <span className="text-xs text-muted">{controls.isOpen ? t('Open') : t('Closed')}</span>
    </div>
  );
}

/** The admin's short date, the time of day under it (the reader's zone). */
function DateAndTime({ value }: { value: string }) {
  const formats = useFormats();
  return (
    <span className="grid whitespace-nowrap">
      <span>{formats.shortDate(value)}</span> <span className="text-xs text-muted">{formats.timeOfDay(value)}</span>
    </span>
  );
}

function StatusBadge({ tournament }: { tournament: Tournament }) {
  const t = useT();
  if (tournament.cancelledAt) return <Badge variant="destructive">{t(refundTexts.cancelledBadge)}</Badge>;
  return tournament.status === 'active' ? (
    <div className="grid gap-1">
      <Badge variant="success" className="w-fit">
        {t('active')}
      </Badge>
      <span className="whitespace-nowrap text-xs text-muted">{t('live on the website')}</span>
    </div>
  ) : (
    <Badge variant="secondary">{t('inactive')}</Badge>
  );
}

/**
 * What setting a tournament live does in public: it becomes the featured one (the spec's 'Set Live'
 * and 'Active' stay), replacing the one named, which keeps its registration, check-in and bracket
 * (several cups run at once; the home page lists the other open ones).
 */
export const setLiveTexts = {
  /** Values: name. */
  title: msg('Set {name} live?'),
  /** Values: name, live (the tournament live until now). */
  replaces: msg(
    '{name} replaces {live} as the featured tournament: the home page, registration and the Bracket page show {name} first from now on. {live} keeps its registration, check-in and bracket.',
  ),
  /** Values: name. */
  first: msg('{name} becomes the featured tournament: the home page, registration and the Bracket page show it first from now on.'),
  confirm: msg('Set Live'),
};

function SetLiveButton({ tournament, controls }: { tournament: Tournament; controls: Controls }) {
  const t = useT();
  const { data: tournaments = [] } = useQuery(tournamentsQuery());
  const live = tournaments.find((other) => other.status === 'active' && other.id !== tournament.id);
  return (
    <ConfirmDialog
      trigger={
        <Button variant="secondary" size="sm" disabled={controls.isSettingLive}>
          <Radio aria-hidden />
          {t(setLiveTexts.confirm)}
        </Button>
      }
      title={t(setLiveTexts.title, { name: tournament.name })}
      description={live ? t(setLiveTexts.replaces, { name: tournament.name, live: live.name }) : t(setLiveTexts.first, { name: tournament.name })}
      confirmLabel={t(setLiveTexts.confirm)}
      confirmVariant="default"
      failureMessage={t('Failed to set active tournament.')}
      onConfirm={controls.onSetLive}
    />
  );
}

function TournamentActions({ tournament, controls, onEdit }: { tournament: Tournament; controls: Controls; onEdit: () => void }) {
  const t = useT();
  const deleteButton = useRef<HTMLButtonElement>(null);
  const may = useCan();
  return (
    <div className="flex items-center justify-end gap-1">
      <Button variant="ghost" size="icon" onClick={onEdit} aria-label={t('Edit {name}', { name: tournament.name })} title={t('Edit')}>
        <Pencil aria-hidden />
      </Button>
      {tournament.status === 'active' ? (
        <Button variant="secondary" size="sm" disabled>
          <Radio aria-hidden />
          {t('Active')}
        </Button>
      ) : (
        <SetLiveButton tournament={tournament} controls={controls} />
      )}
      {/* Cancelling refunds every paid team: money, the owner's. */}
      {may('money') && <CancelTournamentButton tournament={tournament} fallbackFocus={deleteButton} />}
      {may('tournaments') && <CleanUpDiscordButton tournament={tournament} />}
      <DeleteTournamentButton tournament={tournament} buttonRef={deleteButton} />
    </div>
  );
}

function TournamentRow({ tournament, onEdit }: { tournament: Tournament; onEdit: () => void }) {
  const formats = useFormats();
  const controls = useTournamentControls(tournament);
  return (
    <TableRow data-testid="tournament-row">
      <TableCell className="min-w-40">
        <p className="font-semibold">{tournament.name}</p>
        <p className="text-xs text-muted">{tournament.format}</p>
      </TableCell>
      <TableCell data-testid="registration-closes">
        <DateAndTime value={tournament.registrationCloses} />
      </TableCell>
      <TableCell data-testid="tournament-date">
        <DateAndTime value={tournament.tournamentDate} />
      </TableCell>
      <TableCell className="whitespace-nowrap">{formats.money(tournament.prizePool, tournament.currency)}</TableCell>
      <TableCell className="whitespace-nowrap">{formats.money(tournament.entryFee, tournament.currency)}</TableCell>
      <TableCell>{tournament.maxTeams}</TableCell>
      <TableCell>
        <RegistrationSwitch tournament={tournament} controls={controls} />
      </TableCell>
      <TableCell>
        <StatusBadge tournament={tournament} />
      </TableCell>
      <TableCell>
        <TournamentActions tournament={tournament} controls={controls} onEdit={onEdit} />
      </TableCell>
    </TableRow>
  );
}

function TournamentCard({ tournament, onEdit }: { tournament: Tournament; onEdit: () => void }) {
  const t = useT();
  const formats = useFormats();
  const controls = useTournamentControls(tournament);
  return (
    <li className="grid gap-3 rounded-lg border border-border bg-surface-2/40 p-4" data-testid="tournament-card">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold">{tournament.name}</p>
          <p className="text-sm text-muted">{tournament.format}</p>
        </div>
        <StatusBadge tournament={tournament} />
      </div>
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-3">
        <div data-testid="registration-closes">
          <dt className="text-xs text-muted">{t('Registration Closes')}</dt>
          <dd>
            <DateAndTime value={tournament.registrationCloses} />
          </dd>
        </div>
        <div data-testid="tournament-date">
          <dt className="text-xs text-muted">{t('Tournament Date')}</dt>
          <dd>
            <DateAndTime value={tournament.tournamentDate} />
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted">{t('Prize Pool')}</dt>
          <dd>{formats.money(tournament.prizePool, tournament.currency)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">{t('Entry Fee')}</dt>
          <dd>{formats.money(tournament.entryFee, tournament.currency)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">{t('Max Teams')}</dt>
          <dd>{tournament.maxTeams}</dd>
        </div>
      </dl>
      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-border pt-3">
        <RegistrationSwitch tournament={tournament} controls={controls} />
        <TournamentActions tournament={tournament} controls={controls} onEdit={onEdit} />
      </div>
    </li>
  );
}

function DeleteTournamentButton({ tournament, buttonRef }: { tournament: Tournament; buttonRef?: RefObject<HTMLButtonElement | null> }) {
  const t = useT();
  const remove = useDeleteTournament();
  // mutateAsync, not mutate's callbacks: the list's refetch unmounts this row (and its callbacks) before they would run.
  const onConfirm = async () => {
    try {
      await remove.mutateAsync(tournament.id);
    } catch (error) {
      // A 409 says why (money still held: "Cancel the tournament first: N teams have paid").
      toast({
        title: t('Error'),
        description: error instanceof HttpError && error.status === 409 && error.serverMessage ? t(error.serverMessage) : t('Failed to delete tournament. Please try again.'),
        variant: 'destructive',
      });
      return;
    }
    toast({ title: t('Tournament Deleted'), description: t('{name} has been deleted.', { name: tournament.name }), variant: 'success' });
  };

  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button
          ref={buttonRef}
          variant="ghost"
          size="icon"
          className="text-red-400 hover:text-red-300"
          aria-label={t('Delete {name}', { name: tournament.name })}
          title={t('Delete')}
          disabled={remove.isPending}
        >
          <Trash2 aria-hidden />
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t('Delete Tournament')}</AlertDialogTitle>
          <AlertDialogDescription>{t('Are you sure you want to delete "{name}"? This action cannot be undone.', { name: tournament.name })}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t('Cancel')}</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>{t('Delete')}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
