import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Monitor } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { passwordChangeFormSchema, type AccountSession, type PasswordChangeFormInput } from '../../../../shared/schemas/account';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/use-toast';
import { authUserQuery } from '../../../queries/public';
import { accountSessionsQuery, useChangePassword, useEndOtherSessions, useEndSession } from './queries';
import { showServerIssues } from '../shared/server-issues';
import { TwoFactorCard } from './two-factor-card';
import { DiscordLinkCard } from './discord-link-card';
import { useT } from '../../../i18n/i18n';
import { useFormats } from '../../../i18n/use-formats';

/** Own settings: every account changes its own password, ends its own sessions and (with a Discord application) links its Discord account. */
export function AccountTab() {
  const { data: user } = useQuery(authUserQuery());
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <PasswordCard username={user?.username ?? ''} />
      <TwoFactorCard />
      <SessionsCard />
      <DiscordLinkCard />
    </div>
  );
}

const emptyPasswords: PasswordChangeFormInput = { currentPassword: '', newPassword: '', confirmPassword: '' };

function PasswordCard({ username }: { username: string }) {
  const t = useT();
  const change = useChangePassword();
  const form = useForm<PasswordChangeFormInput>({ resolver: zodResolver(passwordChangeFormSchema), defaultValues: emptyPasswords });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ currentPassword, newPassword }) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          form.reset(emptyPasswords);
          toast({ title: t('Password Changed'), description: t('Your other sessions have been signed out.'), variant: 'success' });
        },
        onError: (error) => {
          // A wrong current password or a refused new one is said under its field; anything else in a toast.
          if (!showServerIssues(error, form.setError, ['currentPassword', 'newPassword'])) {
            toast({ title: t('Error'), description: t('Failed to change the password. Please try again.'), variant: 'destructive' });
          }
        },
      },
    ),
  );

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-bold">{t('Change Password')}</h2>
        <CardDescription>{t('At least 12 characters. Your other sessions end when it changes.')}</CardDescription>
      </CardHeader>
      <CardContent>
        {/* Named: the tab holds more than one form, and each should say what it is for. */}
        <form onSubmit={onSubmit} noValidate aria-label={t('Change password')} className="grid gap-4">
          {/* The account's name, hidden: password managers file the new password under it. */}
          <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
          <FormField label={t('Current password')} error={errors.currentPassword}>
            <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
          </FormField>
          <FormField label={t('New password')} error={errors.newPassword}>
            <Input type="password" autoComplete="new-password" {...form.register('newPassword')} />
          </FormField>
          <FormField label={t('Repeat the new password')} error={errors.confirmPassword}>
            <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
          </FormField>
          <div>
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? t('Saving...') : t('Change Password')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function SessionsCard() {
  const t = useT();
  const sessions = useQuery(accountSessionsQuery());
  const endOthers = useEndOtherSessions();
  const others = sessions.data?.filter((session) => !session.current).length ?? 0;

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-bold">{t('Your Sessions')}</h2>
        <CardDescription>{t('Where your account is signed in. End any session you do not recognise, then change your password.')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {sessions.isError ? (
          <p role="alert" className="text-sm font-medium text-red-400">
            {t('Failed to load your sessions. Please try again.')}
          </p>
        ) : !sessions.data ? (
          <Skeleton className="h-32 rounded-xl" />
        ) : (
          <ul className="grid gap-3" aria-label={t('Sessions')}>
            {sessions.data.map((session) => (
              <SessionRow key={session.id} session={session} />
            ))}
          </ul>
        )}
        {others > 0 && (
          <div>
            <ConfirmDialog
              trigger={<Button variant="outline">{t('End All Other Sessions')}</Button>}
              title={t('End all other sessions?')}
              description={t('{count, plural, one {One other session} other {# other sessions}} of your account will be signed out. This one stays signed in.', { count: others })}
              confirmLabel={t('End Sessions')}
              failureMessage={t('Failed to end the sessions. Please try again.')}
              onConfirm={() => endOthers.mutateAsync()}
              onDone={() => toast({ title: t('Sessions Ended'), description: t('Only this session is still signed in.'), variant: 'success' })}
            />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function SessionRow({ session }: { session: AccountSession }) {
  const t = useT();
  const formats = useFormats();
  const address = session.address ?? t('unknown address');
  const end = useEndSession();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-border p-3" data-testid="account-session">
      <div className="flex min-w-0 items-start gap-3">
        <Monitor className="mt-0.5 size-5 shrink-0 text-muted" aria-hidden />
        <div className="min-w-0 text-sm">
          <p className="font-semibold">
            {session.browser}
            {session.current && (
              <Badge variant="secondary" className="ml-2 align-middle">
                {t('This session')}
              </Badge>
            )}
          </p>
          <p className="text-muted">{session.address ?? t('Unknown address')}</p>
          <p className="text-muted">
            {t('Signed in {signedIn} · last seen {lastSeen}', { signedIn: formats.dateTime(session.signedInAt), lastSeen: formats.dateTime(session.lastSeenAt) })}
          </p>
        </div>
      </div>
      {!session.current && (
        <ConfirmDialog
          trigger={
            <Button variant="outline" size="sm" aria-label={t('End session: {browser}, {address}', { browser: session.browser, address })}>
              {t('End')}
            </Button>
          }
          title={t('End this session?')}
          description={t('{browser} ({address}) will be signed out.', { browser: session.browser, address })}
          confirmLabel={t('End Session')}
          failureMessage={t('Failed to end the session. Please try again.')}
          onConfirm={() => end.mutateAsync(session.id)}
          onDone={() => toast({ title: t('Session Ended'), description: t('{browser} has been signed out.', { browser: session.browser }), variant: 'success' })}
        />
      )}
    </li>
  );
}
