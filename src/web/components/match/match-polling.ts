import type { MatchDetail } from '../../../shared/schemas/match';

/** A match in its veto is polled every 3 s (the captains see each other's turns); a live one every 5 s; a finished one not at all. */
export const VETO_POLL_MS = 3000;
export const LIVE_POLL_MS = 5000;

export function matchPollInterval(match: Pick<MatchDetail, 'status'> | undefined): number | false {
  if (!match) return LIVE_POLL_MS;
  if (match.status === 'finished') return false;
  return match.status === 'veto' ? VETO_POLL_MS : LIVE_POLL_MS;
}
