import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Loader2, Lock } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link, useNavigate } from 'react-router';
import { capacityLevel } from '../../../shared/capacity';
import { formatMoney } from '../../../shared/money';
import { paths } from '../../../shared/paths';
import { isAcceptingRegistrations } from '../../../shared/public-display';
import { toTeamCreatePayload, type RegistrationForm } from '../../../shared/schemas/team';
import type { Tournament } from '../../../shared/schemas/tournament';
import { HttpError } from '../../api';
import { DiscordIcon } from '../../components/layout/brand-icons';
import { PageHeader } from '../../components/layout/page-header';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { focusMainOnArrival, focusWithin } from '../../lib/focus';
import { parseTeamLink, rememberTeamLink } from '../../lib/team-link-memory';
import { usePageMeta } from '../../lib/use-page-meta';
import { useSite } from '../../lib/use-site';
import { activeTournamentQuery, capacityQuery, queryKeys } from '../../queries/public';
import { markPaymentComplete, refreshAfterRegistration, uploadLogo, useCreatePaymentIntent, useCreateTeam } from '../../queries/registration';
import { DiscordStep } from './discord-step';
import { OutcomeCard } from './outcome-card';
import { PaymentRefunded } from './payment-refunded';
import { PaymentStep } from './payment-step';
import { StepIndicator, type WizardStep } from './step-indicator';
import { fieldForIssue, TeamInfoStep, useRegistrationForm } from './team-info-step';

function LoadingTournament() {
  return (
    <div role="status" className="flex min-h-[60vh] flex-col items-center justify-center gap-3 text-muted">
      <Loader2 aria-hidden className="size-10 animate-spin text-primary" />
      <span className="sr-only">Loading tournament</span>
    </div>
  );
}

function RegistrationClosed({ discordUrl }: { discordUrl: string | undefined }) {
  return (
    <OutcomeCard
      testId="registration-closed"
      icon={<Lock aria-hidden className="size-7" />}
      iconClassName="bg-danger/15 text-red-300"
      title="Registration Closed"
      actions={
        <>
          <Button asChild>
            <Link to={paths.home}>Return Home</Link>
          </Button>
          {discordUrl && (
            <Button asChild variant="secondary">
              <a href={discordUrl} target="_blank" rel="noopener noreferrer">
                <DiscordIcon aria-hidden />
                Join Discord
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </Button>
          )}
        </>
      }
    >
      <p className="text-muted">
        Registrations are currently closed for this tournament. Please join our Discord to keep up to date on the latest tournaments.
      </p>
    </OutcomeCard>
  );
}

const registrationFailed = 'There was an error registering your team. Please try again.';

function Wizard({ tournament, onTeamCreated, onRefunded }: { tournament: Tournament; onTeamCreated: () => void; onRefunded: () => void }) {
  const site = useSite();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useRegistrationForm();
  const createTeam = useCreateTeam();
  const createPaymentIntent = useCreatePaymentIntent();

  const [step, setStep] = useState<WizardStep>(1);
  const [teamId, setTeamId] = useState<string | null>(null);
  const [manageUrl, setManageUrl] = useState<string | null>(null);
  const [isFree, setIsFree] = useState(false);
  const [clientSecret, setClientSecret] = useState<string | null>(null);
  const [isAcknowledged, setIsAcknowledged] = useState(false);

  // Each move puts focus on the new step's heading; the button that had it is gone (WCAG 2.4.3).
  const stepArea = useRef<HTMLDivElement>(null);
  const hasMoved = useRef(false);
  useEffect(() => {
    if (hasMoved.current) focusWithin(stepArea.current, 'h2');
  }, [step]);
  const goTo = (next: WizardStep) => {
    hasMoved.current = true;
    setStep(next);
    window.scrollTo({ top: 0 });
  };
  const finish = () => navigate(paths.home, { state: focusMainOnArrival });
  const manageAction = () => (manageUrl ? { label: 'Manage your team', href: manageUrl, onNavigate: (href: string) => void navigate(href) } : undefined);

  async function submitTeam(values: RegistrationForm) {
    try {
      const logoUrl = values.logoFile ? await uploadLogo(values.logoFile) : null;
      const created = await createTeam.mutateAsync(toTeamCreatePayload(values, tournament.id, logoUrl));
      setTeamId(created.id);
      setManageUrl(created.manageUrl);
      // This device offers "Your team" from now on; the link also finishes an interrupted payment.
      const link = parseTeamLink(created.manageUrl);
      if (link) rememberTeamLink(link);
      onTeamCreated();
      setIsFree(created.paymentStatus === 'completed');
      void queryClient.invalidateQueries({ queryKey: queryKeys.capacity(tournament.id) });
      goTo(2);
    } catch (error) {
      const serverMessage = error instanceof HttpError ? error.serverMessage : null;
      if (error instanceof HttpError && error.status === 400) {
        const issues = (JSON.parse(error.body) as { issues?: { path: string; message: string }[] }).issues ?? [];
        for (const issue of issues) {
          const field = fieldForIssue(issue.path);
          if (field) form.setError(field, { message: issue.message }, { shouldFocus: true });
        }
      }
      // Full or closed meanwhile: refetch, so the page shows the Registration Closed card.
      if (error instanceof HttpError && error.status === 409) void refreshAfterRegistration(queryClient, tournament.id);
      // The toast says what spec §8 says; the server's reason (name taken, tournament full…) stays on the form.
      if (serverMessage && !(error instanceof HttpError && error.status === 400)) {
        flushSync(() => form.setError('root.server', { message: serverMessage }));
        // The form passed its own checks, so the server's reason is the only alert on it.
        focusWithin(stepArea.current, '[role="alert"]');
      }
      toast({ title: 'Registration Failed', description: registrationFailed, variant: 'destructive' });
    }
  }

  function continueFromDiscord() {
    if (!teamId) {
      toast({ title: 'Error', description: 'Missing tournament or team data', variant: 'destructive' });
      return;
    }
    if (isFree) {
      toast({
        title: 'Registration Complete!',
        description: 'Your team has been successfully registered for the tournament.',
        variant: 'success',
        action: manageAction(),
      });
      void refreshAfterRegistration(queryClient, tournament.id);
      finish();
      return;
    }
    createPaymentIntent.mutate(
      { tournamentId: tournament.id, teamId },
      {
        onSuccess: ({ clientSecret: secret }) => {
          setClientSecret(secret);
          goTo(3);
        },
        onError: () => toast({ title: 'Error', description: 'Failed to initialize payment. Please try again.', variant: 'destructive' }),
      },
    );
  }

  /** The organizer changed the fee: a payment for the current fee replaces the old one, and the refreshed tournament shows the amount. */
  async function startNewPayment() {
    if (!teamId) return;
    void refreshAfterRegistration(queryClient, tournament.id);
    try {
      setClientSecret((await createPaymentIntent.mutateAsync({ tournamentId: tournament.id, teamId })).clientSecret);
    } catch {
      toast({ title: 'Error', description: 'Failed to initialize payment. Please try again.', variant: 'destructive' });
      goTo(2);
    }
  }

  async function onCanceled() {
    toast({
      title: 'Entry Fee Changed',
      description: 'The entry fee changed before your payment went through. Nothing was charged; please check the new amount and pay again.',
      variant: 'destructive',
    });
    await startNewPayment();
  }

  async function onPaid() {
    if (!teamId) return;
    const outcome = await markPaymentComplete(teamId);
    void refreshAfterRegistration(queryClient, tournament.id);
    if (outcome.kind === 'refunded') {
      onRefunded();
      return;
    }
    if (outcome.kind === 'payAgain') {
      toast({ title: 'Payment Refunded', description: outcome.message, variant: 'destructive' });
      await startNewPayment();
      return;
    }
    toast({ title: 'Payment Successful', description: 'Your team has been registered successfully!', variant: 'success', action: manageAction() });
    finish();
  }

  return (
    <>
      <PageHeader title="Team Registration">{`Join ${tournament.name} and compete for ${formatMoney(tournament.prizePool, tournament.currency)}`}</PageHeader>
      <div ref={stepArea} className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <StepIndicator current={step} />
        {step === 1 && (
          <TeamInfoStep
            form={form}
            onSubmit={submitTeam}
            isPending={form.formState.isSubmitting}
            isLocked={teamId !== null}
            onContinueWithCreatedTeam={() => goTo(2)}
          />
        )}
        {step === 2 && (
          <DiscordStep
            inviteUrl={site?.discordInviteUrl}
            isAcknowledged={isAcknowledged}
            onAcknowledge={() => setIsAcknowledged(true)}
            onBack={() => {
              setIsAcknowledged(false);
              goTo(1);
            }}
            onContinue={continueFromDiscord}
            isPending={createPaymentIntent.isPending}
            continueLabel={isFree ? 'Complete Registration' : 'Continue to Payment'}
          />
        )}
        {step === 3 && clientSecret && (
          <PaymentStep key={clientSecret} tournament={tournament} clientSecret={clientSecret} onPaid={onPaid} onCanceled={onCanceled} onBack={() => goTo(1)} />
        )}
      </div>
    </>
  );
}

export function RegisterPage() {
  usePageMeta('Team Registration', 'Register your team for the active tournament: team details, our Discord community, and the entry fee.');
  const site = useSite();
  const active = useQuery({ ...activeTournamentQuery(), refetchOnMount: 'always' });
  const tournament = active.data ?? null;
  const capacity = useQuery({ ...capacityQuery(tournament?.id), refetchOnMount: 'always' });
  // Once the team exists its captain goes on to pay, even when that team took the last spot.
  const [hasTeam, setHasTeam] = useState(false);
  // Shown whatever the tournament has become meanwhile: it may have been deleted or filled up.
  const [isRefunded, setIsRefunded] = useState(false);

  if (isRefunded) return <PaymentRefunded />;
  if (active.isPending || (tournament && capacity.isPending && !hasTeam)) return <LoadingTournament />;
  const isFull = capacity.data ? capacityLevel(capacity.data) === 'full' : false;
  const isOpen = !!tournament && isAcceptingRegistrations(tournament, new Date()) && !isFull;
  if (!tournament || (!isOpen && !hasTeam)) return <RegistrationClosed discordUrl={site?.discordInviteUrl} />;
  return <Wizard tournament={tournament} onTeamCreated={() => setHasTeam(true)} onRefunded={() => setIsRefunded(true)} />;
}
