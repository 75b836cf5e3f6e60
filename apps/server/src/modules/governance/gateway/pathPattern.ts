/**
 * Spring's path and host patterns as regular expressions: `**` any number of segments, `*` one
 * segment or part of one, `{name}` one segment captured as a variable for SetPath and RewritePath.
 */
export function patternToRegExp(pattern: string, separator: '/' | '.'): RegExp {
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
  return new RegExp(`^${source}$`, separator === '.' ? 'i' : '');
}
