import { describe, expect, it } from 'vitest';
import { createGroupCommit } from '../../src/server/db/group-commit.js';

describe('group commit', () => {
  it('on close refuses the writes still queued and those submitted later, so that nothing waits forever', async () => {
    const ran: string[][] = [];
    const batches = createGroupCommit<string, string>({
      // A window longer than the test: only close can answer the queued write.
      windowMs: 600_000,
      run: async (_key, batch) => {
        ran.push(batch.map((waiting) => waiting.input));
        for (const waiting of batch) waiting.resolve(waiting.input);
      },
    });
    const queued = batches.submit('k', 'a');
    batches.close();
    await expect(queued).rejects.toThrow('The server is shutting down');
    await expect(batches.submit('k', 'b')).rejects.toThrow('The server is shutting down');
    expect(ran).toEqual([]);
  });

  it('answers a batch that was running when it closed', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const batches = createGroupCommit<string, string>({
      windowMs: 0,
      run: async (_key, batch) => {
        await gate;
        for (const waiting of batch) waiting.resolve(waiting.input);
      },
    });
    const running = batches.submit('k', 'a');
    await new Promise((resolve) => setTimeout(resolve, 20));
    const queued = batches.submit('k', 'b');
    batches.close();
    release();
    await expect(running).resolves.toBe('a');
    await expect(queued).rejects.toThrow('The server is shutting down');
  });
});
