import Loader2 from 'lucide-react/icons/loader-circle';
import Lock from 'lucide-react/icons/lock';
import type { Ref } from 'react';
import { Button } from '../../components/ui/button';
import { useT } from '../../i18n/i18n';

/** The Entry Fee row of the payment form, in the tournament's currency. */
export function EntryFeeRow({ amountLabel }: { amountLabel: string }) {
  const t = useT();
  return (
    <div className="flex items-center justify-between rounded-lg border border-border bg-surface-2 px-4 py-3">
      <span className="text-sm font-medium text-muted">{t('Entry Fee')}</span>
      <span className="text-lg font-bold" data-testid="entry-fee">
        {amountLabel}
      </span>
    </div>
  );
}

export function PaySubmitButton({ amountLabel, isBusy, disabled }: { amountLabel: string; isBusy: boolean; disabled?: boolean }) {
  const t = useT();
  return (
    <Button type="submit" size="lg" className="h-auto min-h-12 w-full whitespace-normal py-2" disabled={isBusy || disabled}>
      {isBusy ? (
        <>
          <Loader2 aria-hidden className="animate-spin" />
          {t('Processing...')}
        </>
      ) : (
        <>
          <Lock aria-hidden />
          {t('Complete Registration - {amount}', { amount: amountLabel })}
        </>
      )}
    </Button>
  );
}

export function PaymentSystemLoading() {
  const t = useT();
  return (
    <p role="status" className="flex items-center justify-center gap-2 rounded-lg border border-dashed border-border px-4 py-8 text-sm text-muted">
      <Loader2 aria-hidden className="size-4 animate-spin" />
      {t('Loading payment system...')}
    </p>
  );
}

export function PaymentSystemFailed() {
  const t = useT();
  return (
    <p role="alert" className="rounded-lg border border-danger/60 bg-danger/10 px-4 py-6 text-center text-sm font-medium text-red-300">
      {t('Failed to load payment system')}
    </p>
  );
}

/**
 * Why a payment did not go through, kept beside the form (the toast fades after 5 s). Focusable by
 * script, so the form can move focus here when no single field is to blame.
 */
export function PaymentAlert({ message, ref }: { message: string; ref?: Ref<HTMLParagraphElement> }) {
  const t = useT();
  return (
    <p ref={ref} role="alert" tabIndex={-1} className="rounded-md border border-danger/60 bg-danger/10 px-3 py-2 text-sm font-medium text-red-300 outline-none">
      {t(message)}
    </p>
  );
}

/** Called by either payment form once the provider says the card was charged. */
export type OnPaid = (paymentIntentId: string) => Promise<void>;

/** Called when the payment was cancelled before any charge (the organizer changed the fee): a new one is needed. */
export type OnCanceled = () => Promise<void>;
