import { zodResolver } from '@hookform/resolvers/zod';
import { Ban, Loader2 } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type RefObject } from 'react';
import { useForm } from 'react-hook-form';
import { tournamentCancelSchema, type Refund, type TournamentCancelInput } from '../../../../shared/schemas/refund';
import type { Tournament } from '../../../../shared/schemas/tournament';
import { HttpError } from '../../../api';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Textarea } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import { useCancelTournament } from './queries';
import { adminTeamsQuery } from '../shared/queries';
import { formatMinor } from '../../../lib/team-status';
import type { Team } from '../../../../shared/schemas/team';
import { refundLineIn, refundTexts as texts } from '../shared/refund-texts';
import { showServerIssues } from '../shared/server-issues';
import { useT } from '../../../i18n/i18n';
import { useFormats } from '../../../i18n/use-formats';

/**
 * Cancels a tournament after a confirmation with a reason: registration closes for good and every
 * paid team is refunded in full. The dialog then stays open with the refunds made and the ones the
 * provider refused, so nothing goes unseen when the toast goes away.
 */
export function CancelTournamentButton({ tournament, fallbackFocus }: { tournament: Tournament; fallbackFocus: RefObject<HTMLElement | null> }) {
  const t = useT();
  const [isOpen, setIsOpen] = useState(false);
  // Once cancelled the action goes away, but the summary stays until the organizer closes it.
  if (tournament.cancelledAt && !isOpen) return null;
  return (
    <AlertDialog open={isOpen} onOpenChange={setIsOpen}>
      <AlertDialogTrigger asChild>
        <Button variant="ghost" size="icon" className="text-red-300 hover:text-red-200" aria-label={t('Cancel tournament {name}', { name: tournament.name })} title={t(texts.cancelTitle)}>
          <Ban aria-hidden />
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent
        className="max-w-lg"
        onCloseAutoFocus={(event) => {
          // The trigger is gone with the cancellation: focus goes to the row's next action instead of the page.
          if (!tournament.cancelledAt) return;
          event.preventDefault();
          fallbackFocus.current?.focus();
        }}
      >
        <CancelTournamentContent tournament={tournament} />
      </AlertDialogContent>
    </AlertDialog>
  );
}

function CancelTournamentContent({ tournament }: { tournament: Tournament }) {
  const t = useT();
  const { locale } = useFormats();
  const refundLine = (refund: Refund) => refundLineIn(refund, t, locale);
  const cancel = useCancelTournament();
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<Refund[] | null>(null);
  const form = useForm<TournamentCancelInput, unknown, TournamentCancelInput>({ resolver: zodResolver(tournamentCancelSchema), defaultValues: { reason: '' } });

  const onSubmit = form.handleSubmit((input) => {
    setProblem(null);
    cancel.mutate(
      { id: tournament.id, input },
      {
        onSuccess: ({ refunds }) => {
          setResult(refunds);
          const failed = refunds.filter((refund) => refund.status === 'failed');
          const summary = texts.cancelledSummary(refunds.length - failed.length, failed.length, t);
          toast({
            title: t(texts.cancelledTitle),
            description: failed.length ? t('{summary} {failed}: {refunds}', { summary, failed: t(texts.failedHeading), refunds: failed.map(refundLine).join('; ') }) : summary,
            variant: failed.length ? 'destructive' : 'success',
          });
        },
        onError: (error) => {
          if (!showServerIssues(error, form.setError, ['reason']))
            setProblem(t((error instanceof HttpError && error.status < 500 && error.serverMessage) || texts.cancelError));
        },
      },
    );
  });

  if (result) {
    const refunded = result.filter((refund) => refund.status !== 'failed');
    const failed = result.filter((refund) => refund.status === 'failed');
    return (
      <>
        <AlertDialogHeader>
          <AlertDialogTitle>{t(texts.cancelledTitle)}</AlertDialogTitle>
          <AlertDialogDescription>{texts.cancelledSummary(refunded.length, failed.length, t)}</AlertDialogDescription>
        </AlertDialogHeader>
        {result.length === 0 && <p className="text-sm">{t(texts.noPaidTeams)}</p>}
        {refunded.length > 0 && (
          <section aria-labelledby="cancel-refunded" className="grid gap-1 text-sm">
            <h3 id="cancel-refunded" className="font-semibold">
              {t(texts.refundedHeading)}
            </h3>
            <ul className="grid gap-0.5" data-testid="cancel-refunded">
              {refunded.map((refund) => (
                <li key={refund.id}>{refundLine(refund)}</li>
              ))}
            </ul>
          </section>
        )}
        {failed.length > 0 && (
          <section aria-labelledby="cancel-failed" className="grid gap-1 rounded-md border border-danger/60 bg-danger/10 p-3 text-sm">
            <h3 id="cancel-failed" className="font-semibold text-red-300">
              {t(texts.failedHeading)}
            </h3>
            <ul className="grid gap-0.5" data-testid="cancel-failed">
              {failed.map((refund) => (
                <li key={refund.id}>{refundLine(refund)}</li>
              ))}
            </ul>
            <p className="text-xs text-muted">{t(texts.retryHint)}</p>
          </section>
        )}
        <AlertDialogFooter>
          <AlertDialogCancel>{t(texts.done)}</AlertDialogCancel>
        </AlertDialogFooter>
      </>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <AlertDialogHeader>
        <AlertDialogTitle>{t(texts.cancelTitle)}</AlertDialogTitle>
        <AlertDialogDescription>{texts.cancelDescription(tournament.name, t)}</AlertDialogDescription>
      </AlertDialogHeader>
      <CancelQuote tournament={tournament} />
      <FormField label={t(texts.reasonLabel)} error={form.formState.errors.reason}>
        <Textarea rows={2} {...form.register('reason')} />
      </FormField>
      {problem && (
        <p role="alert" className="text-sm font-medium text-red-300">
          {problem}
        </p>
      )}
      <AlertDialogFooter>
        <AlertDialogCancel type="button">{t(texts.keepTournament)}</AlertDialogCancel>
        <Button type="submit" variant="destructive" disabled={cancel.isPending}>
          {cancel.isPending && <Loader2 className="animate-spin" aria-hidden />}
          {t(texts.confirmCancel)}
        </Button>
      </AlertDialogFooter>
    </form>
  );
}

/** Teams that lose their place with the cancellation: every one still holding or waiting for a spot. */
const losesPlace = (team: Team) => !['refunded', 'removed', 'expired', 'waitlisted'].includes(team.paymentStatus);
/** What a team gets back in full: what it paid less what was already refunded. */
const owed = (team: Team) => Math.max(0, (team.amountPaid ?? 0) - (team.amountRefunded ?? 0));

/** Before confirming, how many teams go and how much money goes back, from the server's team list. */
function CancelQuote({ tournament }: { tournament: Tournament }) {
  const t = useT();
  const { locale } = useFormats();
  const teams = useQuery(adminTeamsQuery(tournament.id));
  if (!teams.data) return null;
  const leaving = teams.data.filter(losesPlace);
  const paid = leaving.filter((team) => owed(team) > 0);
  const total = paid.reduce((sum, team) => sum + owed(team), 0);
  return (
    <p className="text-sm font-semibold" data-testid="cancel-quote">
      {texts.cancelQuote(leaving.length, paid.length, formatMinor(total, paid[0]?.currency ?? tournament.currency, locale), t)}
    </p>
  );
}
