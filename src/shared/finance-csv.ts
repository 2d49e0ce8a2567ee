import { csvFileName, toCsv } from './csv-export.js';
import { fromMinorUnits } from './money.js';
import { simulatedFeeLabel, type Finance } from './schemas/finance.js';
import { placementLabel } from './schemas/prizes.js';

export const financeCsvHeader = ['Type', 'Date', 'Team', 'Payment Reference', 'Amount', 'Currency', 'Provider Fee', 'Fee Note', 'Status', 'Reason'] as const;

/**
 * The finance export: one row per payment, per refund and per recorded prize payout (amounts as
 * positive decimals, the Type column says which way the money went), then the four totals (five
 * once a prize is paid: the prizes paid, which the net of entry fees leaves out). Cells go through toCsv, so the
 * teams export's neutralising rules apply to team names and reasons alike.
 */
export function buildFinanceCsv(finance: Finance): string {
  const payments = finance.payments.map((p) => [
    'Payment',
    p.paidAt ?? '',
    p.teamName,
    p.paymentRef,
    fromMinorUnits(p.amount),
    p.currency,
    p.fee === null ? '' : fromMinorUnits(p.fee),
    p.feeSimulated ? simulatedFeeLabel : '',
    'paid',
    '',
  ]);
  const refunds = finance.refunds.map((r) => [
    'Refund',
    r.createdAt,
    r.teamName,
    r.paymentRef,
    fromMinorUnits(r.amount),
    r.currency,
    '',
    '',
    r.status,
    r.reason ?? '',
  ]);
  // Prize payouts the organizer recorded (money out, paid by hand): after the refunds, with their own total.
  const paidPrizes = (finance.prizes ?? []).filter((prize) => prize.payout);
  const payouts = paidPrizes.map((prize) => [
    'Prize payout',
    prize.payout!.paidAt,
    prize.payout!.paidTo,
    prize.payout!.reference,
    fromMinorUnits(prize.amount),
    finance.currency,
    '',
    '',
    'paid',
    `${placementLabel(prize.placement)} place, ${prize.payout!.method}`,
  ]);
  const { totals, currency } = finance;
  const total = (label: string, amount: number) => [label, '', '', '', fromMinorUnits(amount), currency, '', '', '', ''];
  return toCsv([
    financeCsvHeader,
    ...payments,
    ...refunds,
    ...payouts,
    total('Total gross collected', totals.gross),
    total('Total provider fees', totals.fees),
    total('Total refunds', totals.refunds),
    ...(payouts.length ? [total('Total prizes paid', paidPrizes.reduce((sum, prize) => sum + prize.amount, 0))] : []),
    total('Net', totals.net),
  ]);
}

/** "finance-winter-clash-2026-2026-12-01.csv" */
export const financeCsvFileName = (tournamentName: string, at: Date) => csvFileName('finance', tournamentName, at);
