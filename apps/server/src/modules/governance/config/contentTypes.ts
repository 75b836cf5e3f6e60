import { createHash } from 'node:crypto';
import type { ConfigContentType } from '@qiming/shared';
import { XMLValidator } from 'fast-xml-parser';
import { parseAllDocuments } from 'yaml';

/** Hex MD5 of the UTF-8 bytes, as Nacos clients compute it to compare versions. */
export function contentMd5(content: string): string {
  return createHash('md5').update(content, 'utf8').digest('hex');
}

/** `key=value`, `key: value` or `key value`, `#` and `!` comments, and a trailing `\` continuing a line. */
function propertiesProblem(content: string): string | undefined {
  const lines = content.split(/\r?\n/);
  let continued = false;
  for (const [index, raw] of lines.entries()) {
    const line = raw.trimStart();
    const continues = /(^|[^\\])(\\\\)*\\$/.test(raw);
    if (!continued && line !== '' && !line.startsWith('#') && !line.startsWith('!') && /^[=:]/.test(line)) {
      return `line ${index + 1}: a property needs a key before its separator`;
    }
    continued = continues;
  }
  return undefined;
}

/**
 * Why `content` is not valid for its declared type, or undefined when it is. Text and HTML take any
 * text: an HTML parser recovers from every input, as browsers do, so there is nothing to refuse.
 */
export function contentProblem(type: ConfigContentType, content: string): string | undefined {
  switch (type) {
    case 'json':
      try {
        JSON.parse(content);
        return undefined;
      } catch (error) {
        return (error as Error).message;
      }
    case 'xml': {
      const result = XMLValidator.validate(content);
      return result === true ? undefined : `line ${result.err.line}: ${result.err.msg}`;
    }
    case 'yaml': {
      const problem = parseAllDocuments(content)
        .flatMap((document) => ('errors' in document ? document.errors : []))
        .at(0);
      return problem?.message;
    }
    case 'properties':
      return propertiesProblem(content);
    case 'text':
    case 'html':
      return undefined;
  }
}
