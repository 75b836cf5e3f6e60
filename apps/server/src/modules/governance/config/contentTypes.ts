import { createHash } from 'node:crypto';
import type { ConfigContentType } from '@qiming/shared';
import { XMLValidator } from 'fast-xml-parser';
import { parseAllDocuments } from 'yaml';

/** Hex MD5 of the UTF-8 bytes, as Nacos clients compute it to compare versions. */
export function contentMd5(content: string): string {
  return createHash('md5').update(content, 'utf8').digest('hex');
}

/**
 * Where content breaks its type: a line and column (1-based) when the parser tells, else nothing more.
 * Parsers word their reasons in English; the answer names the place in the caller's language instead.
 */
export interface ContentProblem {
  line?: number;
  column?: number;
}

/** The line and column of a character offset. */
function placeOf(content: string, offset: number): ContentProblem {
  const before = content.slice(0, offset).split(/\r?\n/);
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
}

/** `key=value`, `key: value` or `key value`, `#` and `!` comments, and a trailing `\` continuing a line. */
function propertiesProblem(content: string): ContentProblem | undefined {
  const lines = content.split(/\r?\n/);
  let continued = false;
  for (const [index, raw] of lines.entries()) {
    const line = raw.trimStart();
    const continues = /(^|[^\\])(\\\\)*\\$/.test(raw);
    // A property needs a key before its separator.
    if (!continued && line !== '' && !line.startsWith('#') && !line.startsWith('!') && /^[=:]/.test(line)) {
      return { line: index + 1, column: raw.length - line.length + 1 };
    }
    continued = continues;
  }
  return undefined;
}

/**
 * Why `content` is not valid for its declared type, or undefined when it is. Text and HTML take any
 * text: an HTML parser recovers from every input, as browsers do, so there is nothing to refuse.
 */
export function contentProblem(type: ConfigContentType, content: string): ContentProblem | undefined {
  switch (type) {
    case 'json':
      try {
        JSON.parse(content);
        return undefined;
      } catch (error) {
        // V8 names the offending offset ("at position 5"); an unexpected end is at the end.
        const position = /position (\d+)/.exec((error as Error).message)?.[1];
        return placeOf(content, position === undefined ? content.length : Number(position));
      }
    case 'xml': {
      const result = XMLValidator.validate(content);
      return result === true ? undefined : { line: result.err.line, column: result.err.col };
    }
    case 'yaml': {
      const problem = parseAllDocuments(content)
        .flatMap((document) => ('errors' in document ? document.errors : []))
        .at(0);
      if (!problem) return undefined;
      const [start] = problem.linePos ?? [];
      return start ? { line: start.line, column: start.col } : {};
    }
    case 'properties':
      return propertiesProblem(content);
    case 'text':
    case 'html':
      return undefined;
  }
}
