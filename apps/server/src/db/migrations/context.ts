import type { DialectName } from '../database.ts';

/** Column types that differ between the two dialects. */
export interface MigrationContext {
  dialect: DialectName;
  /** An auto-incrementing integer key. */
  id: 'integer' | 'serial';
  /** Epoch milliseconds. */
  millis: 'integer' | 'bigint';
}

export function migrationContext(dialect: DialectName): MigrationContext {
  return dialect === 'postgres' ? { dialect, id: 'serial', millis: 'bigint' } : { dialect, id: 'integer', millis: 'integer' };
}
