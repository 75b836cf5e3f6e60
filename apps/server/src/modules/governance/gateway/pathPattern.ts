import type { RE2JS } from 're2js';
import { compileLinear } from '../../../text/linearPatterns.ts';

/**
 * Spring's path and host patterns as RE2 sources: `**` any number of segments, `*` one segment or part
 * of one, `{name}` one segment captured as a variable for SetPath and RewritePath.
 */
export function patternToSource(pattern: string, separator: '/' | '.'): string {
  const segment = separator === '/' ? '[^/]' : '[^.]';
  let source = '';
  for (let index = 0; index < pattern.length; ) {
    const rest = pattern.slice(index);
    const variable = /^\{([A-Za-z_]\w*)\}/.exec(rest);
    if (rest.startsWith(`${separator}**`) && (rest.length === 3 || rest[3] === separator)) {
      // `/api/**` matches `/api` and everything below it.
      source += `(?:\\${separator}.*)?`;
      index += 3;
    } else if (rest.startsWith('**')) {
      source += '.*';
      index += 2;
    } else if (rest.startsWith('*')) {
      source += `${segment}*`;
      index += 1;
    } else if (variable) {
      source += `(?P<${variable[1]}>${segment}+)`;
      index += variable[0].length;
    } else {
      source += (pattern[index] as string).replace(/[.+?^${}()|[\]\\/]/g, '\\$&');
      index += 1;
    }
  }
  return source;
}

/**
 * A Spring pattern compiled on RE2: several `**` become several `.*` in a row, which a backtracking engine
 * tries in every split of a long path. Undefined when RE2 refuses it (saving refuses it first).
 */
export function compilePattern(pattern: string, separator: '/' | '.'): RE2JS | undefined {
  const compiled = compileLinear(patternToSource(pattern, separator), { ignoreCase: separator === '.' });
  return typeof compiled === 'string' ? undefined : compiled;
}
