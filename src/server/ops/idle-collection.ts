/**
 * Gives memory back once a load has passed. V8 returns the old generation's pages to the system only
 * when it collects it, and a server that goes quiet after a burst (registration opening, a poll
 * storm) allocates too little to trigger a collection: it would hold the burst's peak for minutes.
 * So, when the process is idle and holds noticeably more than after its last collection, it
 * collects once, in full (a few tens of milliseconds, while nothing is waiting).
 *
 * Idle is read from the process's own CPU time, each second (no per-request counting): a second that
 * used less than `idleShare` of a core. What it holds is its resident memory; after a collection
 * that is the new baseline, so memory a collection cannot give back never makes it collect again.
 */
export interface IdleCollectionRules {
  /** How often the CPU time and memory are read. */
  everyMs: number;
  /** A check interval below this share of one core counts as idle. */
  idleShare: number;
  /** Growth over the baseline that makes a collection worth its pause. */
  growthBytes: number;
}

export const idleCollectionRules: IdleCollectionRules = { everyMs: 1000, idleShare: 0.02, growthBytes: 8 * 2 ** 20 };

/** The decision, apart from clocks and V8: fed each check's readings, it says when to collect. */
export function idleCollector(rules: IdleCollectionRules, startRss: number) {
  let baseline = startRss;
  return {
    /** `cpuMs`: the CPU time used since the previous check; `rss`: resident memory now. True: collect now. */
    check(cpuMs: number, rss: number): boolean {
      baseline = Math.min(baseline, rss);
      return cpuMs < rules.everyMs * rules.idleShare && rss - baseline >= rules.growthBytes;
    },
    /** What the process holds right after collecting: what later growth is measured from. */
    collected(rss: number) {
      baseline = rss;
    },
  };
}

/** V8's collector when the process was started with `--expose-gc` (npm start, the image); otherwise null. */
function exposedCollector(): (() => void) | null {
  const gc = (globalThis as { gc?: () => void }).gc;
  return typeof gc === 'function' ? gc : null;
}

/** Starts the checks; returns the function that stops them. Without `--expose-gc` it does nothing. */
export function collectWhenIdle(rules: IdleCollectionRules = idleCollectionRules, collect = exposedCollector()): () => void {
  if (!collect) return () => {};
  const collector = idleCollector(rules, process.memoryUsage.rss());
  let last = process.cpuUsage();
  const timer = setInterval(() => {
    const used = process.cpuUsage(last);
    if (collector.check((used.user + used.system) / 1000, process.memoryUsage.rss())) {
      collect();
      collector.collected(process.memoryUsage.rss());
    }
    // After the collection: its own CPU time is not the next second's work.
    last = process.cpuUsage();
  }, rules.everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
