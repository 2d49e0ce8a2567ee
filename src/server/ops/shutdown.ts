/**
 * Stopping the process as an orchestrator does (SIGTERM, then SIGKILL after its grace period): the
 * server stops taking connections, in-flight requests get until the deadline to finish, then the
 * process exits: 0 when everything closed in time, 1 when the deadline cut it short. Nothing may
 * hold the exit up: not a step that never settles, not a log transport whose output pipe has gone
 * away, not a second signal (it exits at once, as a second Ctrl-C should).
 */
export interface ShutdownSteps {
  /** Stops listening and waits for in-flight requests (Fastify's `app.close()`). */
  closeServer: () => Promise<void>;
  /** The rest, once no request runs: timers, storage, the database. */
  closeRest: () => Promise<void>;
  log: (message: string) => void;
  graceMs: number;
  exit?: (code: number) => void;
}

/** `process.exit` runs exit hooks, and one that throws (a blocked log transport) would keep the process alive. */
export function exitNow(code: number): void {
  try {
    process.exit(code);
  } catch {
    // The hooks have run (or failed); a second call skips them and ends the process.
    process.exit(code);
  }
}

export function createShutdown({ closeServer, closeRest, log, graceMs, exit = exitNow }: ShutdownSteps) {
  let started = false;
  return async function shutdown(signal: string): Promise<void> {
    if (started) {
      log(`${signal} received again: exiting now`);
      exit(1);
      return;
    }
    started = true;
    log(`${signal} received, closing`);
    const deadline = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), graceMs).unref());
    const closed = (async () => {
      await closeServer();
      await closeRest();
      return 'closed' as const;
    })();
    const outcome = await Promise.race([closed.catch(() => 'failed' as const), deadline]);
    if (outcome !== 'closed') log(outcome === 'late' ? `not closed within ${graceMs} ms: exiting anyway` : 'closing failed: exiting anyway');
    exit(outcome === 'closed' ? 0 : 1);
  };
}
