import { describe, expect, it } from 'vitest';
import {
  estimatedPlayers,
  firstPlaceChampions,
  isAcceptingRegistrations,
  latestChampion,
  morePlayersLabel,
  publicPaymentStatus,
  registrationBadge,
  rosterPreview,
  splitFirstWord,
  type PublicPaymentStatus,
} from '../../src/shared/public-display';
import { formatDayTimeZone, formatWindow } from '../../src/shared/dates';
import type { Champion } from '../../src/shared/schemas/champion';
import { confirmedStatuses, paymentStatuses, type TeamStatus } from '../../src/shared/schemas/team';

const champion = (overrides: Partial<Champion>): Champion => ({
  id: 'c',
  tournamentId: null,
  teamId: null,
  placement: 1,
  prizeAmount: null,
  currency: 'USD',
  teamName: 'Team',
  teamLogoUrl: null,
  playerNames: [],
  highlights: [],
  teamQuote: null,
  tournamentName: 'Cup',
  tournamentDate: '2026-01-01T00:00:00.000Z',
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

describe('public display helpers', () => {
  it('estimates 7 players per team', () => {
    expect(estimatedPlayers(0)).toBe(0);
    expect(estimatedPlayers(3)).toBe(21);
  });

  it('previews the first 3 players and counts the rest', () => {
    expect(rosterPreview(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], moreCount: 2 });
    expect(rosterPreview(['a', 'b'])).toEqual({ shown: ['a', 'b'], moreCount: 0 });
    expect(morePlayersLabel(2)).toBe('+2 more players');
    expect(morePlayersLabel(1)).toBe('+1 more players');
  });

  // A Record over every status: a new status fails the typecheck here until its badge is decided.
  const expectedBadges: Record<TeamStatus, PublicPaymentStatus> = {
    pending: 'Pending',
    completed: 'Confirmed',
    failed: 'Failed',
    expired: 'Pending',
    partially_refunded: 'Confirmed',
    refunded: 'Pending',
    removed: 'Pending',
    waitlisted: 'Pending',
  };

  it.each(paymentStatuses)('shows a %s team with the badge the server\'s confirmed rule implies', (status) => {
    expect(publicPaymentStatus(status)).toBe(expectedBadges[status]);
    // Confirmed on the page exactly when the server counts the team as confirmed (teams/lifecycle/rules.ts `confirmed` reads confirmedStatuses).
    expect(publicPaymentStatus(status) === 'Confirmed').toBe((confirmedStatuses as readonly string[]).includes(status));
  });

  it('keeps first places only, latest tournament first', () => {
    const list = [
      champion({ id: 'old', tournamentDate: '2025-01-01T00:00:00Z' }),
      champion({ id: 'second', placement: 2, tournamentDate: '2026-06-01T00:00:00Z' }),
      champion({ id: 'new', tournamentDate: '2026-03-01T00:00:00Z' }),
    ];
    expect(firstPlaceChampions(list).map((c) => c.id)).toEqual(['new', 'old']);
    expect(latestChampion(list)?.id).toBe('new');
    expect(latestChampion([champion({ placement: 3 })])).toBeNull();
  });

  it('splits off the first word of a name', () => {
    expect(splitFirstWord('Winter Clash 2026')).toEqual({ first: 'Winter', rest: ' Clash 2026' });
    expect(splitFirstWord('  Solo ')).toEqual({ first: 'Solo', rest: '' });
    expect(splitFirstWord('')).toEqual({ first: '', rest: '' });
  });

  it('accepts registrations only while open and before the close date', () => {
    const now = new Date('2026-05-01T12:00:00Z');
    expect(isAcceptingRegistrations({ status: 'active', cancelledAt: null, registrationOpen: true, registrationCloses: '2026-05-02T00:00:00Z' }, now)).toBe(true);
    expect(isAcceptingRegistrations({ status: 'active', cancelledAt: null, registrationOpen: true, registrationCloses: '2026-05-01T11:59:59Z' }, now)).toBe(false);
    expect(isAcceptingRegistrations({ status: 'active', cancelledAt: null, registrationOpen: false, registrationCloses: '2026-05-02T00:00:00Z' }, now)).toBe(false);
  });
});

describe('the phase on the public pages', () => {
  const now = new Date('2026-05-01T12:00:00Z');
  it('refuses registrations for a cancelled tournament, like the server', () => {
    expect(isAcceptingRegistrations({ status: 'active', cancelledAt: '2026-04-30T00:00:00Z', registrationOpen: true, registrationCloses: '2026-05-02T00:00:00Z' }, now)).toBe(false);
  });

  it("says 'Full — waitlist open' only while registration is open, and the phase otherwise", () => {
    expect(registrationBadge('registration_open', true)).toEqual({ label: 'Full — waitlist open', tone: 'closed' });
    expect(registrationBadge('registration_open', false).label).toBe('Registration Open');
    expect(registrationBadge('registration_closed', true).label).toBe('Registration Closed');
    expect(registrationBadge('cancelled', false).label).toBe('Cancelled');
    expect(registrationBadge('completed', false).label).toBe('Finished');
    expect(registrationBadge('check_in', true).label).toBe('Check-in Open');
  });

  it('names the zone with start times and check-in windows', () => {
    expect(formatDayTimeZone('2026-12-12T17:00:00Z', 'Europe/Paris')).toBe('Sat 12 Dec, 18:00 CET');
    expect(formatWindow('2026-12-12T16:00:00Z', '2026-12-12T17:00:00Z', 'Europe/Paris')).toBe('Sat 12 Dec, 17:00 – 18:00 CET');
    expect(formatWindow('2026-12-12T22:30:00Z', '2026-12-13T00:30:00Z', 'UTC')).toBe('Sat 12 Dec, 22:30 UTC – Sun 13 Dec, 00:30 UTC');
  });
});
