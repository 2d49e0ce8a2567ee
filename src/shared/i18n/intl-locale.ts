/**
 * The locale Intl formats a page's dates, times, money and numbers in: the page's language, except
 * English (and the pseudo-locale made from it), whose forms the specification fixes (`english`:
 * "Dec 5, 2026" and "$5,000.00" in en-US, day-first times in en-GB).
 */
export function intlLocale(pageLocale: string | undefined, english: 'en-US' | 'en-GB'): string {
  return !pageLocale || pageLocale === 'en' || pageLocale === 'en-XA' ? english : pageLocale;
}
