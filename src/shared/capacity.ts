export interface Capacity {
  registered: number;
  capacity: number;
  spotsLeft: number;
  percentageFull: number;
  /** Of the registered: paid and confirmed; the rest (pending) still pay or are offered a spot from the waitlist. */
  confirmed?: number;
  pending?: number;
  /** Teams on the waitlist, waiting for a spot to free. */
  waiting?: number;
}

export function computeCapacity(registered: number, capacity: number, breakdown?: { confirmed: number; waiting: number }): Capacity {
  const spotsLeft = Math.max(0, capacity - registered);
  const percentageFull = capacity > 0 ? Math.min(100, Math.round((registered / capacity) * 100)) : 0;
  const counts = breakdown ? { confirmed: breakdown.confirmed, pending: Math.max(0, registered - breakdown.confirmed), waiting: breakdown.waiting } : {};
  return { registered, capacity, spotsLeft, percentageFull, ...counts };
}

export type CapacityLevel = 'green' | 'yellow' | 'red' | 'full';

/** Below 70 % green, from 70 % yellow, from 90 % red ("Almost Full!"), at capacity full. */
export function capacityLevel({ registered, capacity, percentageFull }: Capacity): CapacityLevel {
  if (capacity > 0 && registered >= capacity) return 'full';
  if (percentageFull >= 90) return 'red';
  if (percentageFull >= 70) return 'yellow';
  return 'green';
}
