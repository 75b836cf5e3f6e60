import type { PatternEngine } from '@qiming/shared';
import { RE2JS } from 're2js';

/**
 * Authors' patterns on RE2 (re2js), whose matching time grows with the input's length and never
 * explodes: the server runs them against anything anyone submits, and one JavaScript pattern such as
 * `^\s*\s*\s*\s*x$` can hold the event loop for minutes. Authors write JavaScript syntax, so `\uXXXX`
 * and `\u{X}` become RE2's `\x{X}`; what RE2 cannot run (back-references, look-arounds) is refused
 * when the form is saved.
 */
export const linearPatterns: PatternEngine = (source) => {
  const re2Source = source.replace(/\\u\{([0-9A-Fa-f]{1,6})\}|\\u([0-9A-Fa-f]{4})/g, (_match, braced, plain) => `\\x{${braced ?? plain}}`);
  try {
    const pattern = RE2JS.compile(re2Source);
    return (value) => pattern.matcher(value).find();
  } catch {
    return undefined;
  }
};
