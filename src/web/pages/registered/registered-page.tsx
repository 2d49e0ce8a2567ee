import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarClock, Check, Copy, KeyRound, Loader2, Receipt, Share2, ShieldAlert } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { fromMinorUnits } from '../../../shared/money';
import { registeredPageMeta } from '../../../shared/page-meta';
import { paths, teamLinkPath, teamPath } from '../../../shared/paths';
import type { TeamPageData } from '../../../shared/schemas/team-page';
import { HttpError } from '../../api';
import { PageHeader } from '../../components/layout/page-header';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Label } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { useT } from '../../i18n/i18n';
import { Trans } from '../../i18n/trans';
import { useFormats } from '../../i18n/use-formats';
import { nameRememberedTeam, rememberedKeyOf } from '../../lib/team-link-memory';
import { usePageMeta } from '../../lib/use-page-meta';
import { markPaymentComplete } from '../../queries/registration';
import { managedTeamKey, managedTeamQuery, teamLinkHeaders } from '../../queries/team-page';
import { OutcomeCard } from '../register/outcome-card';
import { registeredTexts as texts } from './registered-texts';
import { teamKeyInState } from './registered-state';

function Row({ label, children }: { label: string; children: string }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 border-b border-border/60 py-2 last:border-0">
      <dt className="text-muted">{label}</dt>
      <dd className="break-all text-right font-semibold">{children}</dd>
    </div>
  );
}

/** What was bought: the team, the tournament, the amount and its currency, the provider's reference, the date. A free entry says Free. */
function RegistrationReceipt({ team }: { team: TeamPageData }) {
  const t = useT();
  const { money, dateTime } = useFormats();
  const labels = texts.receipt;
  const { payment } = team;
  const isPaid = (payment.amountPaid ?? 0) > 0;
  return (
    <Card data-testid="registration-receipt">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-xl">
          <Receipt aria-hidden className="size-5 text-accent" />
          {t(texts.receiptTitle)}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="text-sm">
          <Row label={t(labels.team)}>{team.name}</Row>
          <Row label={t(labels.tournament)}>{team.tournament.name}</Row>
          {isPaid ? (
            <>
              <Row label={t(labels.paidTo)}>{team.organizerName}</Row>
              <Row label={t(labels.amountPaid)}>{money(fromMinorUnits(payment.amountPaid ?? 0), payment.currency)}</Row>
              <Row label={t(labels.currency)}>{payment.currency.toUpperCase()}</Row>
              <Row label={t(labels.reference)}>{payment.reference ?? t(labels.referencePending)}</Row>
              <Row label={t(labels.date)}>{dateTime(payment.paidAt ?? team.createdAt)}</Row>
            </>
          ) : (
            <>
              <Row label={t(labels.entryFee)}>{team.status === 'completed' ? t(labels.free) : t(labels.paymentPending)}</Row>
              <Row label={t(labels.date)}>{dateTime(team.createdAt)}</Row>
            </>
          )}
        </dl>
      </CardContent>
    </Card>
  );
}

/** The team link, to copy or share, with why it must stay private. Shown whole only here: the team page's address drops the key. */
function TeamLinkCard({ team, teamKey }: { team: TeamPageData; teamKey: string }) {
  const t = useT();
  const link = `${window.location.origin}${teamLinkPath(team.id, teamKey)}`;
  const [isCopied, setIsCopied] = useState(false);
  const canShare = typeof navigator.share === 'function';
  useEffect(() => {
    if (!isCopied) return;
    const timer = setTimeout(() => setIsCopied(false), 3000);
    return () => clearTimeout(timer);
  }, [isCopied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setIsCopied(true);
      toast({ title: t(texts.copiedToast), description: t(texts.copiedToastDescription), variant: 'success' });
    } catch {
      toast({ title: t(texts.copyFailedTitle), description: t(texts.copyFailed), variant: 'destructive' });
    }
  }

  async function share() {
    try {
      await navigator.share({ title: t(texts.shareTitle, { teamName: team.name, linkTitle: t(texts.linkTitle) }), url: link });
    } catch {
      // Closed without sharing, or refused: the link is still there to copy.
    }
  }

  return (
    <Card data-testid="team-link-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-xl">
          <KeyRound aria-hidden className="size-5 text-primary" />
          {t(texts.linkTitle)}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="text-sm text-muted">{t(texts.linkIntro)}</p>
        <div className="grid gap-2">
          <Label htmlFor="team-link">{t(texts.linkLabel)}</Label>
          <input
            id="team-link"
            readOnly
            value={link}
            onFocus={(event) => event.currentTarget.select()}
            className="h-10 w-full rounded-md border border-border bg-surface-2 px-3 font-mono text-xs text-foreground focus-visible:outline-2 focus-visible:outline-accent"
          />
        </div>
        <div className="flex flex-wrap gap-3">
          <Button type="button" onClick={copy}>
            {isCopied ? <Check aria-hidden /> : <Copy aria-hidden />}
            {isCopied ? t(texts.copied) : t(texts.copy)}
          </Button>
          {canShare && (
            <Button type="button" variant="secondary" onClick={share}>
              <Share2 aria-hidden />
              {t(texts.share)}
            </Button>
          )}
        </div>
        <p className="flex gap-2 rounded-md border border-warning/50 bg-warning/10 px-3 py-2 text-sm" data-testid="team-link-warning">
          <ShieldAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-warning" />
          {t(texts.privateWarning)}
        </p>
        <p className="text-sm text-muted" data-testid="team-link-mail">
          {team.captainEmail ? t(texts.emailed, { email: team.captainEmail }) : t(texts.notEmailed)}
        </p>
      </CardContent>
    </Card>
  );
}

function Step({ children }: { children: ReactNode }) {
  return <li className="border-l-2 border-primary/60 pl-3">{children}</li>;
}

/** Tournament day: the check-in window, the start, where the bracket appears, and until when the roster may change. */
function WhatHappensNext({ team }: { team: TeamPageData }) {
  const t = useT();
  const { dateTime } = useFormats();
  const { checkIn, tournament, roster } = team;
  return (
    <Card data-testid="whats-next">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-xl">
          <CalendarClock aria-hidden className="size-5 text-accent" />
          {t(texts.nextTitle)}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-3 text-sm">
          {checkIn.state !== 'off' && checkIn.state !== 'closed' && (
            <Step>{t(texts.checkIn, { opens: dateTime(checkIn.opensAt), closes: dateTime(checkIn.closesAt) })}</Step>
          )}
          <Step>{t(texts.starts, { tournamentName: tournament.name, startsAt: dateTime(tournament.startsAt) })}</Step>
          <Step>
            <Trans
              message={texts.bracket}
              parts={{
                link: (text) => (
                  <Link to={paths.bracket} className="font-semibold text-accent underline-offset-4 hover:underline">
                    {text}
                  </Link>
                ),
              }}
            />
          </Step>
          {roster.canChange && <Step>{t(texts.roster, { locksAt: dateTime(roster.locksAt) })}</Step>}
        </ol>
      </CardContent>
    </Card>
  );
}

function NotFound({ title, children }: { title: string; children: string }) {
  const t = useT();
  return (
    <OutcomeCard
      testId="registration-not-found"
      icon={<KeyRound aria-hidden className="size-7" />}
      iconClassName="bg-warning/15 text-warning"
      title={title}
      actions={
        <Button asChild>
          <Link to={paths.home}>{t(texts.returnHome)}</Link>
        </Button>
      }
    >
      <p className="text-muted">{children}</p>
    </OutcomeCard>
  );
}

/** While a payment is being confirmed (a card back from the bank's 3-D Secure page), the page asks again this often. */
const confirmingRefetchMs = 3000;

/**
 * The bank's 3-D Secure page sends the captain back here with Stripe's parameters (the payment's
 * client secret among them): they are dropped from the address, and the payment is recorded once.
 */
function useReturnFromBank(teamId: string, teamKey: string | null) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const paymentIntent = searchParams.get('payment_intent');
  const isHandled = useRef(false);
  useEffect(() => {
    if (!paymentIntent || isHandled.current) return;
    isHandled.current = true;
    void navigate({ search: '' }, { replace: true, state: location.state });
    if (!teamKey) return;
    void markPaymentComplete(teamId, teamLinkHeaders(teamKey)).then(() => queryClient.invalidateQueries({ queryKey: managedTeamKey(teamId) }));
  }, [paymentIntent, teamId, teamKey, navigate, location.state, queryClient]);
}

/**
 * Where registration ends, paid or free: the receipt, the team link to keep, what comes next. The
 * address names only the team; the key comes from this browser (its memory of the link, or the tab's
 * history entry), and the data from the team page's own endpoint, so a reload shows the same page.
 */
export function RegisteredPage() {
  usePageMeta(registeredPageMeta);
  const t = useT();
  const { id: teamId = '' } = useParams();
  const location = useLocation();
  const [teamKey] = useState(() => rememberedKeyOf(teamId) ?? teamKeyInState(location.state, teamId));
  useReturnFromBank(teamId, teamKey);
  const team = useQuery({
    ...managedTeamQuery(teamId, teamKey),
    // Not confirmed yet: the provider's webhook confirms it shortly, and the page follows.
    refetchInterval: (query) => (query.state.data && query.state.data.status !== 'completed' && query.state.data.payment.canResume ? confirmingRefetchMs : false),
  });
  const teamName = team.data?.name;
  const tournamentName = team.data?.tournament.name;
  useEffect(() => {
    if (teamName && tournamentName) nameRememberedTeam(teamId, { teamName, tournamentName });
  }, [teamId, teamName, tournamentName]);

  if (!teamKey || (team.error instanceof HttpError && team.error.status === 404)) return <NotFound title={t(texts.linkMissingTitle)}>{t(texts.linkMissing)}</NotFound>;
  if (team.isError) return <NotFound title={t(texts.linkMissingTitle)}>{t(texts.loadFailed)}</NotFound>;
  if (!team.data)
    return (
      <div role="status" className="flex min-h-[60vh] items-center justify-center text-muted">
        <Loader2 aria-hidden className="size-10 animate-spin text-primary" />
        <span className="sr-only">{t(texts.loading)}</span>
      </div>
    );

  const data = team.data;
  const isConfirmed = data.status === 'completed';
  // The team page opens from this browser's memory of the link; without one (storage refused) the link itself opens it.
  const teamPageHref = rememberedKeyOf(teamId) ? teamPath(teamId) : teamLinkPath(teamId, teamKey);
  return (
    <>
      <PageHeader eyebrow={data.tournament.name} title={t(texts.title)} width="reading">
        {isConfirmed ? t(texts.lead, { teamName: data.name, tournamentName: data.tournament.name }) : t(texts.pendingLead, { teamName: data.name })}
      </PageHeader>
      <div className="mx-auto grid max-w-5xl gap-6 px-4 py-10 sm:px-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid content-start gap-6">
          <TeamLinkCard team={data} teamKey={teamKey} />
          <WhatHappensNext team={data} />
        </div>
        <div className="grid content-start gap-6">
          <RegistrationReceipt team={data} />
          <div className="flex flex-wrap gap-3">
            <Button asChild>
              <Link to={teamPageHref}>{t(texts.openTeamPage)}</Link>
            </Button>
            <Button asChild variant="secondary">
              <Link to={paths.home}>{t(texts.returnHome)}</Link>
            </Button>
          </div>
        </div>
      </div>
    </>
  );
}
