import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound, Loader2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import { pageMeta } from '../../../shared/page-meta';
import { paths } from '../../../shared/paths';
import { setupSchema, type SetupInput } from '../../../shared/schemas/auth';
import { HttpError } from '../../api';
import { Button } from '../../components/ui/button';
import { AuthCard } from '../../components/auth-card';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { usePageMeta } from '../../lib/use-page-meta';
import { refreshAfterAuthChange, useCompleteSetup } from '../../queries/auth';
import { queryKeys, setupStatusQuery } from '../../queries/public';
import { useT } from '../../i18n/i18n';
import { Trans } from '../../i18n/trans';

/**
 * First run: the organizer who installed the site creates the first account with the code it printed
 * at start-up (also in DATA_DIR/setup-code). Once an account exists this page sends people to sign in.
 */
export function AdminSetupPage() {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: status, isPending } = useQuery(setupStatusQuery());
  const setup = useCompleteSetup();
  const form = useForm<SetupInput>({ resolver: zodResolver(setupSchema), defaultValues: { code: '', username: '', password: '' } });
  const { errors } = form.formState;

  usePageMeta(pageMeta[paths.adminSetup]);

  if (status && !status.needed && !setup.isSuccess) return <Navigate to={paths.adminLogin} replace />;

  const onSubmit = form.handleSubmit((values) =>
    setup.mutate(values, {
      onSuccess: (user) => {
        toast({ title: t('Setup Complete'), description: t('Welcome, {name}. Your organizer account is ready.', { name: user.username }), variant: 'success' });
        queryClient.setQueryData(queryKeys.setupStatus, { needed: false });
        refreshAfterAuthChange(queryClient, user);
        navigate(paths.admin, { replace: true });
      },
      onError: (error) => {
        const isTaken = error instanceof HttpError && error.status === 409;
        toast({
          title: isTaken ? t('Already Set Up') : t('Setup Failed'),
          description: (error instanceof HttpError && error.serverMessage) || t('The account could not be created. Please try again.'),
          variant: 'destructive',
        });
        if (isTaken) void queryClient.invalidateQueries({ queryKey: queryKeys.setupStatus });
        else form.setFocus('code');
      },
    }),
  );

  return (
    <AuthCard
      icon={KeyRound}
      title={t('Set Up the Site')}
      description={
        <Trans
          message="Create the organizer account. The setup code was printed in the console when the site started, and is in the file <code>setup-code</code> in the data folder."
          parts={{ code: (text) => <code>{text}</code> }}
        />
      }
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <FormField label={t('Setup code')} error={errors.code}>
          <Input autoComplete="one-time-code" autoCapitalize="characters" spellCheck={false} disabled={isPending} {...form.register('code')} />
        </FormField>
        <FormField label={t('Username')} error={errors.username}>
          <Input autoComplete="username" autoCapitalize="none" spellCheck={false} disabled={isPending} {...form.register('username')} />
        </FormField>
        <FormField label={t('Password')} error={errors.password} hint={t('At least 12 characters.')}>
          <Input type="password" autoComplete="new-password" disabled={isPending} {...form.register('password')} />
        </FormField>
        <Button
          type="submit"
          size="lg"
          className="mt-2 h-auto min-h-12 w-full whitespace-normal py-2"
          disabled={setup.isPending || setup.isSuccess || isPending}
        >
          {setup.isPending ? (
            <>
              <Loader2 className="animate-spin" aria-hidden />
              {t('Creating Account...')}
            </>
          ) : (
            t('Create Organizer Account')
          )}
        </Button>
      </form>
    </AuthCard>
  );
}
