import { describe, expect, it, vi } from 'vitest';
import { createShutdown } from '../../src/server/ops/shutdown.js';

function steps(overrides: { closeServer?: () => Promise<void>; closeRest?: () => Promise<void> } = {}) {
  const exit = vi.fn();
  const log = vi.fn();
  const shutdown = createShutdown({ closeServer: async () => {}, closeRest: async () => {}, ...overrides, log, exit, graceMs: 200 });
  return { shutdown, exit, log };
}

describe('shutdown', () => {
  it('exits 0 once the server and the rest have closed in time', async () => {
    const closed: string[] = [];
    const { shutdown, exit } = steps({ closeServer: async () => void closed.push('server'), closeRest: async () => void closed.push('rest') });
    await shutdown('SIGTERM');
    expect(closed).toEqual(['server', 'rest']);
    expect(exit).toHaveBeenCalledWith(0);
  });

  it('exits 1 at the deadline when a step never settles (a request that never ends)', async () => {
    const { shutdown, exit, log } = steps({ closeServer: () => new Promise<void>(() => {}) });
    const startedAt = Date.now();
    await shutdown('SIGTERM');
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(190);
    expect(exit).toHaveBeenCalledWith(1);
    expect(log).toHaveBeenCalledWith('not closed within 200 ms: exiting anyway');
  });

  it('exits 1 when a step fails', async () => {
    const { shutdown, exit } = steps({ closeRest: async () => Promise.reject(new Error('database gone')) });
    await shutdown('SIGTERM');
    expect(exit).toHaveBeenCalledWith(1);
  });

  it('exits at once on a second signal', async () => {
    const { shutdown, exit } = steps({ closeServer: () => new Promise<void>(() => {}) });
    void shutdown('SIGTERM');
    await shutdown('SIGINT');
    expect(exit).toHaveBeenCalledTimes(1);
    expect(exit).toHaveBeenCalledWith(1);
  });
});
