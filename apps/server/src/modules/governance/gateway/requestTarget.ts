/** Resolves relative request targets (`/path?query`); never seen by an upstream. */
const base = 'http://gateway.invalid';

/**
 * A path the WHATWG URL parser leaves exactly as it is: it begins with one `/` (`//` would name a
 * host), and holds only characters the parser neither percent-encodes nor reads as something else:
 * no `%` (`%2e` is a dot), no `\` (read as `/`), no `?`/`#`, spaces, controls or non-ASCII. Dot
 * segments are ruled out apart, by refusing any segment that begins with `.`.
 */
const plainPath = /^\/(?!\/)[\w\-.~!$&'()*+,;=:@/]*$/;

/** A query the parser leaves as it is: printable ASCII without `#` (a fragment), space, `"`, `'`, `<` or `>`. */
const plainQuery = /^[\w\-.~!$&()*+,;=:@/?%[\]^`{|}\\]*$/;

/**
 * The path and query of a request target as `new URL(target, base)` gives them: the path with dot
 * segments resolved, backslashes and percent-encoding as WHATWG URL treats them, and the query with
 * its `?` (empty when none or empty). The route is matched on that path, so any target the plain
 * forms above do not cover goes through URL itself; the plain ones, nearly every request, skip its
 * allocation.
 */
export function targetParts(target: string): { path: string; search: string } {
  const at = target.indexOf('?');
  const path = at < 0 ? target : target.slice(0, at);
  const query = at < 0 ? '' : target.slice(at + 1);
  if (plainPath.test(path) && !path.includes('/.') && plainQuery.test(query)) return { path, search: query ? `?${query}` : '' };
  const url = new URL(target, base);
  return { path: url.pathname, search: url.search };
}
