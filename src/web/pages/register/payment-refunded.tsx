import { Undo2 } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';

/**
 * The card was charged, but the server refunded the payment: the last spot went to another team
 * before the payment arrived, or the organizer cancelled the tournament. Never a success.
 */
export function PaymentRefunded() {
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-lg items-center px-4 py-12">
      <Card className="w-full text-center" data-testid="payment-refunded">
        <CardContent className="grid justify-items-center gap-4 p-8">
          <span className="grid size-14 place-items-center rounded-full bg-warning/15 text-warning">
            <Undo2 aria-hidden className="size-7" />
          </span>
          <h1 className="text-2xl font-extrabold">Payment Refunded</h1>
          <p role="alert" className="text-muted">
            Your team could not be registered: the last spot was taken, or the tournament is no longer running, before your payment went through. Your payment
            has been refunded in full and is on its way back to your card; it can take 5 to 10 business days to appear.
          </p>
          <Button asChild className="mt-2">
            <Link to={paths.home}>Return Home</Link>
          </Button>
        </CardContent>
      </Card>
    </section>
  );
}
