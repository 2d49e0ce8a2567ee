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
import { useT } from '../../../i18n/i18n';

/** An example stream address for the placeholder: a link, the same in every language. */
const streamUrlExample = 'https://www.twitch.tv/yourchannel';

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
  const t = useT();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{tournament ? t('Edit Tournament') : t('Create Tournament')}</DialogTitle>
          <DialogDescription>{tournament ? t('Change the details of this tournament.') : t('New tournaments start inactive with registration closed.')}</DialogDescription>
        </DialogHeader>
        <TournamentForm tournament={tournament} onDone={() => onOpenChange(false)} />
        {/* Saved on its own (PUT …/map-pool): the server refuses it once a veto has begun. */}
        {tournament && <MapPoolEditor tournament={tournament} />}
      </DialogContent>
    </Dialog>
  );
}

function TournamentForm({ tournament, onDone }: { tournament?: Tournament; onDone: () => void }) {
  const t = useT();
  const create = useCreateTournament();
  const update = useUpdateTournament();
  const form = useForm<TournamentInput, unknown, TournamentValues>({
    resolver: zodResolver(tournament ? tournamentInputSchema : newTournamentSchema(() => new Date())),
    defaultValues: tournament ? formValuesOf(tournament) : emptyTournament,
  });
  const { errors } = form.formState;
  const isSaving = create.isPending || update.isPending;
  const timeZone = localTimeZoneName(t);

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
        title: tournament ? t('Tournament Updated') : t('Tournament Created'),
        description: tournament ? t('{name} has been updated.', { name: saved.name }) : t('{name} has been created.', { name: saved.name }),
        variant: 'success',
      });
      form.reset(emptyTournament);
      onDone();
    };
    const onError = (error: Error) => {
      showServerIssues(error, form.setError, fieldNames);
      toast({
        title: t('Error'),
        description: tournament ? t('Failed to update tournament. Please try again.') : t('Failed to create tournament. Please try again.'),
        variant: 'destructive',
      });
    };
    if (tournament) update.mutate({ id: tournament.id, input }, { onSuccess, onError });
    else create.mutate(input, { onSuccess, onError });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField label={t('Tournament Name')} error={errors.name}>
        <Input placeholder={t('Winter Clash 2026')} {...form.register('name')} />
      </FormField>
      <FormField label={t('Description (optional)')} error={errors.description}>
        <Textarea rows={2} className="min-h-16" placeholder={t('What makes this cup special')} {...form.register('description')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('Format')} error={errors.format}>
          <Input placeholder={t('5v5 Single Elimination')} {...form.register('format')} />
        </FormField>
        <FormField label={t('Max Teams')} error={errors.maxTeams}>
          <Input type="number" inputMode="numeric" min={tournamentLimits.minMaxTeams} step={1} {...form.register('maxTeams', { valueAsNumber: true })} />
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField label={t('Prize Pool')} error={errors.prizePool}>
          <Input inputMode="decimal" placeholder="5000" {...form.register('prizePool')} />
        </FormField>
        <FormField label={t('Entry Fee')} error={errors.entryFee}>
          <Input inputMode="decimal" placeholder="25" {...form.register('entryFee')} />
        </FormField>
        <FormField label={t('Currency')} error={errors.currency}>
          <CurrencySelect {...form.register('currency')} />
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('Registration Closes')} error={errors.registrationCloses} hint={t('Your time zone: {timeZone}', { timeZone })}>
          <Input type="datetime-local" {...form.register('registrationCloses')} />
        </FormField>
        <FormField label={t('Tournament Date')} error={errors.tournamentDate} hint={t('Your time zone: {timeZone}', { timeZone })}>
          <Input type="datetime-local" {...form.register('tournamentDate')} />
        </FormField>
      </div>
      <FormField
        label={t('Roster Locks (optional)')}
        error={errors.rosterLocksAt}
        hint={t('Captains can change Riot IDs until then; empty: at registration close.')}
      >
        <Input type="datetime-local" {...form.register('rosterLocksAt')} />
      </FormField>
      <fieldset className="grid gap-3 rounded-lg border border-border p-3">
        <legend className="px-1 text-sm font-semibold">{t('Check-in')}</legend>
        <label className="flex items-center gap-2 text-sm font-medium">
          <input type="checkbox" className="size-4 accent-primary" {...form.register('checkInEnabled')} />
          {t('Captains check in before the start (teams that do not are no-shows)')}
        </label>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={t('Check-in Opens (optional)')} error={errors.checkInOpensAt} hint={t('Empty: 60 minutes before the start.')}>
            <Input type="datetime-local" {...form.register('checkInOpensAt')} />
          </FormField>
          <FormField label={t('Check-in Closes (optional)')} error={errors.checkInClosesAt} hint={t('Empty: at the start.')}>
            <Input type="datetime-local" {...form.register('checkInClosesAt')} />
          </FormField>
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label={t('Page Address (optional)')}
          error={errors.slug}
          hint={tournament ? t('The cup’s page is /tournaments/ and this; after a change the old address still leads here.') : t('Empty: made from the name.')}
        >
          <Input placeholder={t('winter-clash-2026')} autoCapitalize="none" spellCheck={false} {...form.register('slug')} />
        </FormField>
        <FormField label={t('Stream (optional)')} error={errors.streamUrl} hint={t('A Twitch channel or a YouTube video address, shown on the cup’s page.')}>
          <Input type="url" placeholder={streamUrlExample} {...form.register('streamUrl')} />
        </FormField>
      </div>
      <fieldset className="grid gap-4 rounded-lg border border-border p-3 sm:grid-cols-2">
        <legend className="px-1 text-sm font-semibold">{t('Matches')}</legend>
        <FormField label={t('Scoring Rule')} error={errors.scoringRule} hint={t("How each map's rounds are checked when a result is entered.")}>
          <NativeSelect {...form.register('scoringRule')}>
            {scoringRules.map((rule) => (
              <option key={rule} value={rule}>
                {t(scoringRuleLabels[rule])}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField
          label={t('Veto Turn (seconds)')}
          error={errors.vetoTurnSeconds}
          hint={t("Each captain's time per veto turn ({min} to {max}); then the site chooses at random.", { min: vetoTurnLimits.minSeconds, max: vetoTurnLimits.maxSeconds })}
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
      <FormField label={t('Rules (optional)')} error={errors.rules}>
        <Textarea rows={4} placeholder={t('Free-text rules shown on the home and rules pages')} {...form.register('rules')} />
      </FormField>
      <FormDialogFooter isSaving={isSaving} submitLabel={tournament ? t('Update Tournament') : t('Create Tournament')} />
    </form>
  );
}
