/**
 * Whether the database gave up on a statement because of other transactions, and rolled it back: SQLite
 * still locked after its busy timeout, PostgreSQL's serialization failure (40001), deadlock (40P01) or
 * lock not available (55P03). Nothing was saved and the same request may well succeed a moment later.
 */
export function isContention(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    code === 'SQLITE_BUSY' ||
    code === 'SQLITE_BUSY_SNAPSHOT' ||
    code === 'SQLITE_LOCKED' ||
    code === '40001' ||
    code === '40P01' ||
    code === '55P03'
  );
}
