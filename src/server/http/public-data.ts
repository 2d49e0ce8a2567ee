/**
 * Said by every service that changes public data (what the polled public reads and their pages
 * show: tournaments, teams and their statuses, capacity, the waitlist's counts, champions, brackets,
 * site settings), once its transaction has committed: app.ts points it at the read cache, which
 * drops its entries in this process and tells the others. Never inside the transaction: a read
 * between the signal and the commit would cache the old data again. Writes that no request makes
 * (the hold sweep, the waitlist's offers, seeding) say it like the others.
 */
export type PublicDataChanged = () => void;

/** For services built outside the server (scripts, tests): nothing caches their reads. */
export const noPublicReads: PublicDataChanged = () => {};

/** Awaits a write (its transaction committed), then says public data changed; a write that fails says nothing. */
export function afterCommit(changed: PublicDataChanged) {
  return async <T>(write: Promise<T>): Promise<T> => {
    const result = await write;
    changed();
    return result;
  };
}
