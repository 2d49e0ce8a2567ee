/** en-US short form, e.g. "Dec 5, 2026". */
export function formatShortDate(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' }) : 'TBA';
}

/** en-US long form, e.g. "December 5, 2026" (hall of fame). */
export function formatLongDate(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? date.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' }) : 'TBA';
}

export function toDate(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Parts of a remaining duration for the countdown; all zero once the moment has passed. */
export function timeLeft(until: Date, now: Date): { days: number; hours: number; minutes: number; seconds: number; isOver: boolean } {
  const total = Math.max(0, Math.floor((until.getTime() - now.getTime()) / 1000));
  return {
    days: Math.floor(total / 86400),
    hours: Math.floor((total % 86400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
    isOver: total === 0,
  };
}

/** en-US date and time, e.g. "Dec 5, 2026, 6:00 PM" (check-in window), in the reader's time zone. */
export function formatDateTime(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? date.toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' }) : 'TBA';
}
