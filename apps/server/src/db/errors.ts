/** SQLSTATEs the app reads from the database's errors. */
export const SqlState = {
  foreignKeyViolation: '23503',
  uniqueViolation: '23505',
} as const;

/** An error's SQLSTATE, on PostgreSQL or PGlite (drizzle may wrap it as the `cause`); undefined for other errors. */
export function sqlState(e: unknown): string | undefined {
  const err = e as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = typeof err?.code === 'string' ? err.code : err?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}
