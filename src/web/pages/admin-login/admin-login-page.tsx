import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Loader2, ShieldCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import { pageMeta } from '../../../shared/page-meta';
import { paths } from '../../../shared/paths';
import { loginSchema, twoFactorCodeSchema, type AuthUser, type LoginInput, type TwoFactorCodeInput } from '../../../shared/schemas/auth';
import { HttpError } from '../../api';
import { Button } from '../../components/ui/button';
import { AuthCard } from '../../components/auth-card';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { usePageMeta } from '../../lib/use-page-meta';
import { isTwoFactorChallenge, refreshAfterAuthChange, useLogin, useLoginCode } from '../../queries/auth';
import { authUserQuery, setupStatusQuery } from '../../queries/public';
import { showServerIssues } from '../admin/shared/server-issues';
import { useT } from '../../i18n/i18n';

/** The admin panel opens 1 s after 'Login Successful'. */
export const LOGIN_REDIRECT_MS = 1000;

export function AdminLoginPage() {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: user, isPending: isCheckingSession } = useQuery(authUserQuery());
  const login = useLogin();
  // Once signed in here, the page waits out the delay instead of redirecting at once.
  const [hasSignedIn, setHasSignedIn] = useState(false);
  // The password was right and the account has two-factor on: the code step replaces the form.
  const [needsCode, setNeedsCode] = useState(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const form = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { username: '', password: '' } });
  const { errors } = form.formState;

  usePageMeta(pageMeta[paths.adminLogin]);

  const { data: setupStatus } = useQuery(setupStatusQuery({ enabled: !isCheckingSession && !user }));

  if (user && !hasSignedIn) return <Navigate to={paths.admin} replace />;
  // A fresh install has nobody to sign in yet.
  if (setupStatus?.needed) return <Navigate to={paths.adminSetup} replace />;

  const signedIn = (account: AuthUser) => {
    setHasSignedIn(true);
    toast({ title: t('Login Successful'), description: t('Welcome back, {name}.', { name: account.username }), variant: 'success' });
    redirectTimer.current = setTimeout(() => {
      refreshAfterAuthChange(queryClient, account);
      navigate(paths.admin);
    }, LOGIN_REDIRECT_MS);
  };

  const onSubmit = form.handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: (result) => (isTwoFactorChallenge(result) ? setNeedsCode(true) : signedIn(result)),
      onError: (error) => {
        // Too many attempts, or a disabled account (its right password was given): the server says which.
        const isExplained = error instanceof HttpError && (error.status === 429 || error.status === 403);
        toast({
          title: t('Login Failed'),
          description: isExplained
            ? (error.serverMessage ?? t('Too many attempts. Please wait and try again.'))
            : t('Invalid username or password. Please try again.'),
          variant: 'destructive',
        });
        form.setValue('password', '');
        form.setFocus('password');
      },
    }),
  );

  const isBusy = login.isPending || hasSignedIn;

  if (needsCode) {
    return (
      <AuthCard icon={ShieldCheck} title={t('Two-Factor Sign In')} description={t('Enter the 6-digit code from your authenticator app, or one of your recovery codes.')}>
        <CodeStep busy={hasSignedIn} onSignedIn={signedIn} onExpired={() => setNeedsCode(false)} />
      </AuthCard>
    );
  }

  return (
    <AuthCard icon={ShieldCheck} title={t('Admin Sign In')} description={t('Sign in to manage tournaments, teams and champions.')}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <FormField label={t('Username')} error={errors.username}>
          <Input autoComplete="username" autoCapitalize="none" spellCheck={false} disabled={isCheckingSession} {...form.register('username')} />
        </FormField>
        <FormField label={t('Password')} error={errors.password}>
          <Input type="password" autoComplete="current-password" disabled={isCheckingSession} {...form.register('password')} />
        </FormField>
        <Button type="submit" size="lg" className="mt-2 h-auto min-h-12 w-full whitespace-normal py-2" disabled={isBusy || isCheckingSession}>
          {login.isPending ? (
            <>
              <Loader2 className="animate-spin" aria-hidden />
              {t('Signing In...')}
            </>
          ) : (
            t('Sign In to Admin Panel')
          )}
        </Button>
      </form>
    </AuthCard>
  );
}

/** The second step of a sign-in with two-factor on: a wrong code is said under the field; an expired step starts over. */
function CodeStep({ busy, onSignedIn, onExpired }: { busy: boolean; onSignedIn: (account: AuthUser) => void; onExpired: () => void }) {
  const t = useT();
  const submitCode = useLoginCode();
  const form = useForm<TwoFactorCodeInput>({ resolver: zodResolver(twoFactorCodeSchema), defaultValues: { code: '' } });
  const onSubmit = form.handleSubmit((values) =>
    submitCode.mutate(values, {
      onSuccess: onSignedIn,
      onError: (error) => {
        form.setValue('code', '');
        form.setFocus('code');
        if (showServerIssues(error, form.setError, ['code'])) return;
        const expired = error instanceof HttpError && error.status === 401;
        toast({
          title: t('Login Failed'),
          description: error instanceof HttpError ? (error.serverMessage ?? t('Please try again.')) : t('Please try again.'),
          variant: 'destructive',
        });
        if (expired) onExpired();
      },
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField label={t('Code')} error={form.formState.errors.code}>
        <Input autoComplete="one-time-code" inputMode="text" autoCapitalize="none" spellCheck={false} autoFocus {...form.register('code')} />
      </FormField>
      <Button type="submit" size="lg" className="mt-2 w-full" disabled={submitCode.isPending || busy}>
        {submitCode.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
        {t('Verify Code')}
      </Button>
    </form>
  );
}
