import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { z } from 'zod';
import { msg } from '../../../../shared/i18n/msg';
import type { Translate } from '../../../../shared/i18n/translator';
import { teamRefundSchema, teamRemoveSchema, type Refund, type TeamRefundInput, type TeamRemoveInput } from '../../../../shared/schemas/refund';
import type { Team } from '../../../../shared/schemas/team';
import { HttpError } from '../../../api';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input, Textarea } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/use-toast';
import { refundQuoteQuery, useRefundTeam, useRemoveTeam, type RefundQuote } from './queries';
import { useCan } from '../../../lib/use-can';
import { FormDialogFooter } from '../shared/form-dialog-footer';
import { formatMinor } from '../../../lib/team-status';
import { refundTexts as texts } from '../shared/refund-texts';
import { showServerIssues } from '../shared/server-issues';
import { useT } from '../../../i18n/i18n';
import { useFormats } from '../../../i18n/use-formats';

/** The organizer's choice and the shared request schema: a custom amount is checked by teamRefundSchema's own rules. */
const refundFormSchema = z
  .object({ choice: z.enum(['policy', 'custom']), amount: z.string(), reason: z.string() })
  .transform((values, ctx): TeamRefundInput => {
    if (values.choice === 'custom' && values.amount.trim() === '') {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: msg('Enter an amount like 12.50') });
    }
    const parsed = teamRefundSchema.safeParse({ amount: values.choice === 'custom' ? values.amount : undefined, reason: values.reason });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      return z.NEVER;
    }
    return parsed.data;
  });
type RefundFormInput = z.input<typeof refundFormSchema>;

/** A 409 or other refusal, in the server's words when it gave any; `fallback` is a message, shown through `t`. */
function messageOf(error: unknown, fallback: string, t: Translate): string {
  return t((error instanceof HttpError && error.status < 500 && error.serverMessage) || fallback);
}

function Problem({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-md border border-danger/60 bg-danger/10 p-3 text-sm font-medium text-red-300">
      {children}
    </p>
  );
}

function QuoteLoader({ teamId, children }: { teamId: string; children: (quote: RefundQuote) => ReactNode }) {
  const t = useT();
  const quote = useQuery(refundQuoteQuery(teamId));
  if (quote.isPending)
    return (
      <div aria-busy="true" className="grid gap-3">
        <Skeleton className="h-6" />
        <Skeleton className="h-20" />
      </div>
    );
  if (quote.isError) return <Problem>{messageOf(quote.error, texts.quoteFailed, t)}</Problem>;
  return <>{children(quote.data)}</>;
}

function Choice({ value, label, detail, registration }: { value: string; label: string; detail?: string; registration: UseFormRegisterReturn }) {
  return (
    <label className="flex cursor-pointer items-start gap-2 rounded-md border border-border p-3 text-sm has-[:checked]:border-primary">
      <input type="radio" value={value} className="mt-0.5 accent-primary" {...registration} />
      <span className="grid gap-0.5">
        <span className="font-medium">{label}</span>
        {detail && <span className="text-xs text-muted">{detail}</span>}
      </span>
    </label>
  );
}

/** Refund by the policy (the amount the API quotes) or a custom amount up to what is left, with a reason. */
export function RefundTeamDialog({ team, open, onOpenChange }: { team: Team; open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useT();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t(texts.refundTitle)}</DialogTitle>
          <DialogDescription>{texts.refundDescription(team.name, t)}</DialogDescription>
        </DialogHeader>
        <QuoteLoader teamId={team.id}>{(quote) => <RefundForm team={team} quote={quote} onDone={() => onOpenChange(false)} />}</QuoteLoader>
      </DialogContent>
    </Dialog>
  );
}

function RefundForm({ team, quote, onDone }: { team: Team; quote: RefundQuote; onDone: () => void }) {
  const t = useT();
  const formats = useFormats();
  const refund = useRefundTeam();
  const [problem, setProblem] = useState<string | null>(null);
  const hasPolicyAmount = Number(quote.policyAmount) > 0;
  const form = useForm<RefundFormInput, unknown, TeamRefundInput>({
    resolver: zodResolver(refundFormSchema),
    defaultValues: { choice: hasPolicyAmount ? 'policy' : 'custom', amount: '', reason: '' },
  });
  const choice = useWatch({ control: form.control, name: 'choice' });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((input) => {
    setProblem(null);
    refund.mutate(
      { teamId: team.id, input },
      {
        onSuccess: (done: Refund) => {
          const amount = formatMinor(done.amount, done.currency, formats.locale);
          if (done.status === 'failed') {
            const failure = texts.refundFailed(amount, team.name, done.failureReason ?? t('no reason given'), t);
            setProblem(failure);
            toast({ title: t(texts.refundFailedTitle), description: failure, variant: 'destructive' });
            return;
          }
          toast({
            title: t(texts.refundIssuedTitle),
            description: done.status === 'succeeded' ? texts.refundIssued(amount, team.name, t) : texts.refundOnItsWay(amount, team.name, t),
            variant: 'success',
          });
          onDone();
        },
        onError: (error) => {
          if (!showServerIssues(error, form.setError, ['amount', 'reason'])) setProblem(messageOf(error, texts.refundError, t));
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">{t(texts.refundChoice)}</legend>
        <Choice value="policy" label={texts.byPolicy(formats.money(quote.policyAmount, quote.currency), t)} detail={t(quote.explanation)} registration={form.register('choice')} />
        <Choice value="custom" label={t(texts.customAmount)} detail={texts.amountHint(formats.money(quote.left, quote.currency), t)} registration={form.register('choice')} />
      </fieldset>
      {choice === 'custom' && (
        <FormField label={texts.amountLabel(quote.currency, t)} error={errors.amount}>
          <Input inputMode="decimal" autoComplete="off" placeholder="12.50" {...form.register('amount')} />
        </FormField>
      )}
      <FormField label={t(texts.reasonLabel)} error={errors.reason}>
        <Textarea rows={2} {...form.register('reason')} />
      </FormField>
      {problem && <Problem>{problem}</Problem>}
      <FormDialogFooter isSaving={refund.isPending} submitLabel={t(texts.confirmRefund)} />
    </form>
  );
}

/** Takes a team out of the tournament: it gives up its spot, and the captain gets the policy's amount, all of it, or nothing. */
export function RemoveTeamDialog({ team, open, onOpenChange }: { team: Team; open: boolean; onOpenChange: (open: boolean) => void }) {
  const paidNow = (team.amountPaid ?? 0) > (team.amountRefunded ?? 0);
  // Whether it has paid is read as the dialog opens and kept while it is open: the removal's own
  // refund changes it, and swapping the form then would drop the removal's confirmation.
  const [opening, setOpening] = useState({ open, hasPaid: paidNow });
  if (opening.open !== open) setOpening({ open, hasPaid: paidNow });
  const { hasPaid } = opening;
  // The refund quote is the owner's (money); an organizer removes with no refund, and is told so.
  const mayRefund = useCan()('money');
  const t = useT();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t(texts.removeTitle)}</DialogTitle>
          <DialogDescription>{texts.removeDescription(team.name, hasPaid && mayRefund, t)}</DialogDescription>
        </DialogHeader>
        {hasPaid && mayRefund ? (
          <QuoteLoader teamId={team.id}>{(quote) => <RemoveForm team={team} quote={quote} onDone={() => onOpenChange(false)} />}</QuoteLoader>
        ) : hasPaid ? (
          <>
            <p className="rounded-md border border-border p-3 text-sm">{t(texts.refundsAreOwners)}</p>
            <RemoveForm team={team} quote={null} onDone={() => onOpenChange(false)} />
          </>
        ) : (
          <RemoveForm team={team} quote={null} onDone={() => onOpenChange(false)} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function RemoveForm({ team, quote, onDone }: { team: Team; quote: RefundQuote | null; onDone: () => void }) {
  const t = useT();
  const formats = useFormats();
  const remove = useRemoveTeam();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<TeamRemoveInput, unknown, TeamRemoveInput>({
    resolver: zodResolver(teamRemoveSchema),
    defaultValues: { refund: quote && Number(quote.policyAmount) > 0 ? 'policy' : 'none', reason: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((input) => {
    setProblem(null);
    remove.mutate(
      { teamId: team.id, input },
      {
        onSuccess: ({ refund }) => {
          onDone();
          if (refund?.status === 'failed') {
            const failure = texts.refundFailed(formatMinor(refund.amount, refund.currency, formats.locale), team.name, refund.failureReason ?? t('no reason given'), t);
            toast({ title: t(texts.refundFailedTitle), description: t('{removed} {failure}', { removed: texts.removed(team.name, t), failure }), variant: 'destructive' });
            return;
          }
          const removed = texts.removed(team.name, t);
          const description = refund
            ? t('{removed} {refunded}', { removed, refunded: texts.refundIssued(formatMinor(refund.amount, refund.currency, formats.locale), team.name, t) })
            : removed;
          toast({ title: t(texts.removedTitle), description, variant: 'success' });
        },
        onError: (error) => {
          if (!showServerIssues(error, form.setError, ['refund', 'reason'])) setProblem(messageOf(error, texts.removeError, t));
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      {quote && (
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">{t(texts.refundChoice)}</legend>
          <Choice value="policy" label={texts.byPolicy(formats.money(quote.policyAmount, quote.currency), t)} detail={t(quote.explanation)} registration={form.register('refund')} />
          <Choice value="full" label={texts.inFull(formats.money(quote.left, quote.currency), t)} registration={form.register('refund')} />
          <Choice value="none" label={t(texts.noRefund)} registration={form.register('refund')} />
          {errors.refund?.message && <Problem>{t(errors.refund.message)}</Problem>}
        </fieldset>
      )}
      <FormField label={t(texts.reasonLabel)} error={errors.reason}>
        <Textarea rows={2} {...form.register('reason')} />
      </FormField>
      {problem && <Problem>{problem}</Problem>}
      <FormDialogFooter isSaving={remove.isPending} submitLabel={t(texts.confirmRemove)} />
    </form>
  );
}
