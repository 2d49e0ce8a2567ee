/**
 * Intl formatters kept per locale and options: building one costs far more than formatting with it
 * (a page of dates and prices built a formatter per value, tens of milliseconds on a phone), and
 * `toLocaleString` builds one on every call.
 */
const kept = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function keptFormat<Format extends Intl.DateTimeFormat | Intl.NumberFormat>(kind: string, locale: string, options: object, create: () => Format): Format {
  const key = `${kind}|${locale}|${JSON.stringify(options)}`;
  let format = kept.get(key) as Format | undefined;
  if (!format) {
    format = create();
    kept.set(key, format);
  }
  return format;
}

/** The same text as `date.toLocaleString(locale, options)` when the options name a date or time part (or only a zone: then the date). */
export const dateFormat = (locale: string, options: Intl.DateTimeFormatOptions) =>
  keptFormat('date', locale, options, () => new Intl.DateTimeFormat(locale, options));

export const numberFormat = (locale: string, options: Intl.NumberFormatOptions) =>
  keptFormat('number', locale, options, () => new Intl.NumberFormat(locale, options));
