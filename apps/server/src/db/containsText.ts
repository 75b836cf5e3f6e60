import { type RawBuilder, sql } from 'kysely';

/** Case-insensitive "column contains text", with % and _ taken literally, alike in both dialects. */
export function containsText(column: string, text: string): RawBuilder<boolean> {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}
