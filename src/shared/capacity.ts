export interface Capacity {
  registered: number;
  capacity: number;
  spotsLeft: number;
  percentageFull: number;
}

export function computeCapacity(registered: number, capacity: number): Capacity {
  const spotsLeft = Math.max(0, capacity - registered);
  const percentageFull = capacity > 0 ? Math.min(100, Math.round((registered / capacity) * 100)) : 0;
  return { registered, capacity, spotsLeft, percentageFull };
}

export type CapacityLevel = 'green' | 'yellow' | 'red' | 'full';

/** Below 70 % green, from 70 % yellow, from 90 % red ("Almost Full!"), at capacity full. */
export function capacityLevel({ registered, capacity, percentageFull }: Capacity): CapacityLevel {
  if (capacity > 0 && registered >= capacity) return 'full';
  if (percentageFull >= 90) return 'red';
  if (percentageFull >= 70) return 'yellow';
  return 'green';
}
