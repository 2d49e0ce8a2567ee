import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Plus, X } from 'lucide-react';
import { lazy, Suspense, useCallback, useId, useRef, useState, type RefObject } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { recognizeHighlight } from '../../../../shared/highlights';
import { highlightTypes, type Champion } from '../../../../shared/schemas/champion';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input, Label, Textarea } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/select';
import { toast } from '../../../components/ui/use-toast';
import { isConfirmedTeam } from '../../../../shared/schemas/team';
import { adminTeamsQuery } from '../shared/queries';
import { useCreateChampion, useUpdateChampion } from './queries';
import { tournamentsQuery } from '../../../queries/public';
import {
  championFormSchema,
  championFormValuesOf,
  emptyChampion,
  toChampionInput,
  toDateInputValue,
  type ChampionFormInput,
  type ChampionFormValues,
} from './champion-form-schema';
import { LogoField } from './logo-field';
import { showServerIssues } from '../shared/server-issues';
import { FormDialogFooter } from '../shared/form-dialog-footer';
import { CurrencySelect } from '../shared/currency-select';
import { useT } from '../../../i18n/i18n';

/** The highlight's address as an example; a link, the same in every language. */
const highlightUrlExample = 'https://youtube.com/watch?v=…';

const fieldNames = Object.keys(emptyChampion);

const LogoUploadModal = lazy(() => import('./logo-upload-modal').then((m) => ({ default: m.LogoUploadModal })));

/**
 * Add (no `champion`) or edit. The form state lives here, outside the dialog: while the Uppy
 * modal is open the dialog steps aside (two modals would fight over focus and clicks) and comes
 * back with everything typed so far.
 */
export function ChampionFormDialog({ champion, open, onOpenChange }: { champion?: Champion; open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useT();
  const defaults = champion ? championFormValuesOf(champion) : emptyChampion;
  const form = useForm<ChampionFormInput, unknown, ChampionFormValues>({ resolver: zodResolver(championFormSchema), defaultValues: defaults });
  const [isUploaderOpen, setIsUploaderOpen] = useState(false);
  const [hasUploader, setHasUploader] = useState(false);
  const closeUploader = useCallback(() => setIsUploaderOpen(false), []);
  // While the uploader is out the dialog is closed, not done: focus goes to the uploader and then back to 'Upload Logo'.
  const uploadButton = useRef<HTMLButtonElement>(null);
  const isBackFromUploader = useRef(false);
  const setLogo = useCallback((objectPath: string) => form.setValue('teamLogoUrl', objectPath, { shouldDirty: true }), [form]);
  const close = () => {
    form.reset(defaults);
    onOpenChange(false);
  };

  return (
    <>
      <Dialog open={open && !isUploaderOpen} onOpenChange={(next) => !next && close()}>
        <DialogContent
          className="max-w-2xl"
          onOpenAutoFocus={(event) => {
            if (!isBackFromUploader.current) return;
            isBackFromUploader.current = false;
            event.preventDefault();
            uploadButton.current?.focus();
          }}
          onCloseAutoFocus={(event) => isUploaderOpen && event.preventDefault()}
        >
          <DialogHeader>
            <DialogTitle>{champion ? t('Edit Champion') : t('Add Champion')}</DialogTitle>
            <DialogDescription>{champion ? t('Change this hall of fame entry.') : t('Record a team that placed in a completed tournament.')}</DialogDescription>
          </DialogHeader>
          <ChampionForm
            form={form}
            champion={champion}
            onDone={close}
            uploadButtonRef={uploadButton}
            onUploadLogo={() => {
              isBackFromUploader.current = true;
              setHasUploader(true);
              setIsUploaderOpen(true);
            }}
          />
        </DialogContent>
      </Dialog>
      {hasUploader && (
        <Suspense fallback={null}>
          <LogoUploadModal open={open && isUploaderOpen} onClose={closeUploader} onUploaded={setLogo} />
        </Suspense>
      )}
    </>
  );
}

function ChampionForm({
  form,
  champion,
  onDone,
  onUploadLogo,
  uploadButtonRef,
}: {
  form: UseFormReturn<ChampionFormInput, unknown, ChampionFormValues>;
  champion?: Champion;
  onDone: () => void;
  onUploadLogo: () => void;
  uploadButtonRef: RefObject<HTMLButtonElement | null>;
}) {
  const t = useT();
  const create = useCreateChampion();
  const update = useUpdateChampion();
  const isEdit = !!champion;
  const { errors } = form.formState;
  const players = useFieldArray({ control: form.control, name: 'playerNames' });
  const highlights = useFieldArray({ control: form.control, name: 'highlights' });
  const isSaving = create.isPending || update.isPending;

  const tournamentId = useWatch({ control: form.control, name: 'tournamentId' }) ?? '';
  const teamId = useWatch({ control: form.control, name: 'teamId' }) ?? '';
  const tournaments = useQuery(tournamentsQuery());
  const teams = useQuery(adminTeamsQuery(tournamentId || undefined));
  // Only teams that made it in (paid, or free): not unpaid holds, nor teams refunded or removed. A team already linked stays offered.
  const pickableTeams = teams.data?.filter((team) => isConfirmedTeam(team) || team.id === champion?.teamId);

  const onTournamentChosen = (id: string) => {
    form.setValue('teamId', '');
    const chosen = tournaments.data?.find((tournament) => tournament.id === id);
    if (!chosen) return;
    form.setValue('tournamentName', chosen.name, { shouldValidate: form.formState.isSubmitted });
    form.setValue('tournamentDate', toDateInputValue(chosen.tournamentDate), { shouldValidate: form.formState.isSubmitted });
  };

  const onTeamChosen = (id: string) => {
    const chosen = pickableTeams?.find((team) => team.id === id);
    if (!chosen) return;
    form.setValue('teamName', chosen.name, { shouldValidate: form.formState.isSubmitted });
    if (chosen.logoUrl) form.setValue('teamLogoUrl', chosen.logoUrl);
    players.replace([...chosen.players.map((p) => ({ value: p.riotId })), ...chosen.substitutes.map((s) => ({ value: s.riotId }))]);
  };

  const onSubmit = form.handleSubmit((values) => {
    const input = toChampionInput(values);
    const onSuccess = (saved: Champion) => {
      toast({
        title: isEdit ? t('Champion Updated') : t('Champion Added'),
        description: isEdit ? t('{teamName} has been updated.', { teamName: saved.teamName }) : t('{teamName} has been added to the hall of fame.', { teamName: saved.teamName }),
        variant: 'success',
      });
      onDone();
    };
    const onError = (error: Error) => {
      showServerIssues(error, form.setError, fieldNames);
      toast({
        title: t('Error'),
        description: isEdit ? t('Failed to update champion. Please try again.') : t('Failed to add champion. Please try again.'),
        variant: 'destructive',
      });
    };
    if (champion) update.mutate({ id: champion.id, input }, { onSuccess, onError });
    else create.mutate(input, { onSuccess, onError });
  });

  const tournamentField = form.register('tournamentId');
  const teamField = form.register('teamId');
  const playerListError = errors.playerNames?.root ?? (errors.playerNames?.message ? errors.playerNames : undefined);
  const playerListErrorId = useId();

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('Tournament (optional)')} error={errors.tournamentId} hint={t('Fills in the name and date')}>
          {/* Controlled: the champion's tournament shows once the list arrives, not "Not linked" because it came after the dialog opened. */}
          <NativeSelect
            {...tournamentField}
            value={tournamentId}
            onChange={(event) => {
              void tournamentField.onChange(event);
              onTournamentChosen(event.target.value);
            }}
          >
            <option value="">{t('Not linked')}</option>
            {tournaments.data?.map((tournament) => (
              <option key={tournament.id} value={tournament.id}>
                {tournament.name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label={t('Registered Team (optional)')} error={errors.teamId} hint={t('Confirmed teams; fills in the team and its players')}>
          <NativeSelect
            {...teamField}
            value={teamId}
            disabled={!tournamentId}
            onChange={(event) => {
              void teamField.onChange(event);
              onTeamChosen(event.target.value);
            }}
          >
            <option value="">{t('Not linked')}</option>
            {pickableTeams?.map((team) => (
              <option key={team.id} value={team.id}>
                {team.name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('Tournament Name')} error={errors.tournamentName}>
          <Input {...form.register('tournamentName')} />
        </FormField>
        <FormField label={t('Tournament Date')} error={errors.tournamentDate}>
          <Input type="date" {...form.register('tournamentDate')} />
        </FormField>
      </div>
      <FormField label={t('Team Name')} error={errors.teamName}>
        <Input {...form.register('teamName')} />
      </FormField>
      <Controller
        control={form.control}
        name="teamLogoUrl"
        render={({ field }) => <LogoField value={field.value ?? ''} onClear={() => field.onChange('')} onUpload={onUploadLogo} uploadButtonRef={uploadButtonRef} />}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField label={t('Placement')} error={errors.placement}>
          <Input type="number" inputMode="numeric" min={1} step={1} {...form.register('placement', { valueAsNumber: true })} />
        </FormField>
        <FormField label={t('Prize Amount (optional)')} error={errors.prizeAmount}>
          <Input inputMode="decimal" placeholder="2500" {...form.register('prizeAmount')} />
        </FormField>
        <FormField label={t('Currency')} error={errors.currency}>
          <CurrencySelect {...form.register('currency')} />
        </FormField>
      </div>

      <fieldset className="grid gap-2" aria-describedby={playerListError?.message ? playerListErrorId : undefined}>
        <legend className="mb-1 text-sm font-medium">{t('Players')}</legend>
        {players.fields.map((field, index) => (
          <FormField key={field.id} label={t('Player {number}', { number: index + 1 })} error={errors.playerNames?.[index]?.value}>
            {(control) => (
              <div className="flex gap-2">
                <Input {...control} placeholder={t('Player {number}', { number: index + 1 })} {...form.register(`playerNames.${index}.value` as const)} />
                {players.fields.length > 1 && (
                  <Button type="button" variant="ghost" size="icon" aria-label={t('Remove player {number}', { number: index + 1 })} onClick={() => players.remove(index)}>
                    <X aria-hidden />
                  </Button>
                )}
              </div>
            )}
          </FormField>
        ))}
        {playerListError?.message && (
          <p id={playerListErrorId} role="alert" className="text-sm font-medium text-red-400">
            {t(playerListError.message)}
          </p>
        )}
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="w-fit"
          onClick={() => players.append({ value: '' })}
          disabled={players.fields.length >= 20}
        >
          <Plus aria-hidden />
          {t('Add Player')}
        </Button>
      </fieldset>

      <fieldset className="grid gap-3">
        <legend className="mb-1 text-sm font-medium">{t('Highlights (optional)')}</legend>
        {highlights.fields.map((field, index) => {
          const rowErrors = errors.highlights?.[index];
          // In the edit form the first highlight row stays (clear it to drop it).
          const isRemovable = !isEdit || index > 0;
          return (
            <div key={field.id} className="grid gap-2 rounded-lg border border-border p-3" data-testid="highlight-row">
              <div className="flex items-center justify-between">
                <Label className="text-xs uppercase tracking-wide text-muted">{t('Highlight {number}', { number: index + 1 })}</Label>
                {isRemovable && (
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="h-8 w-8"
                    aria-label={t('Remove highlight {number}', { number: index + 1 })}
                    onClick={() => highlights.remove(index)}
                  >
                    <X aria-hidden />
                  </Button>
                )}
              </div>
              <div className="grid gap-2 sm:grid-cols-[1fr_1fr_8rem]">
                <FormField label={t('Title')} error={rowErrors?.title}>
                  <Input {...form.register(`highlights.${index}.title` as const)} />
                </FormField>
                <FormField label={t('URL')} error={rowErrors?.url}>
                  <Input
                    type="url"
                    inputMode="url"
                    placeholder={highlightUrlExample}
                    {...form.register(`highlights.${index}.url` as const, {
                      onChange: (event: { target: { value: string } }) => {
                        // Picks the platform from the link; the organizer can still change it.
                        const { platform } = recognizeHighlight(event.target.value, window.location.host);
                        if (platform === 'youtube' || platform === 'twitch') form.setValue(`highlights.${index}.type`, platform);
                      },
                    })}
                  />
                </FormField>
                <FormField label={t('Type')} error={rowErrors?.type}>
                  <NativeSelect {...form.register(`highlights.${index}.type` as const)}>
                    {highlightTypes.map((type) => (
                      <option key={type} value={type}>
                        {type === 'youtube' ? 'YouTube' : 'Twitch'}
                      </option>
                    ))}
                  </NativeSelect>
                </FormField>
              </div>
            </div>
          );
        })}
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="w-fit"
          onClick={() => highlights.append({ title: '', url: '', type: 'youtube' })}
          disabled={highlights.fields.length >= 20}
        >
          <Plus aria-hidden />
          {t('Add Highlight')}
        </Button>
      </fieldset>

      <FormField label={t('Team Quote (optional)')} error={errors.teamQuote}>
        <Textarea rows={2} className="min-h-16" {...form.register('teamQuote')} />
      </FormField>

      <FormDialogFooter isSaving={isSaving} submitLabel={isEdit ? t('Update Champion') : t('Add Champion')} />
    </form>
  );
}
