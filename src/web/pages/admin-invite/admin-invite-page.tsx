import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Loader2, UserPlus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { formatDateTime } from '../../../shared/dates';
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

/** An invite to the organizing team: the invitee picks a username and a password and is signed in. */
export function AdminInvitePage() {
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
          toast({ title: 'Welcome to the Team', description: `Signed in as ${user.username}.`, variant: 'success' });
          refreshAfterAuthChange(queryClient, user);
          navigate(paths.admin, { replace: true });
        },
        onError: (error) => {
          if (showServerIssues(error, form.setError, ['username', 'password'])) return;
          toast({
            title: 'Could Not Accept the Invite',
            description: (error instanceof HttpError && error.serverMessage) || 'Please try again.',
            variant: 'destructive',
          });
          if (error instanceof HttpError && error.status === 404) void invite.refetch();
        },
      },
    ),
  );

  const description = invite.data
    ? `You are invited as ${roleNames[invite.data.role]}. Pick a username and a password (the link works once, until ${formatDateTime(invite.data.expiresAt)}).`
    : invite.isPending
      ? 'Checking your invite link...'
      : (invite.error instanceof HttpError && invite.error.serverMessage) || 'This invite link is not valid.';

  return (
    <AuthCard icon={UserPlus} title="Join the Organizing Team" description={description}>
      {invite.isError ? (
        <p className="text-center text-sm">
          Already have an account?{' '}
          <Link to={paths.adminLogin} className="text-primary underline underline-offset-4">
            Sign in
          </Link>
        </p>
      ) : (
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormField label="Username" error={errors.username}>
            <Input autoComplete="username" autoCapitalize="none" spellCheck={false} disabled={!invite.data} {...form.register('username')} />
          </FormField>
          <FormField label="Password" error={errors.password} hint="At least 12 characters.">
            <Input type="password" autoComplete="new-password" disabled={!invite.data} {...form.register('password')} />
          </FormField>
          <FormField label="Repeat the password" error={errors.confirmPassword}>
            <Input type="password" autoComplete="new-password" disabled={!invite.data} {...form.register('confirmPassword')} />
          </FormField>
          <Button type="submit" size="lg" className="mt-2 w-full" disabled={!invite.data || accept.isPending || accept.isSuccess}>
            {accept.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
            Create My Account
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
