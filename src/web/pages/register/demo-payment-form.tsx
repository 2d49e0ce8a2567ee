import FlaskConical from 'lucide-react/icons/flask-conical';
import { useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { useT } from '../../i18n/i18n';
import { Trans } from '../../i18n/trans';
import { confirmDemoPayment } from '../../queries/registration';
import { EntryFeeRow, PaymentAlert, PaySubmitButton, type OnCanceled, type OnPaid } from './payment-parts';

/** "4242424242424242" → "4242 4242 4242 4242" as the captain types. */
export function formatCardNumber(value: string): string {
  return value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1234" → "12 / 34" */
export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

type CardField = 'cardNumber' | 'expiry' | 'cvc';

/** The field a card error belongs to, by Stripe's code; a decline is about the card number. */
function fieldOf(code: string | null): CardField | null {
  if (code === 'invalid_expiry') return 'expiry';
  if (code === 'invalid_cvc') return 'cvc';
  if (code === 'incorrect_number' || code === 'card_declined') return 'cardNumber';
  return null;
}

/**
 * The demo provider's card form: plainly a test form, taking Stripe's test card numbers.
 * No money moves; the server answers like Stripe would.
 */
export function DemoPaymentForm({ clientSecret, amountLabel, onPaid, onCanceled }: { clientSecret: string; amountLabel: string; onPaid: OnPaid; onCanceled: OnCanceled }) {
  const t = useT();
  const [cardNumber, setCardNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  // The error stays on the page, on its field, and focus goes there: the toast alone fades after 5 s.
  const [failure, setFailure] = useState<{ message: string; field: CardField | null } | null>(null);
  const inputs = { cardNumber: useRef<HTMLInputElement>(null), expiry: useRef<HTMLInputElement>(null), cvc: useRef<HTMLInputElement>(null) };
  const alert = useRef<HTMLParagraphElement>(null);
  const errorOn = (field: CardField) => (failure?.field === field ? { message: t(failure.message) } : undefined);

  function showFailure(message: string, field: CardField | null) {
    flushSync(() => setFailure({ message, field }));
    (field ? inputs[field].current : alert.current)?.focus();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setIsBusy(true);
    setFailure(null);
    try {
      const result = await confirmDemoPayment({ clientSecret, cardNumber, expiry, cvc });
      if (!result.ok && 'isCanceled' in result) {
        await onCanceled();
        return;
      }
      if (!result.ok) {
        toast({ title: t('Payment Failed'), description: t(result.message), variant: 'destructive' });
        showFailure(result.message, fieldOf(result.code));
        return;
      }
      await onPaid(result.paymentIntentId);
    } catch (error) {
      console.warn('Demo payment failed unexpectedly', error);
      toast({ title: t('Payment Error'), description: t('An unexpected error occurred during payment.'), variant: 'destructive' });
      showFailure(t('An unexpected error occurred during payment.'), null);
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="grid grid-cols-[minmax(0,1fr)] gap-5" aria-label={t('Demo card payment')}>
      <EntryFeeRow amountLabel={amountLabel} />
      <div className="grid gap-4 rounded-lg border-2 border-dashed border-warning/70 bg-warning/5 p-4">
        <div className="flex items-start gap-3">
          <FlaskConical aria-hidden className="mt-0.5 size-5 shrink-0 text-warning" />
          <div className="text-sm">
            <p className="font-bold text-warning">{t('Demo payment: no real money moves')}</p>
            <p className="mt-1 text-muted">
              <Trans
                message="Use test card <card>{success}</card> to succeed, or <card>{decline}</card> to see a decline. Any future expiry and any 3-digit CVC."
                values={{ success: '4242 4242 4242 4242', decline: '4000 0000 0000 0002' }}
                parts={{ card: (number) => <span className="whitespace-nowrap font-mono text-foreground">{number}</span> }}
              />
            </p>
          </div>
        </div>
        <FormField label={t('Card number')} error={errorOn('cardNumber')}>
          <Input
            ref={inputs.cardNumber}
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="4242 4242 4242 4242"
            value={cardNumber}
            onChange={(event) => setCardNumber(formatCardNumber(event.target.value))}
            className="font-mono"
          />
        </FormField>
        <div className="grid grid-cols-2 gap-4">
          <FormField label={t('Expiry (MM / YY)')} error={errorOn('expiry')}>
            <Input
              ref={inputs.expiry}
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder={t('MM / YY')}
              value={expiry}
              onChange={(event) => setExpiry(formatExpiry(event.target.value))}
              className="font-mono"
            />
          </FormField>
          <FormField label={t('CVC')} error={errorOn('cvc')}>
            <Input
              ref={inputs.cvc}
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="123"
              maxLength={4}
              value={cvc}
              onChange={(event) => setCvc(event.target.value.replace(/\D/g, '').slice(0, 4))}
              className="font-mono"
            />
          </FormField>
        </div>
      </div>
      {failure && !failure.field && <PaymentAlert ref={alert} message={failure.message} />}
      <PaySubmitButton amountLabel={amountLabel} isBusy={isBusy} />
    </form>
  );
}
