import { zodResolver } from '@hookform/resolvers/zod';
import ImagePlus from 'lucide-react/icons/image-plus';
import Loader2 from 'lucide-react/icons/loader-circle';
import Shield from 'lucide-react/icons/shield';
import Users from 'lucide-react/icons/users';
import UserRound from 'lucide-react/icons/user-round';
import X from 'lucide-react/icons/x';
import { useEffect, useState, type ComponentProps, type ReactNode } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { NavAnchor } from '../../components/layout/nav-anchor';
import { msg } from '../../../shared/i18n/msg';
import type { Translate } from '../../../shared/i18n/translator';
import { paths } from '../../../shared/paths';
import { registrationFormSchema, type PendingRegistration, type RegistrationForm } from '../../../shared/schemas/team';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { useT } from '../../i18n/i18n';
import { ConsentFields, fieldId, MissingConsent, useMissingConsent } from './consent-fields';

export const notAnImageMessage = msg('This file is not an image. Choose a PNG, JPEG, WebP, GIF or AVIF file.');
const logoTooBigMessage = msg('The logo must be 5 MB or smaller');

/** A field's message (a schema's, the server's, this form's) in the page's language. */
export function translatedError(error: { message?: string } | undefined, t: Translate): { message: string } | undefined {
  return error?.message ? { message: t(error.message) } : undefined;
}

/** Whether the browser can decode the file as a picture: what its type claims is not enough. */
function isReadableImage(file: File): Promise<boolean> {
  const url = URL.createObjectURL(file);
  const image = new Image();
  image.src = url;
  return image
    .decode()
    .then(
      () => image.naturalWidth > 0,
      () => false,
    )
    .finally(() => URL.revokeObjectURL(url));
}

/** Logos go through the server's image pipeline, which takes up to 5 MB. */
export const MAX_LOGO_BYTES = 5 * 1024 * 1024;

export const emptyRegistrationForm: RegistrationForm = {
  teamName: '',
  logoFile: null,
  captainDiscord: '',
  captainRiotId: '',
  captainEmail: '',
  player2RiotId: '',
  player3RiotId: '',
  player4RiotId: '',
  player5RiotId: '',
  sub1RiotId: '',
  sub2RiotId: '',
  acceptedTerms: false,
  ageConfirmed: false,
};

/** Where a server validation issue (POST /api/teams) belongs in this form. */
export function fieldForIssue(path: string): keyof RegistrationForm | null {
  if (path === 'name') return 'teamName';
  if (path === 'captainDiscord' || path === 'captainRiotId' || path === 'captainEmail') return path;
  const player = /^players\.(\d)\.riotId$/.exec(path);
  if (player) return Number(player[1]) === 0 ? 'captainRiotId' : (`player${Number(player[1]) + 1}RiotId` as keyof RegistrationForm);
  const sub = /^substitutes\.(\d)\.riotId$/.exec(path);
  if (sub) return `sub${Number(sub[1]) + 1}RiotId` as keyof RegistrationForm;
  return null;
}

export function useRegistrationForm(defaultValues: RegistrationForm = emptyRegistrationForm): UseFormReturn<RegistrationForm> {
  return useForm<RegistrationForm>({ resolver: zodResolver(registrationFormSchema), defaultValues });
}

/** Step 1's values of a registration resumed after a reload (shown locked, as after creating it). */
export function formValuesOf(registration: PendingRegistration): RegistrationForm {
  const [player2RiotId = '', player3RiotId = '', player4RiotId = '', player5RiotId = ''] = registration.players;
  const [sub1RiotId = '', sub2RiotId = ''] = registration.substitutes;
  return {
    ...emptyRegistrationForm,
    teamName: registration.name,
    captainDiscord: registration.captainDiscord,
    captainRiotId: registration.captainRiotId,
    captainEmail: registration.captainEmail ?? '',
    player2RiotId,
    player3RiotId,
    player4RiotId,
    player5RiotId,
    sub1RiotId,
    sub2RiotId,
    acceptedTerms: true,
    ageConfirmed: true,
  };
}

function Section({ icon: Icon, title, children }: { icon: typeof Users; title: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 rounded-lg border border-border bg-background/40 p-4 sm:p-5">
      <legend className="flex items-center gap-2 px-1 text-base font-bold">
        <Icon aria-hidden className="size-4 text-accent" />
        {title}
      </legend>
      {children}
    </fieldset>
  );
}

function LogoPicker({ form, isLocked }: { form: UseFormReturn<RegistrationForm>; isLocked: boolean }) {
  const file = form.watch('logoFile');
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  const t = useT();
  const error = form.formState.errors.logoFile;

  return (
    <FormField id={fieldId('logoFile')} label={t('Team Logo (optional)')} error={translatedError(error, t)} hint={t('PNG, JPEG, WebP, GIF or AVIF, up to 5 MB.')}>
      {(control) => (
        <div className="flex items-center gap-3">
          <span className="grid size-14 shrink-0 place-items-center overflow-hidden rounded-lg border border-border bg-surface-2 text-muted">
            {preview ? <img src={preview} alt={t('Logo preview')} className="size-full object-cover" /> : <ImagePlus aria-hidden className="size-6" />}
          </span>
          <Input
            {...control}
            type="file"
            accept="image/*"
            disabled={isLocked}
            className="h-auto cursor-pointer py-2 file:mr-3 file:rounded file:border-0 file:bg-surface-2 file:px-3 file:py-1 file:text-sm file:font-semibold file:text-foreground"
            onChange={async (event) => {
              const input = event.target;
              const chosen = input.files?.[0] ?? null;
              // A file named .png that is no image would show a broken preview and be dropped at upload: refused here, with why.
              if (chosen && !(chosen.type.startsWith('image/') && (await isReadableImage(chosen)))) {
                form.setError('logoFile', { message: notAnImageMessage });
                input.value = '';
                form.setValue('logoFile', null);
                return;
              }
              if (chosen && chosen.size > MAX_LOGO_BYTES) {
                form.setError('logoFile', { message: logoTooBigMessage });
                event.target.value = '';
                form.setValue('logoFile', null);
                return;
              }
              form.clearErrors('logoFile');
              form.setValue('logoFile', chosen);
            }}
          />
          {file && !isLocked && (
            <Button type="button" variant="ghost" size="icon" aria-label={t('Remove logo')} onClick={() => form.setValue('logoFile', null)}>
              <X aria-hidden />
            </Button>
          )}
        </div>
      )}
    </FormField>
  );
}

/**
 * Step 1. Once the team exists (`isLocked`) its details can no longer change here: going on
 * reuses the team and its held spot instead of registering it a second time.
 */
export function TeamInfoStep({
  form,
  onSubmit,
  isPending,
  isLocked,
  onContinueWithCreatedTeam,
  labels,
}: {
  form: UseFormReturn<RegistrationForm>;
  onSubmit: (values: RegistrationForm) => void;
  isPending: boolean;
  isLocked: boolean;
  onContinueWithCreatedTeam: () => void;
  /** The waitlist's form (the same step 1) says what it does instead (texts in the page's language). */
  labels?: { submit: string; pending: string; description: string | null };
}) {
  const t = useT();
  const { submit, pending, description } = labels ?? { submit: t('Continue to Payment'), pending: t('Creating Team...'), description: null };
  const { errors } = form.formState;
  const errorOf = (name: keyof RegistrationForm) => translatedError(errors[name], t);
  const missingConsentId = fieldId('missing-consent');
  const missingConsent = useMissingConsent(form);
  const describeContinue = !isLocked && missingConsent.length > 0;
  const text = (name: Exclude<keyof RegistrationForm, 'logoFile' | 'acceptedTerms' | 'ageConfirmed'>, props: ComponentProps<typeof Input> = {}) => (
    <Input autoComplete="off" spellCheck={false} readOnly={isLocked} {...props} {...form.register(name)} />
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-xl">{t('Team Information')}</CardTitle>
        <CardDescription>
          {isLocked
            ? t('Your team is registered and its spot is held while you complete the next steps.')
            : (description ?? t('Tell us about your team. You need a captain and four more players; substitutes are optional.'))}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          className="grid gap-6"
          onSubmit={isLocked ? (event) => (event.preventDefault(), onContinueWithCreatedTeam()) : form.handleSubmit(onSubmit)}
        >
          <Section icon={Shield} title={t('Team')}>
            <FormField id={fieldId('teamName')} label={t('Team Name')} error={errorOf('teamName')}>
              {text('teamName', { placeholder: t('Your team name') })}
            </FormField>
            <LogoPicker form={form} isLocked={isLocked} />
          </Section>

          <Section icon={UserRound} title={t('Captain')}>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField id={fieldId('captainRiotId')} label={t('Captain Riot ID')} error={errorOf('captainRiotId')}>
                {text('captainRiotId', { placeholder: t('Player#1234') })}
              </FormField>
              <FormField id={fieldId('captainDiscord')} label={t('Discord Username')} error={errorOf('captainDiscord')}>
                {text('captainDiscord', { placeholder: t('username') })}
              </FormField>
              <FormField id={fieldId('captainEmail')} label={t('Captain Email (optional)')} error={errorOf('captainEmail')} hint={t('For your receipt and your team link. Never shown publicly.')}>
                {text('captainEmail', { type: 'email', autoComplete: 'email', inputMode: 'email', placeholder: t('you@example.com') })}
              </FormField>
            </div>
          </Section>

          <Section icon={Users} title={t('Main Players')}>
            <div className="grid gap-4 sm:grid-cols-2">
              {([2, 3, 4, 5] as const).map((n) => (
                <FormField key={n} id={fieldId(`player${n}RiotId`)} label={t('Player {n} Riot ID', { n })} error={errorOf(`player${n}RiotId`)}>
                  {text(`player${n}RiotId`, { placeholder: t('Player#1234') })}
                </FormField>
              ))}
            </div>
          </Section>

          <Section icon={Users} title={t('Substitutes')}>
            <div className="grid gap-4 sm:grid-cols-2">
              {([1, 2] as const).map((n) => (
                <FormField key={n} id={fieldId(`sub${n}RiotId`)} label={t('Substitute {n} Riot ID (optional)', { n })} error={errorOf(`sub${n}RiotId`)}>
                  {text(`sub${n}RiotId`, { placeholder: t('Player#1234') })}
                </FormField>
              ))}
            </div>
          </Section>

          <ConsentFields form={form} isLocked={isLocked} />

          {errors.root?.server?.message && (
            <p role="alert" className="rounded-md border border-danger/60 bg-danger/10 px-3 py-2 text-sm font-medium text-red-300">
              {t(errors.root.server.message)}
            </p>
          )}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
            <Button asChild variant="outline">
              <NavAnchor to={paths.home}>{t('Cancel')}</NavAnchor>
            </Button>
            <Button type="submit" size="lg" disabled={isPending} aria-describedby={describeContinue ? missingConsentId : undefined}>
              {isPending ? (
                <>
                  <Loader2 aria-hidden className="animate-spin" />
                  {pending}
                </>
              ) : (
                submit
              )}
            </Button>
          </div>
          {describeContinue && <MissingConsent id={missingConsentId} missing={missingConsent} />}
        </form>
      </CardContent>
    </Card>
  );
}
