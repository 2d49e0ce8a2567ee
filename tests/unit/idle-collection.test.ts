import { describe, expect, it } from 'vitest';
import { idleCollector, type IdleCollectionRules } from '../../src/server/ops/idle-collection';

const MiB = 2 ** 20;
const rules: IdleCollectionRules = { everyMs: 1000, idleShare: 0.02, growthBytes: 8 * MiB };

describe('a full collection once a load has passed', () => {
  it('waits while the process is busy, then collects once when it goes idle holding more than before', () => {
    const collector = idleCollector(rules, 150 * MiB);
    // Under load: memory grows, but a collection would pause requests.
    expect(collector.check(900, 170 * MiB)).toBe(false);
    expect(collector.check(950, 190 * MiB)).toBe(false);
    // 25 ms of work in a second is not idle yet.
    expect(collector.check(25, 190 * MiB)).toBe(false);
    expect(collector.check(3, 190 * MiB)).toBe(true);
    collector.collected(155 * MiB);
    // Idle with nothing new to give back: no collection every second.
    expect(collector.check(2, 155 * MiB)).toBe(false);
    expect(collector.check(2, 160 * MiB)).toBe(false);
    // The next load's growth does.
    expect(collector.check(800, 175 * MiB)).toBe(false);
    expect(collector.check(1, 175 * MiB)).toBe(true);
  });

  it('measures growth from the least the process held: memory it gave back by itself is not growth', () => {
    const collector = idleCollector(rules, 150 * MiB);
    expect(collector.check(2, 140 * MiB)).toBe(false);
    expect(collector.check(2, 147 * MiB)).toBe(false);
    expect(collector.check(2, 148 * MiB)).toBe(true);
  });

  it('memory a collection could not give back never makes it collect again', () => {
    const collector = idleCollector(rules, 150 * MiB);
    expect(collector.check(2, 200 * MiB)).toBe(true);
    collector.collected(199 * MiB);
    for (let second = 0; second < 60; second++) expect(collector.check(2, 199 * MiB)).toBe(false);
  });
});
