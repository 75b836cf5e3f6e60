/** A name qs keeps as it is: no dots, brackets or escapes to nest by, no digit first for it to order ahead of the rest. */
const plainName = /^[A-Za-z_][\w-]*$/;
/** qs's own limit of parameters (`parameterLimit`); past it qs drops the rest, which the fallback does. */
const maxParams = 2_000;

/** qs's decoding of a value: `+` is a space; an escape that is not UTF-8 leaves the text as it came. */
function decode(text: string): string {
  if (!text.includes('%')) return text.includes('+') ? text.replaceAll('+', ' ') : text;
  const spaced = text.replaceAll('+', ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/**
 * A query or form body of plain names each given once (`a=1&b=x%20y`), as qs parses it, or undefined
 * for anything qs would nest, merge or drop (dotted or bracketed names, a name twice, an empty part, a
 * name on Object.prototype): the caller then asks qs. Every Nacos beat and poll is flat, and qs's
 * general walk (options, key chains, merge, compact) cost more than the rest of a beat's parsing.
 */
export function flatParams(text: string): Record<string, string> | undefined {
  if (text === '') return {};
  // qs reads %5B and %5D as brackets before it splits, in values as well as names.
  const clean = text.includes('%5') ? text.replace(/%5B/gi, '[').replace(/%5D/gi, ']') : text;
  const parsed: Record<string, string> = {};
  let count = 0;
  let start = 0;
  while (start <= clean.length) {
    const next = clean.indexOf('&', start);
    const end = next === -1 ? clean.length : next;
    const part = clean.slice(start, end);
    start = end + 1;
    if (++count > maxParams || part.includes(']=')) return undefined;
    const equals = part.indexOf('=');
    const name = equals === -1 ? part : part.slice(0, equals);
    if (!plainName.test(name) || name in parsed || name in Object.prototype) return undefined;
    parsed[name] = equals === -1 ? '' : decode(part.slice(equals + 1));
  }
  return parsed;
}
