import type { MessageKey, PatternEngine } from '@qiming/shared';
import { RE2JS } from 're2js';

/** The longest pattern anyone may supply: RE2 bounds the time, this bounds what compiling one costs. */
export const maxPatternLength = 500;

/** Why a supplied pattern is refused. */
export type PatternProblem = Extract<MessageKey, 'validation.patternTooLong' | 'validation.patternNotLinear'>;

/**
 * A pattern from outside (a form's author, a gateway route, an API group) compiled on RE2 (re2js, a
 * pure-JS port: the native `re2` package would have to be compiled from source on every machine), whose
 * matching time grows with the input's length and never explodes: the server runs these patterns against
 * anything anyone sends, and one backtracking pattern such as `(a+)+b` holds the event loop for years on
 * a long enough input. `\uXXXX` and `\u{X}` (JavaScript's and Java's escapes) become RE2's `\x{X}`; what
 * RE2 cannot run (back-references, look-arounds) is refused, as is a pattern past `maxPatternLength`.
 */
export function compileLinear(source: string, { ignoreCase = false } = {}): RE2JS | PatternProblem {
  if (source.length > maxPatternLength) return 'validation.patternTooLong';
  const re2Source = source.replace(/\\u\{([0-9A-Fa-f]{1,6})\}|\\u([0-9A-Fa-f]{4})/g, (_match, braced, plain) => `\\x{${braced ?? plain}}`);
  try {
    return RE2JS.compile(re2Source, ignoreCase ? RE2JS.CASE_INSENSITIVE : 0);
  } catch {
    return 'validation.patternNotLinear';
  }
}

/** Forms' pattern engine: a field's pattern matches anywhere in the value, as JavaScript's `test` does. */
export const linearPatterns: PatternEngine = (source) => {
  const pattern = compileLinear(source);
  return typeof pattern === 'string' ? undefined : (value) => pattern.matcher(value).find();
};
