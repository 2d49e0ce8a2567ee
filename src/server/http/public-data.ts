import type { EventHub } from '../events/hub.js';

/**
 * Public data (what the polled public reads and their pages show: tournaments, teams and their
 * statuses, capacity, the waitlist's counts, champions, brackets, site settings) changed: every
 * service that changes it emits `publicDataChanged` on the event hub once its transaction has
 * committed, and the read cache listens (events/listeners.ts): it drops its entries in this process
 * and tells the others. Never inside the transaction: a read between the signal and the commit would
 * cache the old data again. Writes that no request makes (the hold sweep, the waitlist's offers,
 * seeding) say it like the others.
 */

/** Awaits a write (its transaction committed), then says public data changed; a write that fails says nothing. */
export function afterCommit(events: EventHub) {
  return async <T>(write: Promise<T>): Promise<T> => {
    const result = await write;
    await events.emitCommitted('publicDataChanged', {});
    return result;
  };
}
