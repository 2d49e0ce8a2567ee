import { intlLocale } from './i18n/intl-locale.js';
import { numberFormat } from './intl-formats.js';
import { msg } from './i18n/msg.js';

/** Currencies the site accepts; USD when a tournament has none. */
export const currencies = ['USD', 'EUR', 'GBP'] as const;
export type Currency = (typeof currencies)[number];
export const defaultCurrency: Currency = 'USD';

export const currencyInfo: Record<Currency, { symbol: string; name: string }> = {
  USD: { symbol: '$', name: msg('US Dollar') },
  EUR: { symbol: '€', name: msg('Euro') },
  GBP: { symbol: '£', name: msg('British Pound') },
};

/** A plain decimal amount with at most two decimals, as typed by an organizer: "25", "25.5", "5000.00". */
export const amountPattern = /^\d{1,9}(\.\d{1,2})?$/;

export function asCurrency(value: string | null | undefined): Currency {
  return (currencies as readonly string[]).includes(value ?? '') ? (value as Currency) : defaultCurrency;
}

/** "25.5" → 2550. Throws on anything that is not an amount, so a bad fee can never become a charge. */
export function toMinorUnits(amount: string): number {
  const trimmed = amount.trim();
  if (!amountPattern.test(trimmed)) throw new Error(`Not an amount: ${amount}`);
  const [whole, fraction = ''] = trimmed.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** 2550 → "25.50" */
export function fromMinorUnits(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(minor));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Money is shown with 2 decimals in US number format (or the page's language's, given `locale`) and the currency's symbol: "$5,000.00". */
export function formatMoney(amount: string | number | null | undefined, currency?: string | null, locale?: string): string {
  const value = typeof amount === 'number' ? amount : Number.parseFloat(String(amount ?? '').replace(/,/g, ''));
  return numberFormat(intlLocale(locale, 'en-US'), {
    style: 'currency',
    currency: asCurrency(currency),
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(Number.isFinite(value) ? value : 0);
}
