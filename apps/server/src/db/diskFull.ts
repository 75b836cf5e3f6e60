/**
 * Whether a write failed because the database's storage is full: SQLite's SQLITE_FULL, PostgreSQL's
 * 53100 disk_full and 53000 insufficient_resources.
 */
export function isDiskFull(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === 'SQLITE_FULL' || code === '53100' || code === '53000';
}
