import { Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { fromMinorUnits } from '../../../../shared/money';
import type { Finance } from '../../../../shared/schemas/finance';
import { placementLabel, prizeLimits, prizeTexts, splitSumProblem, type PrizeRecord } from '../../../../shared/schemas/prizes';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { toast } from '../../../components/ui/use-toast';
import { FormDialogFooter } from '../shared/form-dialog-footer';
import { problemOf, recordPrizePayout, setPrizeSplit, usePrizeChange } from './queries';
import { msg } from '../../../../shared/i18n/msg';
import type { Translate } from '../../../../shared/i18n/translator';
import { useT } from '../../../i18n/i18n';
import { useFormats } from '../../../i18n/use-formats';

/** The texts of the prize split and its payouts: English messages (`msg`), shown with `t(text)` or `t(text, values)`. */
export const prizeSectionTexts = {
  title: msg('Prizes'),
  noSplit: msg('No prize split yet: the cup page shows the prize pool alone.'),
  editSplit: msg('Split the Prize Pool'),
  splitTitle: msg('Split the prize pool'),
  /** Values: pool. */
  splitIntro: msg('Amounts by placement, adding up to the prize pool of {pool}. A prize already paid keeps its amount.'),
  /** Values: sum, pool (money). */
  splitOutdated: msg('The prizes add up to {sum}, but the prize pool is {pool}: the split must add up to the pool'),
  addPlacement: msg('Add a placement'),
  saveSplit: msg('Save Split'),
  splitSaved: msg('Prize split saved'),
  splitHidden: msg("The cup's page does not show the split until it does."),
  recordPayout: msg('Record Payout'),
  /** Values: place (the ordinal, `placeText`). */
  payoutTitle: msg('Record the {place} place payout'),
  payoutIntro: msg('Record a payout you made yourself. Nothing is sent from this site.'),
  savePayout: msg('Record Payout'),
  payoutSaved: msg('Payout recorded'),
  failed: msg('Could not save. Please try again.'),
};

/** 1st, 2nd… in the page's language (English's suffix from placementLabel; other languages write their own form of the number). */
const placeText = (placement: number, t: Translate) =>
  t('{placement}{suffix, select, st {st} nd {nd} rd {rd} other {th}}', {
    placement: String(placement),
    suffix: placementLabel(placement).slice(String(placement).length),
  });

/** The prize split and its payouts: the organizer pays by hand and records it here, for the books (and "paid" on the cup page). */
export function PrizesSection({ finance, prizePool }: { finance: Finance; prizePool: string | undefined }) {
  const t = useT();
  const formats = useFormats();
  const money = (minor: number, currency: string) => formats.money(fromMinorUnits(minor), currency);
  const prizes = finance.prizes ?? [];
  const [editing, setEditing] = useState(false);
  const [paying, setPaying] = useState<PrizeRecord | null>(null);
  // The pool changed since the split was made: the organizer is told, the cup's page hides the split.
  const splitProblem = prizePool === undefined ? null : splitSumProblem(prizes.map((prize) => ({ amount: fromMinorUnits(prize.amount) })), prizePool, finance.currency);
  return (
    <section aria-labelledby="finance-prizes" className="grid gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="finance-prizes" className="text-lg font-semibold">
          {t(prizeSectionTexts.title)}
        </h3>
        <Button variant="outline" onClick={() => setEditing(true)} disabled={prizePool === undefined}>
          {t(prizeSectionTexts.editSplit)}
        </Button>
      </div>
      <p className="text-sm text-muted" data-testid="prizes-never-sent">
        {t(prizeTexts.neverSends)}
      </p>
      {splitProblem && (
        <p role="alert" className="text-sm font-medium text-amber-300" data-testid="prize-split-outdated">
          {`${t(prizeSectionTexts.splitOutdated, { sum: money(prizes.reduce((total, prize) => total + prize.amount, 0), finance.currency), pool: formats.money(prizePool, finance.currency) })}. ${t(prizeSectionTexts.splitHidden)}`}
        </p>
      )}
      {prizes.length === 0 ? (
        <p className="text-muted">{t(prizeSectionTexts.noSplit)}</p>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>{t('Place')}</TableHead>
              <TableHead className="text-right">{t('Prize')}</TableHead>
              <TableHead>{t('Payout')}</TableHead>
              <TableHead>
                <span className="sr-only">{t('Actions')}</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {prizes.map((prize) => (
              <TableRow key={prize.placement} data-testid="finance-prize-row">
                <TableCell className="font-semibold">{placeText(prize.placement, t)}</TableCell>
                <TableCell className="text-right whitespace-nowrap">{money(prize.amount, finance.currency)}</TableCell>
                <TableCell className="min-w-32 text-sm [overflow-wrap:anywhere]">
                  {prize.payout ? (
                    <>
                      <Badge variant="success">{t(prizeTexts.paid)}</Badge>{' '}
                      {`${prize.payout.paidTo} · ${formats.shortDate(prize.payout.paidAt)} · ${prize.payout.method}${prize.payout.reference ? ` · ${prize.payout.reference}` : ''}`}
                    </>
                  ) : (
                    <span className="text-muted">{t(prizeTexts.unpaid)}</span>
                  )}
                </TableCell>
                <TableCell className="text-right">
                  <Button size="sm" variant="outline" onClick={() => setPaying(prize)} aria-label={t('Record Payout: {place} place', { place: placeText(prize.placement, t) })}
                  >
                    {t(prizeSectionTexts.recordPayout)}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {editing && prizePool !== undefined && <SplitDialog finance={finance} prizePool={prizePool} onClose={() => setEditing(false)} />}
      {paying && <PayoutDialog tournamentId={finance.tournamentId} prize={paying} onClose={() => setPaying(null)} />}
    </section>
  );
}

function SplitDialog({ finance, prizePool, onClose }: { finance: Finance; prizePool: string; onClose: () => void }) {
  const t = useT();
  const formats = useFormats();
  const existing = finance.prizes ?? [];
  const [amounts, setAmounts] = useState<string[]>(() => (existing.length ? existing.map((p) => fromMinorUnits(p.amount)) : ['', '', '']));
  const [problem, setProblem] = useState<string | null>(null);
  const save = usePrizeChange(finance.tournamentId, setPrizeSplit(finance.tournamentId));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    try {
      await save.mutateAsync(amounts.map((amount, index) => ({ placement: index + 1, amount: amount.trim() })).filter((prize) => prize.amount !== ''));
      toast({ title: t(prizeSectionTexts.splitSaved), variant: 'success' });
      onClose();
    } catch (error) {
      setProblem(problemOf(error, t(prizeSectionTexts.failed)));
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t(prizeSectionTexts.splitTitle)}</DialogTitle>
          <DialogDescription>{t(prizeSectionTexts.splitIntro, { pool: formats.money(prizePool, finance.currency) })}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          {amounts.map((amount, index) => (
            <div key={index} className="flex items-end gap-2">
              <div className="grow">
                <FormField label={t('{place} place ({currency})', { place: placeText(index + 1, t), currency: finance.currency })}>
                  <Input inputMode="decimal" value={amount} onChange={(event) => setAmounts((all) => all.map((value, i) => (i === index ? event.target.value : value)))} />
                </FormField>
              </div>
              {index === amounts.length - 1 && amounts.length > 1 && (
                <Button type="button" variant="outline" aria-label={t('Remove {place} place', { place: placeText(index + 1, t) })} onClick={() => setAmounts((all) => all.slice(0, -1))}>
                  <Trash2 aria-hidden />
                </Button>
              )}
            </div>
          ))}
          {amounts.length < prizeLimits.maxPlacements && (
            <Button type="button" variant="outline" className="justify-self-start" onClick={() => setAmounts((all) => [...all, ''])}>
              <Plus aria-hidden />
              {t(prizeSectionTexts.addPlacement)}
            </Button>
          )}
          {problem && (
            <p role="alert" className="text-sm text-red-400" data-testid="prize-split-problem">
              {problem}
            </p>
          )}
          <FormDialogFooter isSaving={save.isPending} submitLabel={t(prizeSectionTexts.saveSplit)} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

function PayoutDialog({ tournamentId, prize, onClose }: { tournamentId: string; prize: PrizeRecord; onClose: () => void }) {
  const t = useT();
  const [values, setValues] = useState({
    paidTo: prize.payout?.paidTo ?? '',
    paidOn: (prize.payout?.paidAt ?? new Date().toISOString()).slice(0, 10),
    method: prize.payout?.method ?? '',
    reference: prize.payout?.reference ?? '',
  });
  const [problem, setProblem] = useState<string | null>(null);
  const save = usePrizeChange(tournamentId, recordPrizePayout(tournamentId));
  const field = (name: keyof typeof values) => ({ value: values[name], onChange: (event: { target: { value: string } }) => setValues((all) => ({ ...all, [name]: event.target.value })) });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    try {
      const paidAt = /^\d{4}-\d{2}-\d{2}$/.test(values.paidOn) ? `${values.paidOn}T12:00:00.000Z` : '';
      await save.mutateAsync({ placement: prize.placement, payout: { paidTo: values.paidTo, paidAt, method: values.method, reference: values.reference } });
      toast({ title: t(prizeSectionTexts.payoutSaved), variant: 'success' });
      onClose();
    } catch (error) {
      setProblem(problemOf(error, t(prizeSectionTexts.failed)));
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t(prizeSectionTexts.payoutTitle, { place: placeText(prize.placement, t) })}</DialogTitle>
          <DialogDescription>{t(prizeSectionTexts.payoutIntro)}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <FormField label={t('Paid to')}>
            <Input autoComplete="off" maxLength={prizeLimits.maxPaidTo} {...field('paidTo')} />
          </FormField>
          <FormField label={t('Date paid')}>
            <Input type="date" {...field('paidOn')} />
          </FormField>
          <FormField label={t('How (bank transfer, PayPal, …)')}>
            <Input maxLength={prizeLimits.maxMethod} {...field('method')} />
          </FormField>
          <FormField label={t('Reference (optional)')}>
            <Input maxLength={prizeLimits.maxReference} {...field('reference')} />
          </FormField>
          {problem && (
            <p role="alert" className="text-sm text-red-400">
              {problem}
            </p>
          )}
          <FormDialogFooter isSaving={save.isPending} submitLabel={t(prizeSectionTexts.savePayout)} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
