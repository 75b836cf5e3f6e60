/** One SQL statement of a file and the line it starts on, for messages that point at it. */
export interface SqlStatement {
  text: string;
  line: number;
}

/**
 * Splits SQL text at the semicolons between statements. Quoted text ('…', "…", `…`, with doubled
 * or backslash-escaped quotes) and comments (-- to the line's end, /* … *\/) are stepped over, so a
 * semicolon inside them splits nothing. Statements are parsed one at a time afterwards, which is what
 * lets an error name its line: the parser reports positions within the statement it was given.
 */
export function splitStatements(sql: string): SqlStatement[] {
  const statements: SqlStatement[] = [];
  let start = 0;
  let line = 1;
  let startLine: number | null = null;
  let index = 0;
  const flush = (end: number) => {
    const text = sql.slice(start, end).trim();
    if (text !== '' && startLine !== null) statements.push({ text, line: startLine });
    start = end + 1;
    startLine = null;
  };
  while (index < sql.length) {
    const char = sql[index] as string;
    const next = sql[index + 1];
    if (char === '\n') {
      line += 1;
      index += 1;
      continue;
    }
    if (char === '-' && next === '-') {
      while (index < sql.length && sql[index] !== '\n') index += 1;
      continue;
    }
    if (char === '/' && next === '*') {
      index += 2;
      while (index < sql.length && !(sql[index] === '*' && sql[index + 1] === '/')) {
        if (sql[index] === '\n') line += 1;
        index += 1;
      }
      index += 2;
      continue;
    }
    if (/\s/.test(char)) {
      index += 1;
      continue;
    }
    startLine ??= line;
    if (char === ';') {
      flush(index);
      index += 1;
      continue;
    }
    if (char === "'" || char === '"' || char === '`') {
      index += 1;
      while (index < sql.length) {
        const inner = sql[index];
        if (inner === '\n') line += 1;
        if (inner === '\\' && char !== '`') index += 2;
        else if (inner === char && sql[index + 1] === char) index += 2;
        else if (inner === char) break;
        else index += 1;
      }
    }
    index += 1;
  }
  flush(sql.length);
  return statements;
}
