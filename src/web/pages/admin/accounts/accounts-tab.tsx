import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Copy, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { roleNames, roles, type Role } from '../../../../shared/permissions';
import { inviteInputSchema, type InviteCreated, type InviteInput, type TeamAccount } from '../../../../shared/schemas/organizing-team';
import { HttpError, needsSecondFactor } from '../../../api';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { TableCard } from '../shared/table-card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/use-toast';
import { organizingTeamQuery, useInvite, useRevokeInvite, useUpdateAccount } from './queries';
import { authUserQuery } from '../../../queries/public';
import { showServerIssues } from '../shared/server-issues';
import type { Translate } from '../../../../shared/i18n/translator';
import { useT } from '../../../i18n/i18n';
import { useFormats } from '../../../i18n/use-formats';

const problemOf = (error: unknown, t: Translate) => (error instanceof HttpError ? (error.serverMessage ?? t('Please try again.')) : t('Please try again.'));

/** The organizing team (owner): who has which role, two-factor, last sign-in; invites and role changes. */
export function AccountsTab() {
  const t = useT();
  const formats = useFormats();
  const team = useQuery(organizingTeamQuery());
  return (
    <div className="grid gap-6">
      <InviteCard />
      <TableCard
        title={t('Organizing Team')}
        description={t('Owners run everything, money included; organizers run tournaments, teams and results; staff check teams in and enter results.')}
      >
        {team.isPending ? (
          <Skeleton className="h-32" />
        ) : team.isError ? (
          <p className="py-8 text-center text-red-400">{t('Could not load the accounts.')}</p>
        ) : (
          <div className="grid gap-6">
            <ul className="grid gap-3" aria-label={t('Accounts')}>
              {team.data.accounts.map((account) => (
                <AccountRow key={account.id} account={account} />
              ))}
            </ul>
            {team.data.invites.length > 0 && (
              <div>
                <h3 className="mb-2 text-sm font-semibold">{t('Open Invites')}</h3>
                <ul className="grid gap-2" aria-label={t('Open invites')}>
                  {team.data.invites.map((invite) => (
                    <li key={invite.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border p-3 text-sm">
                      <span>
                        {t(roleNames[invite.role])}
                        {invite.email ? ` · ${invite.email}` : ''} · {t('until {date}', { date: formats.dateTime(invite.expiresAt) })}
                        {invite.createdBy ? ` · ${t('by {name}', { name: invite.createdBy })}` : ''}
                      </span>
                      <RevokeInviteButton id={invite.id} />
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </div>
        )}
      </TableCard>
    </div>
  );
}

function InviteCard() {
  const t = useT();
  const invite = useInvite();
  const [created, setCreated] = useState<InviteCreated | null>(null);
  const form = useForm<InviteInput>({ resolver: zodResolver(inviteInputSchema), defaultValues: { role: 'staff', email: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    invite.mutate(values, {
      onSuccess: (result) => {
        setCreated(result);
        form.reset({ role: values.role, email: '' });
      },
      onError: (error) => {
        // A refusal for want of a fresh code: the code prompt asked for it and was closed (SecondFactorPrompt).
        if (!needsSecondFactor(error) && !showServerIssues(error, form.setError, ['role', 'email'])) toast({ title: t('Error'), description: problemOf(error, t), variant: 'destructive' });
      },
    }),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('Invite Someone')}</CardTitle>
        <CardDescription>{t('A single-use link, valid for 72 hours: the invitee picks a username and a password.')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-[12rem_1fr_auto] sm:items-start">
          <FormField label={t('Role')} error={errors.role}>
            <NativeSelect {...form.register('role')}>
              {roles.map((role) => (
                <option key={role} value={role}>
                  {t(roleNames[role])}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField label={t('E-mail (optional)')} error={errors.email} hint={t("The link is also sent there when the site's mail is set up.")}>
            <Input type="email" autoComplete="off" {...form.register('email')} />
          </FormField>
          <Button type="submit" className="sm:mt-7" disabled={invite.isPending}>
            <UserPlus aria-hidden />
            {t('Create Invite Link')}
          </Button>
        </form>
        {created && (
          <div role="status" className="grid gap-2 rounded-lg border border-accent/50 bg-accent/10 p-3 text-sm">
            <p className="font-semibold">{created.mailed ? t('Copy this link now: it is shown only once. It was also sent by e-mail.') : t('Copy this link now: it is shown only once.')}</p>
            <div className="flex flex-wrap items-center gap-2">
              <Input
                readOnly
                aria-label={t('Invite link')}
                value={created.inviteUrl}
                className="min-w-0 flex-1 font-mono text-xs"
                onFocus={(event) => event.currentTarget.select()}
              />
              <Button
                variant="outline"
                onClick={() =>
                  void navigator.clipboard
                    ?.writeText(created.inviteUrl)
                    .then(() => toast({ title: t('Copied'), description: t('The invite link is on your clipboard.') }))
                }
              >
                <Copy aria-hidden />
                {t('Copy Link')}
              </Button>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function AccountRow({ account }: { account: TeamAccount }) {
  const t = useT();
  const formats = useFormats();
  const { data: me } = useQuery(authUserQuery());
  const update = useUpdateAccount();
  const isMe = me?.username === account.username;
  const change = (input: { role?: Role; disabled?: boolean }, done: string) =>
    update.mutate(
      { id: account.id, ...input },
      {
        onSuccess: () => toast({ title: t('Account Updated'), description: done, variant: 'success' }),
        onError: (error) => !needsSecondFactor(error) && toast({ title: t('Could Not Update the Account'), description: problemOf(error, t), variant: 'destructive' }),
      },
    );
  const roleId = `role-${account.id}`;

  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border p-3">
      <div className="grid gap-1">
        <p className="flex flex-wrap items-center gap-2 font-semibold">
          {account.username}
          {isMe && <Badge variant="outline">{t('You')}</Badge>}
          {account.disabled && <Badge variant="destructive">{t('Disabled')}</Badge>}
          <Badge variant={account.twoFactorEnabled ? 'success' : 'outline'}>{account.twoFactorEnabled ? t('Two-factor on') : t('Two-factor off')}</Badge>
          {account.discordLinked && <Badge variant="outline">{t('Discord linked')}</Badge>}
        </p>
        <p className="text-sm text-muted">{t('Last sign-in: {date}', { date: account.lastSignInAt ? formats.dateTime(account.lastSignInAt) : t('never') })}</p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {/* A visible label: a visually hidden one names the field for screen readers but not for a sighted user, and checkers count it as missing. */}
        <label htmlFor={roleId} className="text-sm text-muted">
          {t('Role')}
          <span className="sr-only"> {t('of {name}', { name: account.username })}</span>
        </label>
        <NativeSelect
          id={roleId}
          value={account.role}
          disabled={update.isPending}
          onChange={(event) => change({ role: event.target.value as Role }, t('{name} is now {role}.', { name: account.username, role: t(roleNames[event.target.value as Role]) }))}
          className="w-36"
        >
          {roles.map((role) => (
            <option key={role} value={role}>
              {t(roleNames[role])}
            </option>
          ))}
        </NativeSelect>
        {account.disabled ? (
          <Button variant="outline" size="sm" disabled={update.isPending} onClick={() => change({ disabled: false }, t('{name} can sign in again.', { name: account.username }))}>
            {t('Enable')}
            <span className="sr-only"> {account.username}</span>
          </Button>
        ) : (
          <ConfirmDialog
            trigger={
              <Button variant="outline" size="sm" className="text-red-300" disabled={update.isPending}>
                {t('Disable')}
                <span className="sr-only"> {account.username}</span>
              </Button>
            }
            title={t('Disable {name}?', { name: account.username })}
            description={t('Their sessions end at once and they cannot sign in until an owner enables the account again. Their entries in the activity log stay.')}
            confirmLabel={t('Disable Account')}
            failureMessage={t('Could not disable the account. Please try again.')}
            onConfirm={() => update.mutateAsync({ id: account.id, disabled: true })}
            onDone={() => toast({ title: t('Account Updated'), description: t('{name} is signed out and cannot sign in.', { name: account.username }), variant: 'success' })}
          />
        )}
      </div>
    </li>
  );
}

function RevokeInviteButton({ id }: { id: string }) {
  const t = useT();
  const revoke = useRevokeInvite();
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={revoke.isPending}
      onClick={() =>
        revoke.mutate(id, {
          onSuccess: () => toast({ title: t('Invite Withdrawn'), description: t('The link no longer works.') }),
          onError: (error) => toast({ title: t('Error'), description: problemOf(error, t), variant: 'destructive' }),
        })
      }
    >
      {t('Withdraw')}
    </Button>
  );
}
