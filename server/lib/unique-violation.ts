/**
 * A unique index refused the write (SQLSTATE 23505), as PostgreSQL and PGlite both report it:
 * the loser of a race for a name, a code or a row that may exist once.
 */
export function isUniqueViolation(error: unknown): error is { code: '23505' } {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';
}
