import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Copy, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { twoFactorCodeSchema, twoFactorEnableSchema, type TwoFactorCodeInput, type TwoFactorEnableInput, type TwoFactorSetup } from '../../../../shared/schemas/auth';
import { HttpError } from '../../../api';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import { useAccountChanged, useDisableTwoFactor, useEnableTwoFactor, useTwoFactorSetup } from './queries';
import { authUserQuery } from '../../../queries/public';
import { showServerIssues } from '../shared/server-issues';
import type { Translate } from '../../../../shared/i18n/translator';
import { useT } from '../../../i18n/i18n';

/** The server's reason when it gave one (a role that must keep two-factor, a set-up already done), else a retry. */
const failed = (title: string, error: unknown, t: Translate) =>
  toast({ title, description: (error instanceof HttpError && error.status < 500 && error.serverMessage) || t('Please try again.'), variant: 'destructive' });

/**
 * Two-factor sign-in for the signed-in account: scan (or type) the secret, confirm with a first
 * code, keep the recovery codes; or turn it off with a code.
 */
export function TwoFactorCard() {
  const t = useT();
  const { data: user } = useQuery(authUserQuery());
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const accountChanged = useAccountChanged();
  // Just turned on: the account is read again only once its recovery codes are put away (useEnableTwoFactor).
  const enabled = !!user?.twoFactorEnabled || recoveryCodes !== null;
  const putAway = () => {
    setRecoveryCodes(null);
    accountChanged();
  };
  return (
    <Card>
      <CardHeader>
        <h2 className="flex flex-wrap items-center gap-2 text-lg font-bold">
          {t('Two-Factor Sign-In')}
          <Badge variant={enabled ? 'success' : 'outline'}>{enabled ? t('On') : t('Off')}</Badge>
        </h2>
        <CardDescription>{t('A code from an authenticator app (Google Authenticator, 1Password, Aegis…) after your password.')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {recoveryCodes ? (
          <RecoveryCodes codes={recoveryCodes} onDone={putAway} />
        ) : enabled ? (
          <TurnOff mayTurnOff={!user?.mustEnrolTwoFactor} />
        ) : (
          <Enrol onEnabled={setRecoveryCodes} />
        )}
      </CardContent>
    </Card>
  );
}

function CodeForm({
  label,
  busy,
  onCode,
}: {
  label: string;
  busy: boolean;
  onCode: (values: TwoFactorCodeInput, form: ReturnType<typeof useForm<TwoFactorCodeInput>>) => void;
}) {
  const t = useT();
  const form = useForm<TwoFactorCodeInput>({ resolver: zodResolver(twoFactorCodeSchema), defaultValues: { code: '' } });
  return (
    <form onSubmit={form.handleSubmit((values) => onCode(values, form))} noValidate aria-label={label} className="flex flex-wrap items-start gap-3">
      <div className="min-w-40 flex-1">
        <FormField label={t('Code')} error={form.formState.errors.code}>
          <Input autoComplete="one-time-code" autoCapitalize="none" spellCheck={false} {...form.register('code')} />
        </FormField>
      </div>
      <Button type="submit" className="mt-7" disabled={busy}>
        {label}
      </Button>
    </form>
  );
}

function Enrol({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const t = useT();
  const setup = useTwoFactorSetup();
  const enable = useEnableTwoFactor();
  const [pending, setPending] = useState<TwoFactorSetup | null>(null);

  if (!pending) {
    return (
      <Button
        className="justify-self-start"
        disabled={setup.isPending}
        onClick={() => setup.mutate(undefined, { onSuccess: setPending, onError: (error) => failed(t('Could Not Start Set-Up'), error, t) })}
      >
        <ShieldCheck aria-hidden />
        {t('Set Up Two-Factor')}
      </Button>
    );
  }
  return (
    <div className="grid gap-4">
      <ol className="grid list-decimal gap-3 pl-5 text-sm">
        <li>
          {t('Scan this code with your authenticator app.')}
          {/* Made on the server from the secret below; an SVG of squares, no script. */}
          <div
            className="mt-2 w-44 rounded-md bg-white p-2"
            role="img"
            aria-label={t('QR code of the secret')}
            dangerouslySetInnerHTML={{ __html: pending.qrSvg }}
          />
        </li>
        <li>
          {t('Or type this secret into it:')}{' '}
          <code className="break-all rounded bg-surface px-1.5 py-0.5 font-mono" data-testid="two-factor-secret">
            {pending.secret}
          </code>
        </li>
        <li>{t('Enter the 6-digit code the app shows, and your password.')}</li>
      </ol>
      <EnableForm
        busy={enable.isPending}
        onSubmit={(values, form) =>
          enable.mutate(values, {
            onSuccess: ({ recoveryCodes }) => {
              toast({ title: t('Two-Factor On'), description: t('Keep your recovery codes somewhere safe.'), variant: 'success' });
              onEnabled(recoveryCodes);
            },
            onError: (error) => {
              if (!showServerIssues(error, form.setError, ['code', 'currentPassword'])) failed(t('Could Not Turn On Two-Factor'), error, t);
            },
          })
        }
      />
    </div>
  );
}

/** The first code and the password: a signed-in session alone cannot put its own authenticator on the account. */
function EnableForm({
  busy,
  onSubmit,
}: {
  busy: boolean;
  onSubmit: (values: TwoFactorEnableInput, form: ReturnType<typeof useForm<TwoFactorEnableInput>>) => void;
}) {
  const t = useT();
  const form = useForm<TwoFactorEnableInput>({ resolver: zodResolver(twoFactorEnableSchema), defaultValues: { code: '', currentPassword: '' } });
  return (
    <form onSubmit={form.handleSubmit((values) => onSubmit(values, form))} noValidate aria-label={t('Turn on two-factor')} className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
      <FormField label={t('Code')} error={form.formState.errors.code}>
        <Input autoComplete="one-time-code" autoCapitalize="none" spellCheck={false} {...form.register('code')} />
      </FormField>
      <FormField label={t('Your Password')} error={form.formState.errors.currentPassword}>
        <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
      </FormField>
      <Button type="submit" className="sm:mt-7" disabled={busy}>
        {t('Turn On')}
      </Button>
    </form>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useT();
  return (
    <div className="grid gap-3" role="region" aria-label={t('Recovery codes')}>
      <p className="text-sm">{t('Each of these codes signs you in once if you lose your phone. They are shown only now: copy them somewhere safe.')}</p>
      <ul className="grid grid-cols-2 gap-2 font-mono text-sm" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code} className="rounded bg-surface px-2 py-1">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          onClick={() =>
            void navigator.clipboard
              ?.writeText(codes.join('\n'))
              .then(() => toast({ title: t('Copied'), description: t('The recovery codes are on your clipboard.') }))
          }
        >
          <Copy aria-hidden />
          {t('Copy Codes')}
        </Button>
        <Button onClick={onDone}>{t('I Have Saved Them')}</Button>
      </div>
    </div>
  );
}

function TurnOff({ mayTurnOff }: { mayTurnOff: boolean }) {
  const t = useT();
  const disable = useDisableTwoFactor();
  if (!mayTurnOff) return <p className="text-sm text-muted">{t('Your role must sign in with two-factor: it stays on.')}</p>;
  return (
    <div className="grid gap-2">
      <p className="text-sm text-muted">{t('To turn it off, enter a code from your app or a recovery code.')}</p>
      <CodeForm
        label={t('Turn Off')}
        busy={disable.isPending}
        onCode={(values, form) =>
          disable.mutate(values, {
            onSuccess: () => toast({ title: t('Two-Factor Off'), description: t('Your password alone signs you in again.') }),
            onError: (error) => {
              if (!showServerIssues(error, form.setError, ['code'])) failed(t('Could Not Turn Off Two-Factor'), error, t);
            },
          })
        }
      />
    </div>
  );
}
