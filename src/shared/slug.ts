/**
 * A tournament's page address, /tournaments/{slug}: its name in lower case, anything but letters and
 * digits as one hyphen (accents dropped), at most 60 characters. The migration that gave existing
 * tournaments theirs (0030) does the same in SQL.
 */
export const slugMaxLength = 60;

/** What a slug may look like: lower-case letters and digits in hyphen-separated words. */
export const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Words that would be read as something else: `GET /api/tournaments/active`, `/listing` and `/open` are routes
 * of their own, and a slug shaped like an id would be read as one.
 */
export const reservedSlugs: readonly string[] = ['active', 'listing', 'open', 'featured', 'new', 'register'];
const idShaped = /^[0-9a-f]{8}-/;

export const isReservedSlug = (slug: string) => reservedSlugs.includes(slug) || idShaped.test(slug);

export function slugify(name: string): string {
  const stem = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, slugMaxLength)
    .replace(/-+$/, '');
  if (!stem) return 'cup';
  if (reservedSlugs.includes(stem)) return `${stem}-cup`;
  // A name that reads like an id keeps reading like one with a suffix: the prefix makes it a name.
  return idShaped.test(stem) ? withSuffix('cup-', stem, '') : stem;
}

/** `stem` with a prefix and suffix, the stem cut so the whole stays within the length a slug may have. */
export function withSuffix(prefix: string, stem: string, suffix: string): string {
  return `${prefix}${stem.slice(0, slugMaxLength - prefix.length - suffix.length).replace(/-+$/, '')}${suffix}`;
}
