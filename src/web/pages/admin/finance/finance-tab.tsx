import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { buildFinanceCsv, financeCsvFileName } from '../../../../shared/finance-csv';
import { fromMinorUnits } from '../../../../shared/money';
import { simulatedFeeLabel, type Finance } from '../../../../shared/schemas/finance';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { TableCard } from '../shared/table-card';
import { Skeleton } from '../../../components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { downloadCsv } from '../../../lib/download-csv';
import { TournamentPicker, useChosenTournament } from '../shared/tournament-picker';
import { PrizesSection } from './prizes-section';
import { financeQuery } from './queries';
import { msg } from '../../../../shared/i18n/msg';
import { useT } from '../../../i18n/i18n';
import { useFormats } from '../../../i18n/use-formats';

/** English (msg), shown through t(). */
const refundStatusLabel: Record<Finance['refunds'][number]['status'], string> = {
  requested: msg('Requested'),
  pending: msg('Pending'),
  succeeded: msg('Refunded'),
  failed: msg('Failed'),
};

/** The money of a tournament (the live one until another is picked): what came in, what the provider kept, what went back, and what is left. */
export function FinanceTab() {
  const t = useT();
  const { tournament, tournaments, isPending, choose } = useChosenTournament();
  const finance = useQuery(financeQuery(tournament?.id));
  const data = finance.data;

  return (
    <TableCard
      title={t('Finance')}
      description={
        tournament
          ? t("Entry fees collected for {name}, the payment provider's fees and refunds.", { name: tournament.name })
          : t('Entry fees of the active tournament.')
      }
      contentClassName="grid gap-6"
      actions={
        <div className="flex w-full flex-wrap items-end gap-3 sm:w-auto">
          <TournamentPicker tournaments={tournaments} value={tournament?.id ?? ''} onChange={choose} />
          <Button
            variant="outline"
            onClick={() => data && downloadCsv(buildFinanceCsv(data), financeCsvFileName(data.tournamentName, new Date()))}
            disabled={!data}
          >
            <Download aria-hidden />
            {t('Export Finance CSV')}
          </Button>
        </div>
      }
    >
      {isPending || (tournament && finance.isPending) ? (
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-20" />
          ))}
        </div>
      ) : !tournament ? (
        <p className="py-8 text-center text-muted">{t('No active tournament to show finances for.')}</p>
      ) : finance.isError || !data ? (
        <p className="py-8 text-center text-red-400">{t('Could not load the finances. The payment provider may not be answering; try again in a moment.')}</p>
      ) : (
        <>
          <FinanceDetails finance={data} />
          <PrizesSection finance={data} prizePool={tournament.prizePool} />
        </>
      )}
    </TableCard>
  );
}

function FinanceDetails({ finance }: { finance: Finance }) {
  const t = useT();
  const formats = useFormats();
  const { totals, currency } = finance;
  /** Minor units (from the API) shown as money: 2550, "USD" → "$25.50". */
  const money = (minor: number, moneyCurrency: string) => formats.money(fromMinorUnits(minor), moneyCurrency);
  /** A payment only ever refunded whole (late, for an older fee) was never admitted: it has no paid date. */
  const paidOn = (paidAt: string | null) => (paidAt ? formats.shortDate(paidAt) : t('Refunded in full'));
  return (
    <>
      {finance.feesSimulated && (
        <p className="text-sm text-muted">
          <Badge variant="warning">{t(simulatedFeeLabel)}</Badge> {t('Payments go through the demo provider: no money moved, and its fees are made up (2.9 % + 0.30).')}
        </p>
      )}
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure label={t('Gross collected')} value={money(totals.gross, currency)} id="gross" />
        <Figure label={t('Provider fees')} value={money(totals.fees, currency)} id="fees" />
        <Figure label={t('Refunds')} value={money(totals.refunds, currency)} id="refunds" />
        <Figure label={t('Net')} value={money(totals.net, currency)} id="net" />
      </dl>

      <section aria-labelledby="finance-payments" className="grid gap-2">
        <h3 id="finance-payments" className="text-lg font-semibold">
          {t('Payments')}
        </h3>
        {finance.payments.length === 0 ? (
          <p className="text-muted">{t('No payments yet.')}</p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>{t('Team')}</TableHead>
                <TableHead className="hidden sm:table-cell">{t('Paid')}</TableHead>
                <TableHead className="hidden md:table-cell">{t('Reference')}</TableHead>
                <TableHead className="text-right">{t('Amount')}</TableHead>
                <TableHead className="text-right whitespace-normal">{t('Provider fee')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {finance.payments.map((payment) => (
                <TableRow key={payment.paymentRef} data-testid="finance-payment-row">
                  <TableCell className="min-w-24 [overflow-wrap:anywhere]">
                    <span className="font-semibold">{payment.teamName}</span>
                    <span className="block text-xs text-muted sm:hidden">{paidOn(payment.paidAt)}</span>
                  </TableCell>
                  <TableCell className="hidden whitespace-nowrap sm:table-cell">{paidOn(payment.paidAt)}</TableCell>
                  <TableCell className="hidden font-mono text-xs break-all md:table-cell">{payment.paymentRef}</TableCell>
                  <TableCell className="text-right whitespace-nowrap">{money(payment.amount, payment.currency)}</TableCell>
                  <TableCell className="text-right">
                    {payment.fee === null ? '—' : money(payment.fee, payment.feeCurrency ?? payment.currency)}
                    {payment.feeSimulated && <span className="block text-xs text-muted">{t(simulatedFeeLabel)}</span>}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </section>

      <section aria-labelledby="finance-refunds" className="grid gap-2">
        <h3 id="finance-refunds" className="text-lg font-semibold">
          {t('Refunds')}
        </h3>
        {finance.refunds.length === 0 ? (
          <p className="text-muted">{t('No refunds.')}</p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>{t('Team')}</TableHead>
                <TableHead className="hidden sm:table-cell">{t('Date')}</TableHead>
                <TableHead>{t('Status')}</TableHead>
                <TableHead className="hidden sm:table-cell">{t('Reason')}</TableHead>
                <TableHead className="text-right">{t('Amount')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {finance.refunds.map((refund) => (
                <TableRow key={refund.id} data-testid="finance-refund-row">
                  <TableCell className="min-w-24 [overflow-wrap:anywhere]">
                    <span className="font-semibold">{refund.teamName}</span>
                    <span className="block text-xs text-muted sm:hidden">
                      {formats.shortDate(refund.createdAt)}
                      {refund.reason ? ` · ${refund.reason}` : ''}
                    </span>
                  </TableCell>
                  <TableCell className="hidden whitespace-nowrap sm:table-cell">{formats.shortDate(refund.createdAt)}</TableCell>
                  <TableCell>{t(refundStatusLabel[refund.status])}</TableCell>
                  <TableCell className="hidden min-w-40 text-sm text-muted sm:table-cell">{refund.reason ?? ''}</TableCell>
                  <TableCell className="text-right whitespace-nowrap">{money(refund.amount, refund.currency)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </section>
    </>
  );
}

function Figure({ label, value, id }: { label: string; value: string; id: string }) {
  return (
    <div className="rounded-xl border border-border bg-surface-2/40 p-4">
      <dt className="text-xs font-medium text-muted sm:text-sm">{label}</dt>
      <dd className="mt-1 text-xl font-bold sm:text-2xl" data-testid={`finance-${id}`}>
        {value}
      </dd>
    </div>
  );
}
