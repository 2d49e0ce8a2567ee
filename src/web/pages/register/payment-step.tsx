import { useQuery } from '@tanstack/react-query';
import CreditCard from 'lucide-react/icons/credit-card';
import Info from 'lucide-react/icons/info';
import { lazy, Suspense } from 'react';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { useT } from '../../i18n/i18n';
import { useFormats } from '../../i18n/use-formats';
import { stripeConfigQuery } from '../../queries/registration';
import { DemoPaymentForm } from './demo-payment-form';
import { HoldNotice } from './held-spot';
import { PaymentSystemFailed, PaymentSystemLoading, type OnCanceled, type OnPaid } from './payment-parts';

// Stripe's libraries load only here, only in Stripe mode.
const StripePaymentForm = lazy(() => import('./stripe-payment-form').then((m) => ({ default: m.StripePaymentForm })));

/** Step 3: the entry fee, the provider's card form, and Back to Team Info (or the team page's own way back). */
export function PaymentStep({
  tournament,
  clientSecret,
  onPaid,
  onCanceled,
  onBack,
  backLabel,
  holdExpiresAt,
  returnPath,
}: {
  tournament: { name: string; entryFee: string; currency: string };
  clientSecret: string;
  onPaid: OnPaid;
  onCanceled: OnCanceled;
  onBack: () => void;
  backLabel?: string;
  /** When the team's held spot goes back to other teams, if it is held. */
  holdExpiresAt?: string | null;
  /** Where the bank's 3-D Secure page sends the captain back to (the home page unless given). */
  returnPath?: string;
}) {
  const t = useT();
  const formats = useFormats();
  const config = useQuery(stripeConfigQuery());
  const amountLabel = formats.money(tournament.entryFee, tournament.currency);

  let form;
  if (config.isPending) form = <PaymentSystemLoading />;
  else if (config.isError) form = <PaymentSystemFailed />;
  else if (config.data.mode === 'demo')
    form = <DemoPaymentForm clientSecret={clientSecret} amountLabel={amountLabel} onPaid={onPaid} onCanceled={onCanceled} />;
  else if (!config.data.publishableKey) form = <PaymentSystemFailed />;
  else
    form = (
      <Suspense fallback={<PaymentSystemLoading />}>
        <StripePaymentForm
          publishableKey={config.data.publishableKey}
          clientSecret={clientSecret}
          amountLabel={amountLabel}
          onPaid={onPaid}
          onCanceled={onCanceled}
          returnPath={returnPath}
        />
      </Suspense>
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-xl">
          <CreditCard aria-hidden className="size-5 text-accent" />
          {t('Complete Your Registration')}
        </CardTitle>
        <CardDescription>{t("Pay the entry fee to secure your team's spot in {tournament}", { tournament: tournament.name })}</CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-[minmax(0,1fr)] gap-6">
        <p className="flex items-start gap-2 rounded-md border border-[#5865f2]/50 bg-[#5865f2]/10 px-3 py-2 text-sm text-foreground">
          <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-[#8c95ff]" />
          {t('Remember to join our Discord server: brackets, match times and updates are all posted there.')}
        </p>
        {holdExpiresAt && <HoldNotice holdExpiresAt={holdExpiresAt} />}
        {form}
        <Button type="button" variant="outline" className="justify-self-start" onClick={onBack}>
          {backLabel ?? t('Back to Team Info')}
        </Button>
      </CardContent>
    </Card>
  );
}
