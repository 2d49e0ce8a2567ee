/** PostgreSQL refused a write on a unique index (23505), as pg or PGlite report it, wrapped by Drizzle or not. */
export const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505';
