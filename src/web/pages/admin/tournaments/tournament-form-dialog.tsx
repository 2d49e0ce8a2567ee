import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { newTournamentSchema, tournamentInputSchema, tournamentLimits, type Tournament, type TournamentInput, type TournamentValues } from '../../../../shared/schemas/tournament';
import { scoringRuleLabels, scoringRules, vetoTurnLimits } from '../../../../shared/schemas/match';
import { NativeSelect } from '../../../components/ui/select';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input, Textarea } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import { useCreateTournament, useUpdateTournament } from './queries';
import { fromLocalInputValue, localTimeZoneName, toLocalInputValue } from '../shared/local-datetime';
import { showServerIssues } from '../shared/server-issues';
import { FormDialogFooter } from '../shared/form-dialog-footer';
import { CurrencySelect } from '../shared/currency-select';
import { MapPoolEditor } from './map-pool-editor';

const emptyTournament: TournamentInput = {
  name: '',
  description: '',
  format: '',
  prizePool: '',
  entryFee: '',
  currency: 'USD',
  maxTeams: tournamentLimits.defaultMaxTeams,
  registrationCloses: '',
  tournamentDate: '',
  rules: '',
  rosterLocksAt: '',
  checkInEnabled: true,
  checkInOpensAt: '',
  checkInClosesAt: '',
  slug: '',
  streamUrl: '',
  scoringRule: 'valorant',
  vetoTurnSeconds: vetoTurnLimits.defaultSeconds,
};

function formValuesOf(tournament: Tournament): TournamentInput {
  return {
    name: tournament.name,
    description: tournament.description ?? '',
    format: tournament.format,
    prizePool: tournament.prizePool,
    entryFee: tournament.entryFee,
    currency: tournament.currency,
    maxTeams: tournament.maxTeams,
    registrationCloses: toLocalInputValue(tournament.registrationCloses),
    tournamentDate: toLocalInputValue(tournament.tournamentDate),
    rules: tournament.rules ?? '',
    rosterLocksAt: tournament.rosterLocksAt ? toLocalInputValue(tournament.rosterLocksAt) : '',
    checkInEnabled: tournament.checkInEnabled ?? true,
    checkInOpensAt: tournament.checkInOpensAt ? toLocalInputValue(tournament.checkInOpensAt) : '',
    checkInClosesAt: tournament.checkInClosesAt ? toLocalInputValue(tournament.checkInClosesAt) : '',
    slug: tournament.slug,
    streamUrl: tournament.streamUrl ?? '',
    scoringRule: tournament.scoringRule ?? 'valorant',
    vetoTurnSeconds: tournament.vetoTurnSeconds ?? vetoTurnLimits.defaultSeconds,
  };
}

const fieldNames = Object.keys(emptyTournament);

/** Create (no `tournament`) or edit. The form lives inside the dialog, so every opening starts fresh. */
export function TournamentFormDialog({ tournament, open, onOpenChange }: { tournament?: Tournament; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{tournament ? 'Edit Tournament' : 'Create Tournament'}</DialogTitle>
          <DialogDescription>
            {tournament ? 'Change the details of this tournament.' : 'New tournaments start inactive with registration closed.'}
          </DialogDescription>
        </DialogHeader>
        <TournamentForm tournament={tournament} onDone={() => onOpenChange(false)} />
        {/* Saved on its own (PUT …/map-pool): the server refuses it once a veto has begun. */}
        {tournament && <MapPoolEditor tournament={tournament} />}
      </DialogContent>
    </Dialog>
  );
}

function TournamentForm({ tournament, onDone }: { tournament?: Tournament; onDone: () => void }) {
  const create = useCreateTournament();
  const update = useUpdateTournament();
  const form = useForm<TournamentInput, unknown, TournamentValues>({
    resolver: zodResolver(tournament ? tournamentInputSchema : newTournamentSchema(() => new Date())),
    defaultValues: tournament ? formValuesOf(tournament) : emptyTournament,
  });
  const { errors } = form.formState;
  const isSaving = create.isPending || update.isPending;
  const timeZone = localTimeZoneName();

  const onSubmit = form.handleSubmit((values) => {
    const input: TournamentInput = {
      ...values,
      registrationCloses: fromLocalInputValue(values.registrationCloses),
      tournamentDate: fromLocalInputValue(values.tournamentDate),
      rosterLocksAt: values.rosterLocksAt ? fromLocalInputValue(values.rosterLocksAt) : null,
      checkInOpensAt: values.checkInOpensAt ? fromLocalInputValue(values.checkInOpensAt) : null,
      checkInClosesAt: values.checkInClosesAt ? fromLocalInputValue(values.checkInClosesAt) : null,
    };
    const onSuccess = (saved: Tournament) => {
      toast({
        title: tournament ? 'Tournament Updated' : 'Tournament Created',
        description: tournament ? `${saved.name} has been updated.` : `${saved.name} has been created.`,
        variant: 'success',
      });
      form.reset(emptyTournament);
      onDone();
    };
    const onError = (error: Error) => {
      showServerIssues(error, form.setError, fieldNames);
      toast({
        title: 'Error',
        description: tournament ? 'Failed to update tournament. Please try again.' : 'Failed to create tournament. Please try again.',
        variant: 'destructive',
      });
    };
    if (tournament) update.mutate({ id: tournament.id, input }, { onSuccess, onError });
    else create.mutate(input, { onSuccess, onError });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField label="Tournament Name" error={errors.name}>
        <Input placeholder="Winter Clash 2026" {...form.register('name')} />
      </FormField>
      <FormField label="Description (optional)" error={errors.description}>
        <Textarea rows={2} className="min-h-16" placeholder="What makes this cup special" {...form.register('description')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Format" error={errors.format}>
          <Input placeholder="5v5 Single Elimination" {...form.register('format')} />
        </FormField>
        <FormField label="Max Teams" error={errors.maxTeams}>
          <Input type="number" inputMode="numeric" min={tournamentLimits.minMaxTeams} step={1} {...form.register('maxTeams', { valueAsNumber: true })} />
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField label="Prize Pool" error={errors.prizePool}>
          <Input inputMode="decimal" placeholder="5000" {...form.register('prizePool')} />
        </FormField>
        <FormField label="Entry Fee" error={errors.entryFee}>
          <Input inputMode="decimal" placeholder="25" {...form.register('entryFee')} />
        </FormField>
        <FormField label="Currency" error={errors.currency}>
          <CurrencySelect {...form.register('currency')} />
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Registration Closes" error={errors.registrationCloses} hint={`Your time zone: ${timeZone}`}>
          <Input type="datetime-local" {...form.register('registrationCloses')} />
        </FormField>
        <FormField label="Tournament Date" error={errors.tournamentDate} hint={`Your time zone: ${timeZone}`}>
          <Input type="datetime-local" {...form.register('tournamentDate')} />
        </FormField>
      </div>
      <FormField label="Roster Locks (optional)" error={errors.rosterLocksAt} hint="Captains can change Riot IDs until then; empty: at registration close.">
        <Input type="datetime-local" {...form.register('rosterLocksAt')} />
      </FormField>
      <fieldset className="grid gap-3 rounded-lg border border-border p-3">
        <legend className="px-1 text-sm font-semibold">Check-in</legend>
        <label className="flex items-center gap-2 text-sm font-medium">
          <input type="checkbox" className="size-4 accent-primary" {...form.register('checkInEnabled')} />
          Captains check in before the start (teams that do not are no-shows)
        </label>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Check-in Opens (optional)" error={errors.checkInOpensAt} hint="Empty: 60 minutes before the start.">
            <Input type="datetime-local" {...form.register('checkInOpensAt')} />
          </FormField>
          <FormField label="Check-in Closes (optional)" error={errors.checkInClosesAt} hint="Empty: at the start.">
            <Input type="datetime-local" {...form.register('checkInClosesAt')} />
          </FormField>
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Page Address (optional)"
          error={errors.slug}
          hint={tournament ? 'The cup’s page is /tournaments/ and this; after a change the old address still leads here.' : 'Empty: made from the name.'}
        >
          <Input placeholder="winter-clash-2026" autoCapitalize="none" spellCheck={false} {...form.register('slug')} />
        </FormField>
        <FormField label="Stream (optional)" error={errors.streamUrl} hint="A Twitch channel or a YouTube video address, shown on the cup’s page.">
          <Input type="url" placeholder="https://www.twitch.tv/yourchannel" {...form.register('streamUrl')} />
        </FormField>
      </div>
      <fieldset className="grid gap-4 rounded-lg border border-border p-3 sm:grid-cols-2">
        <legend className="px-1 text-sm font-semibold">Matches</legend>
        <FormField label="Scoring Rule" error={errors.scoringRule} hint="How each map's rounds are checked when a result is entered.">
          <NativeSelect {...form.register('scoringRule')}>
            {scoringRules.map((rule) => (
              <option key={rule} value={rule}>
                {scoringRuleLabels[rule]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField
          label="Veto Turn (seconds)"
          error={errors.vetoTurnSeconds}
          hint={`Each captain's time per veto turn (${vetoTurnLimits.minSeconds} to ${vetoTurnLimits.maxSeconds}); then the site chooses at random.`}
        >
          <Input
            type="number"
            inputMode="numeric"
            min={vetoTurnLimits.minSeconds}
            max={vetoTurnLimits.maxSeconds}
            step={1}
            {...form.register('vetoTurnSeconds', { valueAsNumber: true })}
          />
        </FormField>
      </fieldset>
      <FormField label="Rules (optional)" error={errors.rules}>
        <Textarea rows={4} placeholder="Free-text rules shown on the home and rules pages" {...form.register('rules')} />
      </FormField>
      <FormDialogFooter isSaving={isSaving} submitLabel={tournament ? 'Update Tournament' : 'Create Tournament'} />
    </form>
  );
}
