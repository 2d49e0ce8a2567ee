import Undo2 from 'lucide-react/icons/undo-2';
import { NavAnchor } from '../../components/layout/nav-anchor';
import { paths } from '../../../shared/paths';
import { Button } from '../../components/ui/button';
import { useT } from '../../i18n/i18n';
import { OutcomeCard } from './outcome-card';

/**
 * The card was charged, but the server refunded the payment: the last spot went to another team
 * before the payment arrived, or the organizer cancelled the tournament. Never a success.
 */
export function PaymentRefunded() {
  const t = useT();
  return (
    <OutcomeCard
      testId="payment-refunded"
      icon={<Undo2 aria-hidden className="size-7" />}
      iconClassName="bg-warning/15 text-warning"
      title={t('Payment Refunded')}
      actions={
        <Button asChild>
          <NavAnchor to={paths.home}>{t('Return Home')}</NavAnchor>
        </Button>
      }
    >
      <p role="alert" className="text-muted">
        {t(
          'Your team could not be registered: the last spot was taken, or the tournament is no longer running, before your payment went through. Your payment has been refunded in full and is on its way back to your card; it can take 5 to 10 business days to appear.',
        )}
      </p>
    </OutcomeCard>
  );
}
