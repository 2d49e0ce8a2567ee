import { describe, expect, it } from 'vitest';
import { refundFor } from '../../src/shared/refunds.js';

const startsAt = new Date('2026-12-12T18:00:00Z');
const before = (ms: number) => new Date(startsAt.getTime() - ms);
const HOUR = 3_600_000;
const withdrawal = (at: Date, paidMinor = 5000, refundedMinor = 0) => refundFor({ paidMinor, refundedMinor, startsAt, at, reason: 'withdrawal' });

describe('refundFor (the published refund policy)', () => {
  it('refunds a withdrawal in full from exactly 48 hours before the start', () => {
    expect(withdrawal(before(72 * HOUR))).toMatchObject({ amountMinor: 5000, rule: 'full' });
    expect(withdrawal(before(48 * HOUR))).toMatchObject({ amountMinor: 5000, rule: 'full' });
  });

  it('refunds half from 48 h − 1 ms down to exactly 24 h', () => {
    expect(withdrawal(before(48 * HOUR - 1))).toMatchObject({ amountMinor: 2500, rule: 'half' });
    expect(withdrawal(before(24 * HOUR))).toMatchObject({ amountMinor: 2500, rule: 'half' });
    // Half of an odd amount rounds down to the cent.
    expect(withdrawal(before(30 * HOUR), 2501).amountMinor).toBe(1250);
  });

  it('refunds nothing from 24 h − 1 ms, at the start and after it', () => {
    expect(withdrawal(before(24 * HOUR - 1))).toMatchObject({ amountMinor: 0, rule: 'none', explanation: 'No refund: less than 24 hours before the start' });
    expect(withdrawal(startsAt)).toMatchObject({ amountMinor: 0, rule: 'none', explanation: 'No refund: the tournament has started' });
    expect(withdrawal(before(-HOUR))).toMatchObject({ amountMinor: 0, rule: 'none' });
  });

  it('counts a previous partial refund against the share, never going below zero', () => {
    expect(withdrawal(before(72 * HOUR), 5000, 1250).amountMinor).toBe(3750);
    expect(withdrawal(before(30 * HOUR), 5000, 1000).amountMinor).toBe(1500);
    expect(withdrawal(before(30 * HOUR), 5000, 4000).amountMinor).toBe(0);
    expect(withdrawal(before(72 * HOUR), 5000, 5000).amountMinor).toBe(0);
  });

  it('refunds an organizer cancellation in full at any time, and a disqualification never', () => {
    const at = before(HOUR);
    expect(refundFor({ paidMinor: 5000, refundedMinor: 2500, startsAt, at, reason: 'cancellation' })).toMatchObject({ amountMinor: 2500, rule: 'full' });
    expect(refundFor({ paidMinor: 5000, refundedMinor: 0, startsAt, at: before(-HOUR), reason: 'cancellation' }).amountMinor).toBe(5000);
    expect(refundFor({ paidMinor: 5000, refundedMinor: 0, startsAt, at: before(100 * HOUR), reason: 'disqualification' })).toMatchObject({ amountMinor: 0, rule: 'none' });
  });
});
