import { csvFileName, toCsv } from './csv-export.js';
import { fromMinorUnits } from './money.js';
import { simulatedFeeLabel, type Finance } from './schemas/finance.js';

export const financeCsvHeader = ['Type', 'Date', 'Team', 'Payment Reference', 'Amount', 'Currency', 'Provider Fee', 'Fee Note', 'Status', 'Reason'] as const;

/**
 * The finance export: one row per payment and per refund (amounts as positive decimals, the Type
 * column says which way the money went), then the four totals. Cells go through toCsv, so the
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
  const { totals, currency } = finance;
  const total = (label: string, amount: number) => [label, '', '', '', fromMinorUnits(amount), currency, '', '', '', ''];
  return toCsv([
    financeCsvHeader,
    ...payments,
    ...refunds,
    total('Total gross collected', totals.gross),
    total('Total provider fees', totals.fees),
    total('Total refunds', totals.refunds),
    total('Net', totals.net),
  ]);
}

/** "finance-winter-clash-2026-2026-12-01.csv" */
export const financeCsvFileName = (tournamentName: string, at: Date) => csvFileName('finance', tournamentName, at);
