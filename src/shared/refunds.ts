/**
 * The refund policy's share of the entry fee a captain gets back when asking `hoursBeforeStart`
 * hours before the tournament starts: all from 48 h, half from 24 h, nothing later.
 * Organizer cancellations are always refunded in full and disqualifications never (not modelled here).
 */
export function refundShare(hoursBeforeStart: number): 1 | 0.5 | 0 {
  if (hoursBeforeStart >= 48) return 1;
  if (hoursBeforeStart >= 24) return 0.5;
  return 0;
}
