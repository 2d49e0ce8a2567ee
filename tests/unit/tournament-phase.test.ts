import { describe, expect, it } from 'vitest';
import {
  isAnnouncedOpen,
  isCancelled,
  isCancelledOrDeleted,
  isCheckInOpen,
  isClosedByDate,
  isRosterLocked,
  phaseOf,
  phaseTable,
  takesWithdrawals,
  readmitsLatePayment,
  registrationRefusal,
  rosterLocksAt,
  takesRegistrations,
  tournamentPhases,
  type BracketProgress,
  type PhaseFacts,
  type TournamentPhase,
} from '../../src/shared/tournament-phase';

const at = new Date('2026-06-01T12:00:00Z');
const hour = 3_600_000;
const later = (hours: number) => new Date(at.getTime() + hours * hour);

/** A live tournament taking registrations: closes in a day, starts in two, check-in from an hour before. */
const base: PhaseFacts = {
  status: 'active',
  registrationOpen: true,
  registrationCloses: later(24),
  tournamentDate: later(48),
  cancelledAt: null,
  deletedAt: null,
  rosterLocksAt: null,
  checkInEnabled: true,
  checkInOpensAt: null,
  checkInClosesAt: null,
};

describe('phaseOf: each phase from its inputs', () => {
  const cases: { name: string; facts: Partial<PhaseFacts>; bracket?: BracketProgress; phase: TournamentPhase }[] = [
    { name: 'a new tournament: not featured, switch off', facts: { status: 'inactive', registrationOpen: false }, phase: 'draft' },
    { name: 'not featured, switched on: several cups take registrations at once', facts: { status: 'inactive' }, phase: 'registration_open' },
    { name: 'not featured, switch off, past its close', facts: { status: 'inactive', registrationOpen: false, registrationCloses: later(-1) }, phase: 'registration_closed' },
    { name: 'not featured, in its check-in window', facts: { status: 'inactive', registrationOpen: false, tournamentDate: later(0.5) }, phase: 'check_in' },
    { name: 'featured, switch off before its close: closed, not a draft', facts: { registrationOpen: false }, phase: 'registration_closed' },
    { name: 'live, switched on, before the close', facts: {}, phase: 'registration_open' },
    { name: 'live, switched off by the organizer', facts: { registrationOpen: false }, phase: 'registration_closed' },
    { name: 'live, switched on, past the close date', facts: { registrationCloses: later(-1) }, phase: 'registration_closed' },
    { name: 'the close date is exactly now', facts: { registrationCloses: at }, phase: 'registration_closed' },
    { name: 'in the default check-in window', facts: { registrationOpen: false, registrationCloses: later(-2), tournamentDate: later(0.5) }, phase: 'check_in' },
    { name: 'in its own check-in window', facts: { registrationOpen: false, checkInOpensAt: later(-1), checkInClosesAt: later(1) }, phase: 'check_in' },
    { name: 'check-in switched off', facts: { registrationOpen: false, checkInEnabled: false, tournamentDate: later(0.5) }, phase: 'registration_closed' },
    { name: 'after check-in closed', facts: { registrationOpen: false, registrationCloses: later(-3), tournamentDate: later(-1) }, phase: 'registration_closed' },
    { name: 'a bracket drawn', facts: { registrationOpen: false }, bracket: 'drawn', phase: 'running' },
    { name: 'a bracket drawn during check-in', facts: { registrationOpen: false, tournamentDate: later(0.5) }, bracket: 'drawn', phase: 'running' },
    { name: 'a bracket drawn on a tournament no longer live', facts: { status: 'inactive', registrationOpen: false }, bracket: 'drawn', phase: 'running' },
    { name: 'the champions recorded', facts: { registrationOpen: false }, bracket: 'decided', phase: 'completed' },
    { name: 'last season: champions recorded, no longer live', facts: { status: 'inactive', registrationOpen: false }, bracket: 'decided', phase: 'completed' },
    { name: 'registration switched on again after the draw', facts: {}, bracket: 'drawn', phase: 'registration_open' },
    { name: 'cancelled', facts: { cancelledAt: later(-1), registrationOpen: false }, phase: 'cancelled' },
    { name: 'cancelled with a bracket', facts: { cancelledAt: later(-1), registrationOpen: false }, bracket: 'decided', phase: 'cancelled' },
    { name: 'deleted', facts: { deletedAt: later(-1), status: 'inactive', registrationOpen: false }, phase: 'cancelled' },
    { name: 'an API tournament (ISO strings)', facts: { registrationCloses: later(24).toISOString(), tournamentDate: later(48).toISOString() }, phase: 'registration_open' },
  ];
  it.each(cases)('$name: $phase', ({ facts, bracket, phase }) => {
    expect(phaseOf({ ...base, ...facts }, at, bracket)).toBe(phase);
  });

  it('covers every phase, and the table lists each phase once', () => {
    expect(new Set(cases.map((c) => c.phase))).toEqual(new Set(tournamentPhases));
    expect(phaseTable.map((row) => row.phase).sort()).toEqual([...tournamentPhases].sort());
  });
});

/** Every combination of the inputs, over times around each boundary. */
function* everyTournament(): Generator<{ facts: PhaseFacts; bracket: BracketProgress }> {
  for (const status of ['active', 'inactive'])
    for (const registrationOpen of [true, false])
      for (const closes of [-2, 0, 2])
        for (const starts of [-1, 0.5, 3])
          for (const checkInEnabled of [true, false])
            for (const ended of ['no', 'cancelled', 'deleted'] as const)
              for (const bracket of ['none', 'drawn', 'decided'] as const) {
                // The writers keep these true: cancelling and deleting switch registration off, deleting ends being live.
                if (ended !== 'no' && registrationOpen) continue;
                if (ended === 'deleted' && status === 'active') continue;
                yield {
                  facts: {
                    ...base,
                    status,
                    registrationOpen,
                    registrationCloses: later(closes),
                    tournamentDate: later(starts),
                    checkInEnabled,
                    cancelledAt: ended === 'cancelled' ? later(-5) : null,
                    deletedAt: ended === 'deleted' ? later(-5) : null,
                  },
                  bracket,
                };
              }
}

describe('the predicates keep the rules the services tested before', () => {
  // What teams/service.ts, waitlist/service.ts and teams/lifecycle.ts tested on the columns.
  // Since several cups run at once (issue 31), being featured (status) no longer decides it.
  const legacyTakesRegistrations = (t: PhaseFacts) =>
    t.deletedAt == null && t.cancelledAt == null && t.registrationOpen && new Date(t.registrationCloses).getTime() > at.getTime();
  const legacyReadmits = (t: PhaseFacts, hasBracket: boolean) => t.deletedAt == null && t.registrationOpen && !hasBracket;
  const legacyAnnounced = (t: PhaseFacts) => t.status === 'active' && t.registrationOpen && !t.cancelledAt;

  it('takes registrations exactly when it did, and exactly in the registration_open phase', () => {
    for (const { facts, bracket } of everyTournament()) {
      expect(takesRegistrations(facts, at)).toBe(legacyTakesRegistrations(facts));
      expect(phaseOf(facts, at, bracket) === 'registration_open').toBe(legacyTakesRegistrations(facts));
    }
  });

  it('re-admits a late payment exactly when it did', () => {
    for (const { facts, bracket } of everyTournament()) {
      expect(readmitsLatePayment(facts, { hasBracket: bracket !== 'none' })).toBe(legacyReadmits(facts, bracket !== 'none'));
    }
  });

  it('announces registration open on Discord exactly when it did', () => {
    for (const { facts } of everyTournament()) expect(isAnnouncedOpen(facts)).toBe(legacyAnnounced(facts));
    expect(isAnnouncedOpen(null)).toBe(false);
  });

  it('refuses a registration with the first reason that applies, in the order captains were told', () => {
    const notFeatured: PhaseFacts = { ...base, status: 'inactive' };
    expect(registrationRefusal({ ...notFeatured, cancelledAt: at, registrationOpen: false }, at)).toBe('cancelled');
    expect(registrationRefusal({ ...notFeatured, deletedAt: at, registrationOpen: false, registrationCloses: later(-1) }, at)).toBe('not_live');
    expect(registrationRefusal(notFeatured, at)).toBeNull();
    expect(registrationRefusal({ ...base, registrationOpen: false, registrationCloses: later(-1) }, at)).toBe('switched_off');
    expect(registrationRefusal({ ...base, registrationCloses: later(-1) }, at)).toBe('past_deadline');
    expect(registrationRefusal(base, at)).toBeNull();
  });

  it('tells cancelled from deleted', () => {
    expect(isCancelled({ cancelledAt: at })).toBe(true);
    expect(isCancelled({ cancelledAt: null })).toBe(false);
    expect(isCancelledOrDeleted({ cancelledAt: null, deletedAt: at })).toBe(true);
    expect(isCancelledOrDeleted({ cancelledAt: null, deletedAt: null })).toBe(false);
  });

  it('closes by date only with the switch still on', () => {
    expect(isClosedByDate({ registrationOpen: true, registrationCloses: at }, at)).toBe(true);
    expect(isClosedByDate({ registrationOpen: true, registrationCloses: later(1) }, at)).toBe(false);
    expect(isClosedByDate({ registrationOpen: false, registrationCloses: later(-1) }, at)).toBe(false);
  });

  it('locks rosters at the organizer’s lock, by default at registration close', () => {
    expect(rosterLocksAt({ rosterLocksAt: null, registrationCloses: later(2) })).toEqual(later(2));
    expect(rosterLocksAt({ rosterLocksAt: later(1), registrationCloses: later(2) })).toEqual(later(1));
    expect(isRosterLocked({ rosterLocksAt: at, registrationCloses: later(2) }, at)).toBe(true);
    expect(isRosterLocked({ rosterLocksAt: null, registrationCloses: later(2) }, at)).toBe(false);
  });
});

describe('the phase table says what each phase allows', () => {
  const rowOf = (phase: TournamentPhase) => phaseTable.find((row) => row.phase === phase)!;

  it('allows registrations only in registration_open, late re-admissions never with a bracket or once cancelled', () => {
    for (const { facts, bracket } of everyTournament()) {
      const { allows } = rowOf(phaseOf(facts, at, bracket));
      expect(takesRegistrations(facts, at)).toBe(allows.registrations === 'yes');
      const readmits = readmitsLatePayment(facts, { hasBracket: bracket !== 'none' });
      if (allows.latePaymentReadmission === 'no') expect(readmits).toBe(false);
      if (allows.latePaymentReadmission === 'yes') expect(readmits).toBe(true);
    }
  });

  it('allows check-in in the check_in phase, and never in registration_closed', () => {
    for (const { facts, bracket } of everyTournament()) {
      const phase = phaseOf(facts, at, bracket);
      // A cancelled tournament's window may be open, but cancelling removed every team.
      if (phase === 'cancelled') continue;
      const { checkIn } = rowOf(phase).allows;
      if (checkIn === 'yes') expect(isCheckInOpen(facts, at, bracket)).toBe(true);
      if (checkIn === 'no') expect(isCheckInOpen(facts, at, bracket)).toBe(false);
    }
  });

  it('ends check-in, roster changes and withdrawals at the draw, whatever the switch or the windows say', () => {
    for (const { facts, bracket } of everyTournament()) {
      const phase = phaseOf(facts, at, bracket);
      if (phase === 'cancelled') continue;
      const { allows } = rowOf(phase);
      if (allows.withdrawal === 'yes') expect(takesWithdrawals(bracket)).toBe(true);
      if (allows.withdrawal === 'no') expect(takesWithdrawals(bracket)).toBe(false);
      if (allows.rosterChanges === 'no') expect(isRosterLocked(facts, at, bracket)).toBe(true);
      if (bracket !== 'none') {
        expect(isCheckInOpen(facts, at, bracket)).toBe(false);
        expect(isRosterLocked(facts, at, bracket)).toBe(true);
        expect(takesWithdrawals(bracket)).toBe(false);
      }
    }
  });
});
