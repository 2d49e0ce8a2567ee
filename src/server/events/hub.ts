import type { Db, Tx } from '../db/client.js';
import type { DomainEvent, DomainEvents } from './domain-events.js';

/** Runs inside the emitting transaction: its failure rolls the transaction back (e.g. mail queued in the outbox). */
export type InTransactionListener<E extends DomainEvent> = (tx: Tx, payload: DomainEvents[E]) => Promise<unknown> | unknown;
/** Runs once the emitting transaction has committed, awaited before the service returns; its failure is logged, never the caller's. */
export type AfterCommitListener<E extends DomainEvent> = (payload: DomainEvents[E]) => Promise<unknown> | unknown;

export interface EventHub {
  inTransaction<E extends DomainEvent>(event: E, listener: InTransactionListener<E>): void;
  afterCommit<E extends DomainEvent>(event: E, listener: AfterCommitListener<E>): void;
  /** `db.transaction`, after whose commit the events it emitted reach their after-commit listeners; on rollback they are dropped. */
  transaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * Tells what happened in `tx`: its in-transaction listeners run now, its after-commit ones once
   * `tx` commits. A transaction the hub did not open (teams/lifecycle/'s own) can carry only events
   * without after-commit listeners: anything else throws, so no news is silently lost.
   */
  emit<E extends DomainEvent>(tx: Tx, event: E, payload: DomainEvents[E]): Promise<void>;
  /** Tells what a write already committed (in a transaction this service did not open, or none): its after-commit listeners run now. */
  emitCommitted<E extends DomainEvent>(event: E, payload: DomainEvents[E]): Promise<void>;
}

/**
 * The one hub services announce domain events on (events/domain-events.ts) and app.ts subscribes
 * listeners to (events/listeners.ts). After-commit listeners run in the order they were emitted and
 * subscribed, one at a time and awaited, so a reply is sent after its side effects (the waitlist's
 * offer before the withdrawal's answer); a listener that must not be waited for defers its own work.
 */
export function createEventHub({ log = (error, what) => console.error(what, error) }: { log?: (error: unknown, what: string) => void } = {}): EventHub {
  const inTx = new Map<DomainEvent, InTransactionListener<DomainEvent>[]>();
  const afterCommit = new Map<DomainEvent, AfterCommitListener<DomainEvent>[]>();
  // The after-commit work of each open transaction the hub opened: run on commit, dropped on rollback.
  const pending = new WeakMap<Tx, (() => Promise<void>)[]>();

  const listenersOf = <L>(map: Map<DomainEvent, L[]>, event: DomainEvent): L[] => map.get(event) ?? [];
  const subscribe = <L>(map: Map<DomainEvent, L[]>, event: DomainEvent, listener: L) => map.set(event, [...listenersOf(map, event), listener]);

  function afterCommitWork<E extends DomainEvent>(event: E, payload: DomainEvents[E]): (() => Promise<void>) | null {
    const listeners = listenersOf(afterCommit, event);
    if (!listeners.length) return null;
    return async () => {
      for (const listener of listeners) {
        try {
          await listener(payload);
        } catch (error) {
          log(error, `A listener of ${event} failed after the commit`);
        }
      }
    };
  }

  return {
    inTransaction(event, listener) {
      subscribe(inTx, event, listener as InTransactionListener<DomainEvent>);
    },
    afterCommit(event, listener) {
      subscribe(afterCommit, event, listener as AfterCommitListener<DomainEvent>);
    },

    async transaction(db, work) {
      const queued: (() => Promise<void>)[] = [];
      const result = await db.transaction(async (tx) => {
        pending.set(tx, queued);
        try {
          return await work(tx);
        } finally {
          pending.delete(tx);
        }
      });
      for (const run of queued) await run();
      return result;
    },

    async emit(tx, event, payload) {
      for (const listener of listenersOf(inTx, event)) await listener(tx, payload);
      const work = afterCommitWork(event, payload);
      if (!work) return;
      const queued = pending.get(tx);
      if (!queued) throw new Error(`${event} was emitted in a transaction the event hub did not open: open it with hub.transaction`);
      queued.push(work);
    },

    async emitCommitted(event, payload) {
      if (listenersOf(inTx, event).length) throw new Error(`${event} has in-transaction listeners: emit it inside its transaction`);
      await afterCommitWork(event, payload)?.();
    },
  };
}

/** Services take the hub as a required dependency: one built without it would leave its news untold (public pages stale) without an error. */
export function requireEventHub(events: EventHub | undefined, service: string): EventHub {
  if (!events || typeof events.emit !== 'function' || typeof events.transaction !== 'function') throw new Error(`${service}: the event hub is required`);
  return events;
}
