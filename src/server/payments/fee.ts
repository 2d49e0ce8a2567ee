import { asCurrency, fromMinorUnits, toMinorUnits } from '../../shared/money.js';
import { AppError } from '../http/errors.js';
import { withValues } from '../http/message-values.js';
import { msg } from '../../shared/i18n/msg.js';

/** An amount in minor units and its currency: what a team owes, or what a payment charged. */
export interface Charge {
  amount: number;
  currency: string;
}

/** What a team owes: its tournament's entry fee as it is now, whatever it was when the payment was made. */
export const feeOf = (tournament: { entryFee: string; currency: string }): Charge => ({ amount: toMinorUnits(tournament.entryFee), currency: asCurrency(tournament.currency) });

export const isSameCharge = (a: Charge, b: Charge) => a.amount === b.amount && a.currency.toUpperCase() === b.currency.toUpperCase();

/** Whether an organizer's edit changed what teams owe: unpaid payments for the old fee must then go. */
export const hasFeeChanged = (before: { entryFee: string; currency: string }, after: { entryFee: string; currency: string }) => !isSameCharge(feeOf(before), feeOf(after));

const label = (charge: Charge) => `${fromMinorUnits(charge.amount)} ${charge.currency.toUpperCase()}`;

/** A payment made for an older fee: refunded, never admitting the team, which is asked to pay again. */
export class FeeChangedError extends AppError {
  constructor(fee: Charge, paid: Charge) {
    super(
      'conflict',
      withValues(msg('The entry fee changed to {fee}. Your payment of {paid} is being refunded; please pay again.'), { fee: label(fee), paid: label(paid) }),
    );
  }
}
