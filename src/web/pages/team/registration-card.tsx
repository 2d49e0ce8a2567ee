import { useQueryClient } from '@tanstack/react-query';
import { Printer, Receipt } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { fromMinorUnits } from '../../../shared/money';
import { registeredPath } from '../../../shared/paths';
import type { TeamPageData } from '../../../shared/schemas/team-page';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { toast } from '../../components/ui/use-toast';
import { useT } from '../../i18n/i18n';
import { useFormats } from '../../i18n/use-formats';
import { claimOffer, managedTeamKey, resumePayment, teamLinkHeaders } from '../../queries/team-page';
import { markPaymentComplete } from '../../queries/registration';
import { teamStatusVariants } from '../../lib/team-status';
import { PaymentStep } from '../register/payment-step';
import { teamPageTexts, waitlistTexts } from './team-texts';
import { captainStatusLabel } from '../../lib/team-status';

function Row({ label, children }: { label: string; children: string }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 border-b border-border/60 py-2 last:border-0">
      <dt className="text-muted">{label}</dt>
      <dd className="font-semibold">{children}</dd>
    </div>
  );
}

/** Status, money in and out, the hold while unpaid (with the payment step to finish it), and the receipt once paid. */
export function RegistrationCard({ team, teamKey }: { team: TeamPageData; teamKey: string }) {
  const t = useT();
  const formats = useFormats();
  const minor = (amount: number) => formats.money(fromMinorUnits(amount), team.payment.currency);
  const queryClient = useQueryClient();
  const [clientSecret, setClientSecret] = useState<string | null>(null);
  const [isStarting, setIsStarting] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: managedTeamKey(team.id) });
  const { payment } = team;
  useStartPaymentOnArrival(payment.canResume, startPayment);

  async function startPayment() {
    setIsStarting(true);
    try {
      // The same payment as the wizard's: the server reuses it (payments/service.ts).
      setClientSecret((await resumePayment(team.id, teamKey)).clientSecret);
    } catch {
      toast({ title: t('Error'), description: t(teamPageTexts.paymentStarting), variant: 'destructive' });
    } finally {
      setIsStarting(false);
    }
  }

  const [isClaiming, setIsClaiming] = useState(false);
  /** Claiming the waitlist's offer leads straight to the payment step, as Finish Payment does. */
  async function claim() {
    setIsClaiming(true);
    try {
      const claimed = await claimOffer(team.id, teamKey);
      queryClient.setQueryData(managedTeamKey(team.id), claimed);
      if (claimed.payment.canResume) await startPayment();
    } catch {
      toast({ title: t('Error'), description: t(waitlistTexts.claimFailed), variant: 'destructive' });
      await refresh();
    } finally {
      setIsClaiming(false);
    }
  }

  async function onPaid() {
    const outcome = await markPaymentComplete(team.id, teamLinkHeaders(teamKey));
    if (outcome.kind === 'payAgain') {
      toast({ title: t('Payment Refunded'), description: t(outcome.message), variant: 'destructive' });
      await startPayment();
      return;
    }
    setClientSecret(null);
    await refresh();
    if (outcome.kind === 'completed') toast({ title: t('Payment Successful'), description: t('Your team has been registered successfully!'), variant: 'success' });
  }

  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle className="flex flex-wrap items-center justify-between gap-2 text-xl">
            {t(teamPageTexts.statusTitle)}
            <Badge variant={team.withdrawnAt ? 'outline' : teamStatusVariants[team.status]} data-testid="team-status">
              {t(captainStatusLabel(team))}
            </Badge>
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <dl className="text-sm">
            <Row label={t('Tournament')}>{team.tournament.name}</Row>
            <Row label={t('Entry fee')}>{formats.money(team.tournament.entryFee, team.tournament.currency)}</Row>
            {payment.amountPaid !== null && payment.amountPaid > 0 && <Row label={t('Paid')}>{minor(payment.amountPaid)}</Row>}
            {payment.amountRefunded > 0 && <Row label={t('Refunded')}>{minor(payment.amountRefunded)}</Row>}
          </dl>
          {team.tournament.isCancelled && (
            <p className="rounded-md border border-warning/50 bg-warning/10 px-3 py-2 text-sm">{t('The organizer cancelled this tournament.')}</p>
          )}
          {team.waitlist && <WaitlistStatus waitlist={team.waitlist} hasEmail={!!team.captainEmail} isClaiming={isClaiming} onClaim={claim} />}
          {payment.holdExpiresAt && (
            <p className="rounded-md border border-warning/50 bg-warning/10 px-3 py-2 text-sm" data-testid="hold-expiry">
              {t(teamPageTexts.holdUntil, { time: formats.dateTime(payment.holdExpiresAt) })}
            </p>
          )}
          {payment.canResume && !clientSecret && (
            <Button className="justify-self-start" onClick={startPayment} disabled={isStarting}>
              {t(teamPageTexts.finishPayment)}
            </Button>
          )}
        </CardContent>
      </Card>
      {clientSecret && payment.canResume && (
        <PaymentStep
          key={clientSecret}
          tournament={{ name: team.tournament.name, entryFee: team.tournament.entryFee, currency: team.tournament.currency }}
          clientSecret={clientSecret}
          onPaid={onPaid}
          onCanceled={startPayment}
          onBack={() => setClientSecret(null)}
          backLabel={t('Not now')}
          // Back from the bank's 3-D Secure page: the confirmation page records the payment and shows the receipt.
          returnPath={registeredPath(team.id)}
        />
      )}
      {payment.amountPaid !== null && payment.amountPaid > 0 && payment.reference && <ReceiptCard team={team} />}
    </>
  );
}

/**
 * Arriving from "Register for another cup" (its navigation state asks for it), the new
 * registration's payment step opens at once, with the hold just taken; once, not on every render.
 */
function useStartPaymentOnArrival(canResume: boolean, start: () => Promise<void>) {
  const location = useLocation();
  const navigate = useNavigate();
  const asked = (location.state as { startPayment?: boolean } | null)?.startPayment === true;
  const started = useRef(false);
  useEffect(() => {
    if (!asked || started.current) return;
    started.current = true;
    // Dropped from the history entry, so a reload does not start it again.
    void navigate({ search: location.search }, { replace: true, state: null });
    if (canResume) void start();
  }, [asked, canResume, start, navigate, location.search]);
}

/** Where a waiting team stands: its place, or the spot offered to it with its deadline and the claim. */
function WaitlistStatus({
  waitlist,
  hasEmail,
  isClaiming,
  onClaim,
}: {
  waitlist: NonNullable<TeamPageData['waitlist']>;
  hasEmail: boolean;
  isClaiming: boolean;
  onClaim: () => void;
}) {
  const t = useT();
  const formats = useFormats();
  if (waitlist.offerExpiresAt) {
    return (
      <div className="grid gap-3 rounded-md border border-success/50 bg-success/10 px-3 py-2 text-sm" data-testid="waitlist-offer">
        <p>{t(waitlistTexts.offer, { until: formats.dateTime(waitlist.offerExpiresAt) })}</p>
        <Button className="justify-self-start" onClick={onClaim} disabled={isClaiming}>
          {t(isClaiming ? waitlistTexts.claiming : waitlistTexts.claim)}
        </Button>
      </div>
    );
  }
  if (waitlist.offerLapsed)
    return (
      <p className="rounded-md border border-border px-3 py-2 text-sm" data-testid="waitlist-lapsed">
        {t(waitlistTexts.lapsed)}
      </p>
    );
  if (waitlist.position === null) return null;
  return (
    <div className="rounded-md border border-border px-3 py-2 text-sm" data-testid="waitlist-position">
      <p className="font-semibold">{t(waitlistTexts.position, { position: waitlist.position })}</p>
      <p className="mt-1 text-muted">{waitlist.registrationClosed ? t(waitlistTexts.closed) : t(waitlistTexts.waiting, { email: hasEmail ? 'yes' : 'no' })}</p>
    </div>
  );
}

/** What a paying customer files away: who was paid, for what, how much, when, and the reference. */
function ReceiptCard({ team }: { team: TeamPageData }) {
  const t = useT();
  const formats = useFormats();
  const { payment } = team;
  return (
    <Card data-receipt data-testid="receipt">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-xl">
          <Receipt aria-hidden className="size-5 text-accent" />
          {t(teamPageTexts.receiptTitle)}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="text-sm">
          <Row label={t('Paid to')}>{team.organizerName}</Row>
          <Row label={t('Tournament')}>{team.tournament.name}</Row>
          <Row label={t('Team')}>{team.name}</Row>
          <Row label={t('Amount')}>{formats.money(fromMinorUnits(payment.amountPaid ?? 0), payment.currency)}</Row>
          <Row label={t('Currency')}>{payment.currency.toUpperCase()}</Row>
          <Row label={t('Date')}>{formats.dateTime(payment.paidAt)}</Row>
          <Row label={t('Payment reference')}>{payment.reference ?? ''}</Row>
        </dl>
        <Button variant="outline" className="justify-self-start print:hidden" onClick={() => window.print()}>
          <Printer aria-hidden />
          {t(teamPageTexts.printReceipt)}
        </Button>
      </CardContent>
    </Card>
  );
}
