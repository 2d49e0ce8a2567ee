import { useQuery, useQueryClient } from '@tanstack/react-query';
import ListPlus from 'lucide-react/icons/list-plus';
import Loader2 from 'lucide-react/icons/loader-circle';
import Lock from 'lucide-react/icons/lock';
import { Suspense, useContext, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { capacityLevel } from '../../../shared/capacity';
import { msg } from '../../../shared/i18n/msg';
import { paths, registeredPath, teamLinkPath } from '../../../shared/paths';
import { fullWaitlistLabel, isAcceptingRegistrations } from '../../../shared/public-display';
import { isCancelled } from '../../../shared/tournament-phase';
import { toTeamCreatePayload, type PendingRegistration, type RegistrationForm } from '../../../shared/schemas/team';
import type { Tournament } from '../../../shared/schemas/tournament';
import { discordOutcomeParam, discordOutcomes, type DiscordOutcome } from '../../../shared/schemas/discord';
import { HttpError } from '../../api';
import { DiscordIcon } from '../../components/layout/brand-icons';
import { NavAnchor } from '../../components/layout/nav-anchor';
import { PageHeader } from '../../components/layout/page-header';
import { Button } from '../../components/ui/button';
import { dismissToast, toast } from '../../components/ui/use-toast';
import { useT } from '../../i18n/i18n';
import { useFormats } from '../../i18n/use-formats';
import { focusMainOnArrival, focusWithin } from '../../lib/focus';
import { forgetTeamLink, parseTeamLink, rememberedKeyOf, rememberTeamLink } from '../../lib/team-link-memory';
import { RenderTimeContext, useNow } from '../../lib/use-now';
import { usePageNavigation } from '../../lib/page-navigation';
import { preloadable } from '../../lib/preloadable';
import { usePageMeta } from '../../lib/use-page-meta';
import { useSite } from '../../lib/use-site';
import { activeTournamentQuery, capacityQuery, openTournamentsQuery, queryKeys } from '../../queries/public';
import {
  LogoRefusedError,
  markPaymentComplete,
  pendingRegistrationQuery,
  refreshAfterRegistration,
  releasePendingRegistration,
  startDiscordConnect,
  uploadLogo,
  useCreatePaymentIntent,
  useCreateTeam,
} from '../../queries/registration';
import { registeredPageState } from '../registered/registered-state';
import { CupChoice } from './cup-choice';
import type { DiscordConnection } from './discord-step';
import { OutcomeCard } from './outcome-card';
import { PaymentRefunded } from './payment-refunded';
import { StepIndicator, type WizardStep } from './step-indicator';
import { emptyRegistrationForm, fieldForIssue, formValuesOf, TeamInfoStep, useRegistrationForm } from './team-info-step';
import { PaymentSystemLoading } from './payment-parts';
import { WaitlistForm, waitlistTexts } from './waitlist-form';
import { Island } from '../../islands/island';
import { readsOfRegisterPage, type RegisterIslandProps } from './register-reads';

// What the served page does not show (step 1 or a card is what it shows) loads once the wizard is
// live: the later steps, and the notice of a held spot with its Start over dialog (the dialog library).
const DiscordStep = preloadable(() => import('./discord-step').then((m) => m.DiscordStep));
const PaymentStep = preloadable(() => import('./payment-step').then((m) => m.PaymentStep));
const ResumeNotice = preloadable(() => import('./held-spot').then((m) => m.ResumeNotice));
const laterParts = [DiscordStep, PaymentStep, ResumeNotice];

function LoadingTournament() {
  const t = useT();
  return (
    <div role="status" className="flex min-h-[60vh] flex-col items-center justify-center gap-3 text-muted">
      <Loader2 aria-hidden className="size-10 animate-spin text-primary" />
      <span className="sr-only">{t('Loading tournament')}</span>
    </div>
  );
}

function DiscordButton({ discordUrl }: { discordUrl: string | undefined }) {
  const t = useT();
  if (!discordUrl) return null;
  return (
    <Button asChild variant="secondary">
      <a href={discordUrl} target="_blank" rel="noopener noreferrer">
        <DiscordIcon aria-hidden />
        {t('Join Discord')}
        <span className="sr-only"> {t('(opens in a new tab)')}</span>
      </a>
    </Button>
  );
}

/** Closed, or the tournament was cancelled: then it says so, as the home page does. */
function RegistrationClosed({ discordUrl, cancelled }: { discordUrl: string | undefined; cancelled: boolean }) {
  const t = useT();
  return (
    <OutcomeCard
      testId="registration-closed"
      icon={<Lock aria-hidden className="size-7" />}
      iconClassName="bg-danger/15 text-red-300"
      title={cancelled ? t('Tournament Cancelled') : t('Registration Closed')}
      actions={
        <>
          <Button asChild>
            <NavAnchor to={paths.home}>{t('Return Home')}</NavAnchor>
          </Button>
          <DiscordButton discordUrl={discordUrl} />
        </>
      }
    >
      <p className="text-muted">
        {cancelled
          ? t('This tournament was cancelled. Every paid team has been refunded in full. Please join our Discord to hear about the next tournament.')
          : t('Registrations are currently closed for this tournament. Please join our Discord to keep up to date on the latest tournaments.')}
      </p>
    </OutcomeCard>
  );
}

/** A step whose module is still on its way (fetched as soon as the wizard is live, so rarely seen). */
function LoadingStep() {
  const t = useT();
  return (
    <div role="status" className="flex justify-center py-16 text-muted">
      <Loader2 aria-hidden className="size-8 animate-spin text-primary" />
      <span className="sr-only">{t('Loading')}</span>
    </div>
  );
}

/** Every spot taken while registration is open: not closed, the waitlist takes teams. */
function RegistrationFull({ discordUrl, onJoinWaitlist }: { discordUrl: string | undefined; onJoinWaitlist: () => void }) {
  const t = useT();
  return (
    <OutcomeCard
      testId="registration-full"
      icon={<ListPlus aria-hidden className="size-7" />}
      iconClassName="bg-warning/15 text-yellow-200"
      title={t(fullWaitlistLabel)}
      actions={
        <>
          <Button type="button" onClick={onJoinWaitlist}>
            <ListPlus aria-hidden />
            {t(waitlistTexts.join)}
          </Button>
          <Button asChild variant="secondary">
            <NavAnchor to={paths.home}>{t('Return Home')}</NavAnchor>
          </Button>
          <DiscordButton discordUrl={discordUrl} />
        </>
      }
    >
      <p className="text-muted">{t('Every spot is taken: join the waitlist and you may be offered a spot that frees.')}</p>
    </OutcomeCard>
  );
}

const registrationFailed = msg('There was an error registering your team. Please try again.');

/** The field issues of a refused registration: a 400's, or a 409's that names the taken name or Riot ID. */
function issuesOf(error: HttpError): { path: string; message: string }[] {
  try {
    return (JSON.parse(error.body) as { issues?: { path: string; message: string }[] }).issues ?? [];
  } catch {
    return [];
  }
}

/** The team link this browser remembered for a team, as the manage URL the toasts offer. */
function rememberedManageUrl(teamId: string): string | null {
  const key = rememberedKeyOf(teamId);
  return key ? teamLinkPath(teamId, key) : null;
}

/**
 * Back from Discord (`?discord=<outcome>`, set by GET /api/discord/callback): the registration read
 * again says whether the account is connected; the parameter says why not. It is read once, then
 * taken off the address (once the resumed wizard has it), so a reload does not repeat an old failure.
 */
function useDiscordConnection(resumed: PendingRegistration | null): DiscordConnection {
  const { searchParams, dropSearchParam } = usePageNavigation();
  const [outcome] = useState(() => {
    const value = searchParams.get(discordOutcomeParam);
    return discordOutcomes.includes(value as DiscordOutcome) ? (value as DiscordOutcome) : null;
  });
  useEffect(() => {
    // Not before the registration is read: the served page mounts a wizard without it first, then the resumed one.
    if (!resumed || !searchParams.has(discordOutcomeParam)) return;
    dropSearchParam(discordOutcomeParam);
  }, [resumed, searchParams, dropSearchParam]);
  if (resumed?.discord) return { kind: 'connected', username: resumed.captainDiscord, isInServer: resumed.discord.isInServer };
  if (outcome === 'denied' || outcome === 'refused' || outcome === 'failed') return { kind: outcome };
  return { kind: 'none' };
}

function Wizard({
  tournament,
  resumed,
  onTeamCreated,
  onRefunded,
}: {
  tournament: Tournament;
  /** The unpaid registration this browser had started (a reload): picked up at the step it had reached. */
  resumed: PendingRegistration | null;
  onTeamCreated: () => void;
  onRefunded: () => void;
}) {
  const t = useT();
  const formats = useFormats();
  const site = useSite();
  const { navigate } = usePageNavigation();
  const queryClient = useQueryClient();
  const form = useRegistrationForm(resumed ? formValuesOf(resumed) : undefined);
  const createTeam = useCreateTeam();
  const createPaymentIntent = useCreatePaymentIntent();

  // A payment was started: back to the payment step; otherwise the Discord step, whose link is opened again.
  const [step, setStep] = useState<WizardStep>(resumed ? (resumed.hasPayment ? 3 : 2) : 1);
  const [teamId, setTeamId] = useState<string | null>(resumed?.id ?? null);
  const [manageUrl, setManageUrl] = useState<string | null>(() => (resumed ? rememberedManageUrl(resumed.id) : null));
  const [holdExpiresAt, setHoldExpiresAt] = useState<string | null>(resumed?.holdExpiresAt ?? null);
  const [isResumed, setIsResumed] = useState(resumed !== null);
  const [isFree, setIsFree] = useState(false);
  const [clientSecret, setClientSecret] = useState<string | null>(null);
  const [isAcknowledged, setIsAcknowledged] = useState(false);
  const discordConnection = useDiscordConnection(resumed);
  const [isStartingDiscord, setIsStartingDiscord] = useState(false);

  // A failed fetch is no error yet: the part is fetched again when it shows.
  useEffect(() => {
    for (const part of laterParts) part.preload().catch(() => undefined);
  }, []);

  // Each move puts focus on the new step's heading; the button that had it is gone (WCAG 2.4.3).
  const stepArea = useRef<HTMLDivElement>(null);
  const hasMoved = useRef(false);
  useEffect(() => {
    if (hasMoved.current) focusWithin(stepArea.current, 'h2');
  }, [step]);
  // A payment that replaces another (the fee changed) starts like a step: its heading has focus and is
  // in view (the Pay button that had focus is gone, and focus on a heading scrolled away is not seen).
  const isReplacingPayment = useRef(false);
  useEffect(() => {
    if (!clientSecret || !isReplacingPayment.current) return;
    isReplacingPayment.current = false;
    focusWithin(stepArea.current, 'h2');
    window.scrollTo({ top: 0 });
  }, [clientSecret]);
  const goTo = (next: WizardStep) => {
    hasMoved.current = true;
    setStep(next);
    window.scrollTo({ top: 0 });
  };
  // Registration ends on its confirmation page: the receipt, the team link to keep, what comes next.
  const finish = () => {
    if (teamId) navigate(registeredPath(teamId), { state: { ...focusMainOnArrival, ...registeredPageState(manageUrl) } });
  };
  const manageAction = () => (manageUrl ? { label: t('Manage your team'), href: manageUrl, onNavigate: (href: string) => navigate(href) } : undefined);

  // Resumed on the payment step: the same payment again (the server reuses it), never a second one.
  const resumeStarted = useRef(false);
  const { mutate: startPayment } = createPaymentIntent;
  useEffect(() => {
    if (!resumed?.hasPayment || resumeStarted.current) return;
    resumeStarted.current = true;
    startPayment(
      { tournamentId: tournament.id, teamId: resumed.id },
      {
        onSuccess: ({ clientSecret: secret }) => setClientSecret(secret),
        onError: () => {
          toast({ title: t('Error'), description: t('Failed to initialize payment. Please try again.'), variant: 'destructive' });
          setStep(2);
        },
      },
    );
  }, [resumed, startPayment, tournament.id, t]);

  // The last refusal's toast, closed once a corrected form goes through: it is no longer true.
  const refusal = useRef<string | null>(null);
  async function submitTeam(values: RegistrationForm) {
    try {
      const logoUrl = values.logoFile ? await uploadLogo(values.logoFile) : null;
      const created = await createTeam.mutateAsync(toTeamCreatePayload(values, tournament.id, logoUrl));
      setTeamId(created.id);
      setManageUrl(created.manageUrl);
      setHoldExpiresAt(created.holdExpiresAt);
      // This device offers "Your team" from now on; the link also finishes an interrupted payment.
      const link = parseTeamLink(created.manageUrl);
      if (link) rememberTeamLink({ ...link, teamName: values.teamName, tournamentName: tournament.name });
      onTeamCreated();
      setIsFree(created.paymentStatus === 'completed');
      void queryClient.invalidateQueries({ queryKey: queryKeys.capacity(tournament.id) });
      if (refusal.current) dismissToast(refusal.current);
      goTo(2);
    } catch (error) {
      if (error instanceof LogoRefusedError) {
        form.setError('logoFile', { message: error.message }, { shouldFocus: true });
        refusal.current = toast({ title: t('Registration Failed'), description: t(error.message), variant: 'destructive' });
        return;
      }
      // The server's reason (a taken name or Riot ID, a repeated Riot ID, a full tournament) is what the captain reads, once.
      const reason = error instanceof HttpError && error.status < 500 ? error.serverMessage : null;
      let isOnField = false;
      if (error instanceof HttpError) {
        for (const issue of issuesOf(error)) {
          const field = fieldForIssue(issue.path);
          if (!field) continue;
          form.setError(field, { message: issue.message }, { shouldFocus: !isOnField });
          isOnField = true;
        }
        // Full or closed meanwhile: refetch, so the page shows the Registration Closed card.
        if (error.status === 409) void refreshAfterRegistration(queryClient, tournament.id);
      }
      if (reason && !isOnField) {
        flushSync(() => form.setError('root.server', { message: reason }));
        // The form passed its own checks, so the server's reason is the only alert on it.
        focusWithin(stepArea.current, '[role="alert"]');
      }
      refusal.current = toast({ title: t('Registration Failed'), description: t(reason ?? registrationFailed), variant: 'destructive' });
    }
  }

  /** Starting over: this browser's team gives its spot, name and Riot IDs back first, then step 1 is empty again. */
  async function startOver() {
    if (!teamId) return;
    await releasePendingRegistration(teamId);
    forgetTeamLink(teamId);
    form.reset(emptyRegistrationForm);
    setTeamId(null);
    setManageUrl(null);
    setHoldExpiresAt(null);
    setClientSecret(null);
    setIsAcknowledged(false);
    setIsResumed(false);
    void refreshAfterRegistration(queryClient, tournament.id);
    goTo(1);
  }

  /** Off to Discord's consent screen; its redirect brings the browser back here (a free team: to its confirmation). */
  async function connectDiscord() {
    if (!teamId) return;
    setIsStartingDiscord(true);
    try {
      const here = new URL(window.location.href);
      here.searchParams.delete(discordOutcomeParam);
      const returnPath = isFree ? registeredPath(teamId) : `${here.pathname}${here.search}`;
      window.location.assign(await startDiscordConnect({ teamId, returnPath }));
    } catch (error) {
      setIsStartingDiscord(false);
      const fallback = msg('Could not start the Discord connection. Please try again.');
      const reason = error instanceof HttpError && error.status < 500 ? (error.serverMessage ?? fallback) : fallback;
      toast({ title: t('Error'), description: t(reason), variant: 'destructive' });
    }
  }

  function continueFromDiscord() {
    if (!teamId) {
      toast({ title: t('Error'), description: t('Missing tournament or team data'), variant: 'destructive' });
      return;
    }
    if (isFree) {
      toast({
        title: t('Registration Complete!'),
        description: t('Your team has been successfully registered for the tournament.'),
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
        onError: () => toast({ title: t('Error'), description: t('Failed to initialize payment. Please try again.'), variant: 'destructive' }),
      },
    );
  }

  /** The organizer changed the fee: a payment for the current fee replaces the old one, and the refreshed tournament shows the amount. */
  async function startNewPayment() {
    if (!teamId) return;
    void refreshAfterRegistration(queryClient, tournament.id);
    // The old form goes at once: card details typed into it would be lost when the new payment's form replaces it.
    setClientSecret(null);
    try {
      const { clientSecret: secret } = await createPaymentIntent.mutateAsync({ tournamentId: tournament.id, teamId });
      isReplacingPayment.current = true;
      setClientSecret(secret);
    } catch {
      toast({ title: t('Error'), description: t('Failed to initialize payment. Please try again.'), variant: 'destructive' });
      goTo(2);
    }
  }

  async function onCanceled() {
    toast({
      title: t('Entry Fee Changed'),
      description: t('The entry fee changed before your payment went through. Nothing was charged; please check the new amount and pay again.'),
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
      toast({ title: t('Payment Refunded'), description: t(outcome.message), variant: 'destructive' });
      await startNewPayment();
      return;
    }
    toast({ title: t('Payment Successful'), description: t('Your team has been registered successfully!'), variant: 'success', action: manageAction() });
    finish();
  }

  // A held, unpaid team: the captain may give it up and start again (after a reload, or from the locked step 1).
  const canStartOver = teamId !== null && !isFree && (isResumed || step === 1);

  return (
    <>
      <PageHeader title={t('Team Registration')}>
        {t('Join {tournament} and compete for {prizePool}', { tournament: tournament.name, prizePool: formats.money(tournament.prizePool, tournament.currency) })}
      </PageHeader>
      <div ref={stepArea} className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        {canStartOver && (
          <Suspense fallback={null}>
            <ResumeNotice teamName={form.getValues('teamName')} isResumed={isResumed} onStartOver={startOver} />
          </Suspense>
        )}
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
          <Suspense fallback={<LoadingStep />}>
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
              continueLabel={isFree ? t('Complete Registration') : t('Continue to Payment')}
              connect={site?.discordConnect ? { connection: discordConnection, onConnect: () => void connectDiscord(), isStarting: isStartingDiscord } : undefined}
            />
          </Suspense>
        )}
        {step === 3 && !clientSecret && <PaymentSystemLoading />}
        {step === 3 && clientSecret && (
          <Suspense fallback={<PaymentSystemLoading />}>
            <PaymentStep
              key={clientSecret}
              tournament={tournament}
              clientSecret={clientSecret}
              holdExpiresAt={holdExpiresAt}
              returnPath={teamId ? registeredPath(teamId) : undefined}
              onPaid={onPaid}
              onCanceled={onCanceled}
              onBack={() => goTo(1)}
            />
          </Suspense>
        )}
      </div>
    </>
  );
}

/**
 * Registration for one tournament, once it is known: the closed, full (waitlist) or cancelled card,
 * or the wizard. /register mounts it for the featured cup or the one chosen with `?tournament=`;
 * a cup's own page (/tournaments/{slug}/register) mounts it with its tournament. Null: no cup to
 * register for (the Registration Closed card).
 */
export function TournamentRegistration({ tournament }: { tournament: Tournament | null }) {
  const site = useSite();
  const now = useNow();
  const capacity = useQuery({ ...capacityQuery(tournament?.id), refetchOnMount: 'always' });
  // The registration this browser started and has not paid: it holds its spot even when that made the tournament full.
  // The served page says "none" (its owner cookie is only sent to /api), so it is asked again once the page is live.
  const pending = useQuery({ ...pendingRegistrationQuery(tournament?.id), refetchOnMount: 'always' });
  const resumed = pending.data ?? null;
  // Once the team exists its captain goes on to pay, even when that team took the last spot.
  const [hasTeam, setHasTeam] = useState(false);
  // Shown whatever the tournament has become meanwhile: it may have been deleted or filled up.
  const [isRefunded, setIsRefunded] = useState(false);
  // Home's 'Tournament Full' links here with ?waitlist; the Full — waitlist open card's button opens it too.
  const { searchParams } = usePageNavigation();
  const [wantsWaitlist, setWantsWaitlist] = useState(() => searchParams.has('waitlist'));

  if (isRefunded) return <PaymentRefunded />;
  if (tournament && (capacity.isPending || pending.isPending) && !hasTeam) return <LoadingTournament />;
  const isFull = capacity.data ? capacityLevel(capacity.data) === 'full' : false;
  const isOpen = !!tournament && isAcceptingRegistrations(tournament, now) && !isFull;
  // The waitlist is for a tournament that still takes registrations but has no spot left.
  const canWait = !!tournament && isFull && isAcceptingRegistrations(tournament, now);
  if (canWait && wantsWaitlist && !hasTeam && !resumed) return <WaitlistForm tournament={tournament} />;
  if (canWait && !hasTeam && !resumed) return <RegistrationFull discordUrl={site?.discordInviteUrl} onJoinWaitlist={() => setWantsWaitlist(true)} />;
  if (!tournament || (!isOpen && !hasTeam && !resumed)) return <RegistrationClosed discordUrl={site?.discordInviteUrl} cancelled={!!tournament && isCancelled(tournament)} />;
  return <Wizard key={`${tournament.id}/${resumed?.id ?? 'new'}`} tournament={tournament} resumed={resumed} onTeamCreated={() => setHasTeam(true)} onRefunded={() => setIsRefunded(true)} />;
}

/** The query parameter naming the cup /register registers for (components/open-cups.tsx `registerForCupPath`). */
export const chosenCupParam = 'tournament';

/**
 * /register: the featured cup, as before; when other cups take registrations too, first the choice
 * (one click per cup), which comes back here with `?tournament=`. Home's waitlist link (`?waitlist`)
 * is the featured cup's.
 */
export function RegisterPage() {
  const queryClient = useQueryClient();
  const renderedAt = useContext(RenderTimeContext);
  // The reads the page was rendered with travel with the island, which hydrates with them (its own query client).
  const [props] = useState<RegisterIslandProps>(() => ({ reads: readsOfRegisterPage(queryClient), renderedAt }));
  return (
    <Island name="register" props={props}>
      <Registration />
    </Island>
  );
}

/** The page's content, in the app (its query client) or as the island (register-island.tsx). */
export function Registration() {
  const t = useT();
  usePageMeta(t('Team Registration'), t('Register your team for the active tournament: team details, our Discord community, and the entry fee.'));
  const { searchParams } = usePageNavigation();
  const chosenId = searchParams.get(chosenCupParam);
  const active = useQuery({ ...activeTournamentQuery(), refetchOnMount: 'always' });
  const open = useQuery({ ...openTournamentsQuery(), refetchOnMount: 'always' });
  const featured = active.data ?? null;
  const chosen = chosenId ? (chosenId === featured?.id ? featured : (open.data?.find((cup) => cup.id === chosenId) ?? null)) : null;
  // A chosen cup that stops taking registrations while its captain is in the wizard stays that captain's cup (the server re-checks).
  const lastChosen = useRef<Tournament | null>(null);
  if (chosen) lastChosen.current = chosen;
  // Once registering for the featured cup, the captain stays there: a cup opening, or the featured one
  // going away meanwhile (deleted while paying: its refund notice), never swaps the wizard for the choice.
  const isOnFeatured = useRef(false);

  if (active.isPending || open.isPending) return <LoadingTournament />;
  if (chosenId) return <TournamentRegistration key={chosenId} tournament={chosen ?? (lastChosen.current?.id === chosenId ? lastChosen.current : null)} />;
  const others = (open.data ?? []).filter((cup) => cup.id !== featured?.id);
  if (!isOnFeatured.current && others.length > 0 && !searchParams.has('waitlist')) return <CupChoice cups={open.data ?? []} />;
  isOnFeatured.current = true;
  return <TournamentRegistration tournament={featured} />;
}
