import type { ApiGroupInput, Definition, MessageKey, RouteInput } from '@qiming/shared';
import { compileLinear } from '../../../text/linearPatterns.ts';
import { patternToSource } from './pathPattern.ts';

/** A test of a whole value against a supplied regexp; none (empty) takes every value, one RE2 refuses none. */
export function fullMatcher(regexp: string | undefined): (value: string) => boolean {
  if (!regexp) return () => true;
  const pattern = compileLinear(regexp);
  return typeof pattern === 'string' ? () => false : (value) => pattern.testExact(value);
}

/** A test of whether a supplied regexp matches anywhere in a value (API groups, as Sentinel's `find`). */
export function finder(regexp: string): (value: string) => boolean {
  const pattern = compileLinear(regexp);
  return typeof pattern === 'string' ? () => false : (value) => pattern.test(value);
}

/**
 * Spring's RewritePath: every match of `regexp` replaced, its groups written `$\{name}` or `${name}`
 * (Java's) or `$1`. A group the pattern does not have is replaced by nothing, as no request should fail on it.
 */
export function pathRewriter(regexp: string, replacement: string): (path: string) => string {
  const pattern = compileLinear(regexp);
  if (typeof pattern === 'string') return (path) => path;
  const names = new Set(Object.keys(pattern.namedGroups()));
  const template = replacement.replace(/\$\\?\{(\w+)\}/g, (_whole, name: string) => (names.has(name) ? `$<${name}>` : ''));
  return (path) => {
    try {
      return pattern.matcher(path).replaceAll(template);
    } catch {
      // A `$9` the pattern has no group for: the path goes on unchanged rather than the request failing.
      return path;
    }
  };
}

/** A refused pattern: where it is, what it is and why. */
export interface PatternRefusal {
  field: string;
  value: string;
  reason: MessageKey;
}

const list = (text: string | undefined) =>
  (text ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

function refusalOf(field: string, value: string, ignoreCase = false): PatternRefusal | undefined {
  const compiled = compileLinear(value, { ignoreCase });
  return typeof compiled === 'string' ? { field, value, reason: compiled } : undefined;
}

/** The regular expressions of one predicate or filter: the argument, the pattern as written, its RE2 source, its case. */
function patternsOf(definition: Definition, kind: 'predicates' | 'filters', index: number): Array<[string, string, string, boolean]> {
  const at = (arg: string) => `${kind}.${index}.args.${arg}`;
  const { args } = definition;
  switch (definition.name) {
    case 'Header':
    case 'Query':
    case 'Cookie':
      return args.regexp ? [[at('regexp'), args.regexp, args.regexp, false]] : [];
    case 'RewritePath':
      return [[at('regexp'), args.regexp ?? '', args.regexp ?? '', false]];
    case 'Path':
      return list(args.patterns).map((pattern) => [at('patterns'), pattern, patternToSource(pattern, '/'), false]);
    case 'Host':
      return list(args.patterns).map((pattern) => [at('patterns'), pattern, patternToSource(pattern, '.'), true]);
    default:
      return [];
  }
}

/** The first pattern of a route RE2 cannot run or that is too long, if any. */
export function routePatternRefusal(input: Pick<RouteInput, 'predicates' | 'filters'>): PatternRefusal | undefined {
  const found = [
    ...input.predicates.flatMap((definition, index) => patternsOf(definition, 'predicates', index)),
    ...input.filters.flatMap((definition, index) => patternsOf(definition, 'filters', index)),
  ];
  for (const [field, written, source, ignoreCase] of found) {
    const refusal = refusalOf(field, source, ignoreCase);
    // A Spring path or host pattern is named as written, not as the expression it becomes.
    if (refusal) return { ...refusal, value: written };
  }
  return undefined;
}

/** The first regex item of an API group RE2 cannot run or that is too long, if any. */
export function apiGroupPatternRefusal(input: Pick<ApiGroupInput, 'items'>): PatternRefusal | undefined {
  for (const [index, item] of input.items.entries()) {
    if (item.name !== 'regex') continue;
    const refusal = refusalOf(`items.${index}.args.pattern`, item.args.pattern ?? '');
    if (refusal) return refusal;
  }
  return undefined;
}
