import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeElementLocale, StripeElementsOptions } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import type { PageLocale } from '../../../shared/i18n/locales';
import { toast } from '../../components/ui/use-toast';
import { useLocale, useT } from '../../i18n/i18n';
import { EntryFeeRow, PaymentAlert, PaySubmitButton, PaymentSystemFailed, PaymentSystemLoading, type OnCanceled, type OnPaid } from './payment-parts';

// This module is its own chunk, imported only on the payment step in Stripe mode: the home page
// and steps 1–2 never download Stripe's libraries, and Stripe.js itself loads from js.stripe.com here.

const loaded = new Map<string, Promise<Stripe>>();

/** Stripe.js for one publishable key, loaded once; a failed load may be tried again. */
function getStripe(publishableKey: string): Promise<Stripe> {
  let pending = loaded.get(publishableKey);
  if (!pending) {
    pending = loadStripe(publishableKey).then((stripe) => {
      if (!stripe) throw new Error('Failed to initialize payment system');
      return stripe;
    });
    pending.catch(() => loaded.delete(publishableKey));
    loaded.set(publishableKey, pending);
  }
  return pending;
}

const appearance: StripeElementsOptions['appearance'] = {
  theme: 'night',
  variables: { colorPrimary: '#ff4655', colorBackground: '#131a2a', colorText: '#eef2fb', borderRadius: '6px' },
};

/** Stripe's own texts (the card fields, its errors) in the page's language; the pseudo-locale's are English. */
function stripeLocaleOf(locale: PageLocale): StripeElementLocale {
  if (locale === 'es') return 'es';
  if (locale === 'pt-BR') return 'pt-BR';
  return 'en';
}

function CheckoutForm({
  amountLabel,
  onPaid,
  onCanceled,
  onLoadError,
  returnPath = '/',
}: {
  amountLabel: string;
  onPaid: OnPaid;
  onCanceled: OnCanceled;
  onLoadError: () => void;
  returnPath?: string;
}) {
  const t = useT();
  const stripe = useStripe();
  const elements = useElements();
  const [isReady, setIsReady] = useState(false);
  // The element's "ready" is heard from the moment it is mounted: react-stripe-js attaches onReady in an
  // effect, which Preact (the wizard is an island) runs a frame later, after a quick "ready" has gone by.
  // A parent's layout effect runs in the same commit as the child's that mounted the element.
  useLayoutEffect(() => {
    const element = elements?.getElement('payment');
    if (!element) return;
    const ready = () => setIsReady(true);
    element.on('ready', ready);
    return () => void element.off('ready', ready);
  }, [elements]);
  const [isBusy, setIsBusy] = useState(false);
  // Stripe's fields live in its iframe: the message stays beside them and takes focus (the toast fades after 5 s).
  const [failure, setFailure] = useState<string | null>(null);
  const alert = useRef<HTMLParagraphElement>(null);
  const fail = (title: string, message: string) => {
    toast({ title, description: message, variant: 'destructive' });
    flushSync(() => setFailure(message));
    alert.current?.focus();
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements) return;
    setIsBusy(true);
    setFailure(null);
    try {
      // No redirect unless the card needs one (3-D Secure on some banks); then Stripe returns to the site.
      const returnUrl = new URL(returnPath, window.location.origin).toString();
      const { error, paymentIntent } = await stripe.confirmPayment({ elements, confirmParams: { return_url: returnUrl }, redirect: 'if_required' });
      if (error) {
        // Cancelled by the server when the organizer changed the fee: nothing was charged, a new payment is needed.
        if (error.payment_intent?.status === 'canceled') await onCanceled();
        else fail(t('Payment Failed'), error.message ? t(error.message) : t('Your payment could not be completed.'));
        return;
      }
      if (paymentIntent && (paymentIntent.status === 'succeeded' || paymentIntent.status === 'processing')) {
        await onPaid(paymentIntent.id);
        return;
      }
      fail(t('Payment Failed'), t('Your payment could not be completed.'));
    } catch (error) {
      console.warn('Payment confirmation failed unexpectedly', error);
      fail(t('Payment Error'), t('An unexpected error occurred during payment.'));
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="grid grid-cols-[minmax(0,1fr)] gap-5" aria-label={t('Card payment')}>
      <EntryFeeRow amountLabel={amountLabel} />
      {!isReady && <PaymentSystemLoading />}
      <div className={isReady ? undefined : 'h-0 overflow-hidden'}>
        <PaymentElement onReady={() => setIsReady(true)} onLoadError={onLoadError} options={{ layout: 'tabs' }} />
      </div>
      {failure && <PaymentAlert ref={alert} message={failure} />}
      <PaySubmitButton amountLabel={amountLabel} isBusy={isBusy} disabled={!isReady || !stripe} />
    </form>
  );
}

export function StripePaymentForm({
  publishableKey,
  clientSecret,
  amountLabel,
  onPaid,
  onCanceled,
  returnPath,
}: {
  publishableKey: string;
  clientSecret: string;
  amountLabel: string;
  onPaid: OnPaid;
  onCanceled: OnCanceled;
  returnPath?: string;
}) {
  const locale = useLocale();
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [hasFailed, setHasFailed] = useState(false);

  useEffect(() => {
    let isCurrent = true;
    getStripe(publishableKey).then(
      (loadedStripe) => isCurrent && setStripe(loadedStripe),
      (error: unknown) => {
        console.warn('Stripe.js did not load', error);
        if (isCurrent) setHasFailed(true);
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [publishableKey]);

  if (hasFailed) return <PaymentSystemFailed />;
  if (!stripe) return <PaymentSystemLoading />;
  return (
    <Elements stripe={stripe} options={{ clientSecret, appearance, locale: stripeLocaleOf(locale) }}>
      <CheckoutForm amountLabel={amountLabel} onPaid={onPaid} onCanceled={onCanceled} onLoadError={() => setHasFailed(true)} returnPath={returnPath} />
    </Elements>
  );
}
