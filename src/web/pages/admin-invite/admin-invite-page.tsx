import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Loader2, UserPlus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { invitePageMeta } from '../../../shared/page-meta';
import { paths } from '../../../shared/paths';
import { roleNames } from '../../../shared/permissions';
import { inviteAcceptFormSchema, type InviteAcceptFormInput } from '../../../shared/schemas/organizing-team';
import { HttpError } from '../../api';
import { Button } from '../../components/ui/button';
import { AuthCard } from '../../components/auth-card';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { usePageMeta } from '../../lib/use-page-meta';
import { refreshAfterAuthChange } from '../../queries/auth';
import { inviteStatusQuery, useAcceptInvite } from '../../queries/organizing-team';
import { showServerIssues } from '../admin/shared/server-issues';
import { useT } from '../../i18n/i18n';
import { useFormats } from '../../i18n/use-formats';

/** An invite to the organizing team: the invitee picks a username and a password and is signed in. */
export function AdminInvitePage() {
  const t = useT();
  const formats = useFormats();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const invite = useQuery(inviteStatusQuery(token));
  const accept = useAcceptInvite(token);
  const form = useForm<InviteAcceptFormInput>({
    resolver: zodResolver(inviteAcceptFormSchema),
    defaultValues: { username: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  usePageMeta(invitePageMeta);

  const onSubmit = form.handleSubmit(({ username, password }) =>
    accept.mutate(
      { username, password },
      {
        onSuccess: (user) => {
          toast({ title: t('Welcome to the Team'), description: t('Signed in as {name}.', { name: user.username }), variant: 'success' });
          refreshAfterAuthChange(queryClient, user);
          navigate(paths.admin, { replace: true });
        },
        onError: (error) => {
          if (showServerIssues(error, form.setError, ['username', 'password'])) return;
          toast({
            title: t('Could Not Accept the Invite'),
            description: (error instanceof HttpError && error.serverMessage) || t('Please try again.'),
            variant: 'destructive',
          });
          if (error instanceof HttpError && error.status === 404) void invite.refetch();
        },
      },
    ),
  );

  const description = invite.data
    ? t('You are invited as {role}. Pick a username and a password (the link works once, until {date}).', { role: t(roleNames[invite.data.role]), date: formats.dateTime(invite.data.expiresAt) })
    : invite.isPending
      ? t('Checking your invite link...')
      : (invite.error instanceof HttpError && invite.error.serverMessage) || t('This invite link is not valid.');

  return (
    <AuthCard icon={UserPlus} title={t('Join the Organizing Team')} description={description}>
      {invite.isError ? (
        <p className="text-center text-sm">
          {t('Already have an account?')}{' '}
          <Link to={paths.adminLogin} className="text-primary underline underline-offset-4">
            {t('Sign in')}
          </Link>
        </p>
      ) : (
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormField label={t('Username')} error={errors.username}>
            <Input autoComplete="username" autoCapitalize="none" spellCheck={false} disabled={!invite.data} {...form.register('username')} />
          </FormField>
          <FormField label={t('Password')} error={errors.password} hint={t('At least 12 characters.')}>
            <Input type="password" autoComplete="new-password" disabled={!invite.data} {...form.register('password')} />
          </FormField>
          <FormField label={t('Repeat the password')} error={errors.confirmPassword}>
            <Input type="password" autoComplete="new-password" disabled={!invite.data} {...form.register('confirmPassword')} />
          </FormField>
          <Button type="submit" size="lg" className="mt-2 w-full" disabled={!invite.data || accept.isPending || accept.isSuccess}>
            {accept.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
            {t('Create My Account')}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
