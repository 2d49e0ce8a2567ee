import { useEffect, useReducer } from 'react';
import { toDate } from '../../shared/dates';
import { publicPhase } from '../../shared/public-display';
import type { Tournament } from '../../shared/schemas/tournament';
import type { TournamentPhase } from '../../shared/tournament-phase';
import { useNow } from './use-now';

// setTimeout fires at once for a delay past 2^31 - 1 ms (about 24.8 days): a later close waits in steps.
const longestTimeout = 2 ** 31 - 1;

/**
 * The tournament's phase now, and again when its registration closes: the page closes registration
 * on time, without waiting for a read to change (an unchanged read renders nothing).
 */
export function useLivePhase(tournament: Tournament): TournamentPhase {
  const now = useNow();
  const [, closeTimePassed] = useReducer((count: number) => count + 1, 0);
  const closesAt = toDate(tournament.registrationCloses)?.getTime() ?? null;
  const nowTime = now.getTime();
  useEffect(() => {
    if (closesAt === null || closesAt < nowTime) return;
    const timer = setTimeout(closeTimePassed, Math.min(closesAt - Date.now() + 1, longestTimeout));
    return () => clearTimeout(timer);
  }, [closesAt, nowTime]);
  return publicPhase(tournament, now);
}
