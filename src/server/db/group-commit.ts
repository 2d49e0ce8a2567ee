/**
 * Group commit: writes of one kind that arrive together go to the database as one statement per
 * batch. The first of a batch waits `windowMs` for company; the next batch gathers while the
 * previous one runs, and goes as soon as it is done. On the embedded database (one connection) a
 * burst of single statements queues, each paying its round trip and planning; in one statement they
 * pay once. Used by the registration claim (teams/registration-batcher.ts) and the rate limits'
 * counters (http/rate-limit.ts).
 */

/** One write waiting for its batch, and how to answer its caller. */
export interface Waiting<I, O> {
  input: I;
  resolve: (output: O) => void;
  reject: (error: unknown) => void;
}

/**
 * `run` answers each write of a batch (all of one `key`) and returns those to try again in the next
 * batch, first. If it throws, every write of the batch not yet answered gets the error.
 */
export function createGroupCommit<I, O>({
  run,
  windowMs = 2,
  maxBatch = 100,
}: {
  run: (key: string, batch: Waiting<I, O>[]) => Promise<Waiting<I, O>[] | void>;
  windowMs?: number;
  maxBatch?: number;
}) {
  const queues = new Map<string, { waiting: Waiting<I, O>[]; isRunning: boolean }>();
  let closed: Error | null = null;

  async function drain(key: string): Promise<void> {
    const queue = queues.get(key);
    if (!queue || queue.isRunning || closed) return;
    if (!queue.waiting.length) {
      queues.delete(key);
      return;
    }
    queue.isRunning = true;
    const batch = queue.waiting.splice(0, maxBatch);
    try {
      queue.waiting.unshift(...((await run(key, batch)) ?? []));
    } catch (error) {
      // Settling twice is a no-op: only the writes still waiting get the error.
      for (const waiting of batch) waiting.reject(error);
    } finally {
      queue.isRunning = false;
    }
    void drain(key);
  }

  return {
    /** Queues `input` for the next batch of `key`; resolves with what `run` answered it. */
    submit(key: string, input: I): Promise<O> {
      return new Promise((resolve, reject) => {
        if (closed) return reject(closed);
        let queue = queues.get(key);
        if (!queue) queues.set(key, (queue = { waiting: [], isRunning: false }));
        queue.waiting.push({ input, resolve, reject });
        // Unref'd: a batch about to go never keeps a stopping process alive (close answers it).
        if (!queue.isRunning && queue.waiting.length === 1) setTimeout(() => void drain(key), windowMs).unref();
      });
    },
    /** Refuses the writes still queued (a batch already running answers its own) and any submitted later: the app is closing. */
    close(): void {
      closed = new Error('The server is shutting down');
      for (const queue of queues.values()) for (const waiting of queue.waiting.splice(0)) waiting.reject(closed);
      queues.clear();
    },
  };
}
