import { intlLocale } from './i18n/intl-locale.js';
import { dateFormat } from './intl-formats.js';

/**
 * Dates in en-US forms (or the page's language's, given `locale`), in the reader's zone unless `timeZone` is given (server-rendered pages pass
 * 'UTC' until hydrated: see useDisplayTimeZone).
 */

/** en-US short form, e.g. "Dec 5, 2026". */
export function formatShortDate(value: string | Date | null | undefined, timeZone?: string, locale?: string): string {
  const date = toDate(value);
  return date ? dateFormat(intlLocale(locale, 'en-US'), { month: 'short', day: 'numeric', year: 'numeric', timeZone }).format(date) : 'TBA';
}

/** en-US long form, e.g. "December 5, 2026" (hall of fame). */
export function formatLongDate(value: string | Date | null | undefined, timeZone?: string, locale?: string): string {
  const date = toDate(value);
  return date ? dateFormat(intlLocale(locale, 'en-US'), { month: 'long', day: 'numeric', year: 'numeric', timeZone }).format(date) : 'TBA';
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

/** en-US date and time in the reader's zone, e.g. "Dec 5, 2026, 6:00 PM". */
export function formatDateTime(value: string | Date | null | undefined, timeZone?: string, locale?: string): string {
  const date = toDate(value);
  return date ? dateFormat(intlLocale(locale, 'en-US'), { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date) : 'TBA';
}

/** en-US time of day in the reader's zone, e.g. "6:00 PM" (beside formatShortDate in the admin's tables). */
export function formatTimeOfDay(value: string | Date | null | undefined, timeZone?: string, locale?: string): string {
  const date = toDate(value);
  return date ? dateFormat(intlLocale(locale, 'en-US'), { timeStyle: 'short', timeZone }).format(date) : '';
}

const dayAndTime = { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;

/** A moment with its weekday and the zone named, e.g. "Sat 12 Dec, 18:00 CET" (start times, the check-in window). */
export function formatDayTimeZone(value: string | Date | null | undefined, timeZone?: string, locale?: string): string {
  const date = toDate(value);
  return date ? dateFormat(intlLocale(locale, 'en-GB'), { ...dayAndTime, timeZoneName: 'short', timeZone }).format(date) : 'TBA';
}

/** A window, e.g. "Sat 12 Dec, 17:00 – 18:00 CET", or both ends in full when it spans two days. */
export function formatWindow(from: string | Date, to: string | Date, timeZone?: string, locale?: string): string {
  const day = (value: string | Date) => dateFormat(intlLocale(locale, 'en-GB'), { timeZone }).format(new Date(value));
  if (day(from) !== day(to)) return `${formatDayTimeZone(from, timeZone, locale)} – ${formatDayTimeZone(to, timeZone, locale)}`;
  const start = dateFormat(intlLocale(locale, 'en-GB'), { ...dayAndTime, timeZone }).format(new Date(from));
  const end = dateFormat(intlLocale(locale, 'en-GB'), { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short', timeZone }).format(new Date(to));
  return `${start} – ${end}`;
}
