import { formatDateTime, formatDayTimeZone, formatLongDate, formatShortDate, formatTimeOfDay, formatWindow } from '../../shared/dates';
import { formatMoney } from '../../shared/money';
import { useLocale, useT } from './i18n';

type When = string | Date | null | undefined;

/** Money, dates and times in the page's language (src/shared/money.ts and dates.ts with its locale); a date not yet set reads "TBA" in it. */
export function useFormats() {
  const locale = useLocale();
  const t = useT();
  const orTba = (text: string) => (text === 'TBA' ? t('TBA') : text);
  return {
    locale,
    money: (amount: string | number | null | undefined, currency?: string | null) => formatMoney(amount, currency, locale),
    shortDate: (value: When, timeZone?: string) => orTba(formatShortDate(value, timeZone, locale)),
    longDate: (value: When, timeZone?: string) => orTba(formatLongDate(value, timeZone, locale)),
    dateTime: (value: When, timeZone?: string) => orTba(formatDateTime(value, timeZone, locale)),
    timeOfDay: (value: When, timeZone?: string) => formatTimeOfDay(value, timeZone, locale),
    dayTimeZone: (value: When, timeZone?: string) => orTba(formatDayTimeZone(value, timeZone, locale)),
    window: (from: string | Date, to: string | Date, timeZone?: string) => formatWindow(from, to, timeZone, locale),
  };
}
