import { compileLinear, maxPatternLength } from '../../../text/linearPatterns.ts';

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
      source += `(?<${variable[1]}>${segment}+)`;
      index += variable[0].length;
    } else {
      source += (pattern[index] as string).replace(/[.+?^${}()|[\]\\/]/g, '\\$&');
      index += 1;
    }
  }
  return source;
}

/** What a pattern captured (`{name}` variables), or undefined when the value does not match it. */
export type PatternMatch = (value: string) => Record<string, string> | undefined;

/**
 * Whether JavaScript's backtracking engine matches the pattern in linear time: each segment holds at
 * most one wildcard or variable (each confined to its segment), and at most one `**` crosses segments.
 * `/a*b*c` or several `**` backtrack polynomially on a long path; those run on RE2.
 */
function backtracksSafely(pattern: string, separator: '/' | '.'): boolean {
  if ((pattern.match(/\*\*/g) ?? []).length > 1) return false;
  return pattern.split(separator).every((part) => (part.match(/\*+|\{[A-Za-z_]\w*\}/g) ?? []).length <= 1);
}

/**
 * A Spring pattern made ready to match. Most patterns (`/api/**`, `/items/{id}`) run on JavaScript's
 * engine, about ten times faster than re2js on this per-request path; any other on RE2, so that no
 * pattern backtracks on a long path. Undefined when RE2 refuses it (saving refuses it first).
 */
export function compilePattern(pattern: string, separator: '/' | '.'): PatternMatch | undefined {
  const source = patternToSource(pattern, separator);
  if (backtracksSafely(pattern, separator) && source.length <= maxPatternLength) {
    const regexp = new RegExp(`^${source}$`, separator === '.' ? 'i' : '');
    return (value) => {
      const found = regexp.exec(value);
      return found ? { ...found.groups } : undefined;
    };
  }
  const compiled = compileLinear(source, { ignoreCase: separator === '.' });
  if (typeof compiled === 'string') return undefined;
  const names = Object.keys(compiled.namedGroups());
  return (value) => {
    if (!compiled.testExact(value)) return undefined;
    if (names.length === 0) return {};
    const found = compiled.matcher(value);
    found.matches();
    return Object.fromEntries(names.map((name) => [name, found.group(name) ?? '']));
  };
}
