import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Loader2, ShieldCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import { pageMeta } from '../../../shared/page-meta';
import { paths } from '../../../shared/paths';
import { loginSchema, type LoginInput } from '../../../shared/schemas/auth';
import { HttpError } from '../../api';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { usePageMeta } from '../../lib/use-page-meta';
import { refreshAfterAuthChange, useLogin } from '../../queries/admin';
import { authUserQuery, setupStatusQuery } from '../../queries/public';

/** Spec §9: the admin panel opens 1 s after 'Login Successful'. */
export const LOGIN_REDIRECT_MS = 1000;

export function AdminLoginPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: user, isPending: isCheckingSession } = useQuery(authUserQuery());
  const login = useLogin();
  // Once signed in here, the page waits out the delay instead of redirecting at once.
  const [hasSignedIn, setHasSignedIn] = useState(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const form = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { username: '', password: '' } });
  const { errors } = form.formState;

  usePageMeta(pageMeta[paths.adminLogin]);

  const { data: setupStatus } = useQuery(setupStatusQuery({ enabled: !isCheckingSession && !user }));

  if (user && !hasSignedIn) return <Navigate to={paths.admin} replace />;
  // A fresh install has nobody to sign in yet.
  if (setupStatus?.needed) return <Navigate to={paths.adminSetup} replace />;

  const onSubmit = form.handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: (signedIn) => {
        setHasSignedIn(true);
        toast({ title: 'Login Successful', description: `Welcome back, ${signedIn.username}.`, variant: 'success' });
        redirectTimer.current = setTimeout(() => {
          refreshAfterAuthChange(queryClient, signedIn);
          navigate(paths.admin);
        }, LOGIN_REDIRECT_MS);
      },
      onError: (error) => {
        const isRateLimited = error instanceof HttpError && error.status === 429;
        toast({
          title: 'Login Failed',
          description: isRateLimited ? (error.serverMessage ?? 'Too many attempts. Please wait and try again.') : 'Invalid username or password. Please try again.',
          variant: 'destructive',
        });
        form.setValue('password', '');
        form.setFocus('password');
      },
    }),
  );

  const isBusy = login.isPending || hasSignedIn;

  return (
    <section className="mx-auto flex min-h-[70vh] max-w-md items-center px-4 py-12">
      <Card className="w-full">
        <CardHeader className="items-center text-center">
          <span className="mb-2 inline-flex h-12 w-12 items-center justify-center rounded-full bg-primary/15 text-primary">
            <ShieldCheck className="h-6 w-6" aria-hidden />
          </span>
          <h1 className="text-2xl font-bold">Admin Sign In</h1>
          <CardDescription>Sign in to manage tournaments, teams and champions.</CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={onSubmit} noValidate className="grid gap-4">
            <FormField label="Username" error={errors.username}>
              <Input autoComplete="username" autoCapitalize="none" spellCheck={false} disabled={isCheckingSession} {...form.register('username')} />
            </FormField>
            <FormField label="Password" error={errors.password}>
              <Input type="password" autoComplete="current-password" disabled={isCheckingSession} {...form.register('password')} />
            </FormField>
            <Button type="submit" size="lg" className="mt-2 h-auto min-h-12 w-full whitespace-normal py-2" disabled={isBusy || isCheckingSession}>
              {login.isPending ? (
                <>
                  <Loader2 className="animate-spin" aria-hidden />
                  Signing In...
                </>
              ) : (
                'Sign In to Admin Panel'
              )}
            </Button>
          </form>
        </CardContent>
      </Card>
    </section>
  );
}
