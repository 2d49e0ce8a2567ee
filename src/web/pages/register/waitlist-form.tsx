import { flushSync } from 'react-dom';
import { useQueryClient } from '@tanstack/react-query';
import { msg } from '../../../shared/i18n/msg';
import { toTeamCreatePayload, type RegistrationForm } from '../../../shared/schemas/team';
import type { Tournament } from '../../../shared/schemas/tournament';
import { HttpError } from '../../api';
import { PageHeader } from '../../components/layout/page-header';
import { toast } from '../../components/ui/use-toast';
import { useT } from '../../i18n/i18n';
import { usePageNavigation } from '../../lib/page-navigation';
import { parseTeamLink, rememberTeamLink } from '../../lib/team-link-memory';
import { queryKeys } from '../../queries/public';
import { uploadLogo, useJoinWaitlist } from '../../queries/registration';
import { fieldForIssue, TeamInfoStep, useRegistrationForm } from './team-info-step';

/** The waitlist's texts: messages shown through `t` (`joined` takes `{ position }`). */
export const waitlistTexts = {
  join: msg('Join the Waitlist'),
  joining: msg('Joining the Waitlist...'),
  description: msg(
    'Every spot is taken. Join the waitlist with the same details as a registration, nothing to pay now: when a spot frees, the first team waiting is offered it by e-mail and on its team page.',
  ),
  joinedTitle: msg('You are on the waitlist'),
  joined: msg('Your team is number {position} on the waitlist. Your team page shows your place and any spot offered to you.'),
  failed: msg('Could not join the waitlist. Please try again.'),
} as const;

/** The waitlist of a full tournament: registration's step 1, no payment; it ends on the team page (the captain's private link). */
export function WaitlistForm({ tournament }: { tournament: Tournament }) {
  const t = useT();
  const form = useRegistrationForm();
  const join = useJoinWaitlist(tournament.id);
  const { navigate } = usePageNavigation();
  const queryClient = useQueryClient();

  async function submit(values: RegistrationForm) {
    try {
      const logoUrl = values.logoFile ? await uploadLogo(values.logoFile) : null;
      const joined = await join.mutateAsync(toTeamCreatePayload(values, tournament.id, logoUrl));
      const link = parseTeamLink(joined.manageUrl);
      if (link) rememberTeamLink({ ...link, teamName: values.teamName, tournamentName: tournament.name });
      void queryClient.invalidateQueries({ queryKey: queryKeys.capacity(tournament.id) });
      toast({ title: t(waitlistTexts.joinedTitle), description: t(waitlistTexts.joined, { position: joined.position }), variant: 'success' });
      navigate(joined.manageUrl);
    } catch (error) {
      if (error instanceof HttpError && error.status === 400) {
        const issues = (JSON.parse(error.body) as { issues?: { path: string; message: string }[] }).issues ?? [];
        for (const issue of issues) {
          const field = fieldForIssue(issue.path);
          if (field) form.setError(field, { message: issue.message }, { shouldFocus: true });
        }
      } else {
        const message = error instanceof HttpError && error.serverMessage ? error.serverMessage : waitlistTexts.failed;
        flushSync(() => form.setError('root.server', { message }));
      }
      toast({ title: t('Waitlist'), description: t(waitlistTexts.failed), variant: 'destructive' });
    }
  }

  return (
    <>
      <PageHeader title={t(waitlistTexts.join)}>{t('{tournament} is full', { tournament: tournament.name })}</PageHeader>
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <TeamInfoStep
          form={form}
          onSubmit={submit}
          isPending={form.formState.isSubmitting}
          isLocked={false}
          onContinueWithCreatedTeam={() => {}}
          labels={{ submit: t(waitlistTexts.join), pending: t(waitlistTexts.joining), description: t(waitlistTexts.description) }}
        />
      </div>
    </>
  );
}
