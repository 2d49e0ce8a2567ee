/** The zone the site's times are read in when the organizer has named none. */
export const defaultTimeZone = 'UTC';

/** Whether Intl knows the zone by this IANA name ("Europe/Madrid", "America/Sao_Paulo", "UTC"). */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The zones an organizer chooses from, as Intl knows them. */
export const timeZoneNames = (): string[] => {
  const names = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return names.includes(defaultTimeZone) ? names : [defaultTimeZone, ...names];
};
