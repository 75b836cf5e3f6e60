import {
  type Definition,
  dataSizeBytes,
  type FilterName,
  type GatewayRoute,
  httpStatusOf,
  type PredicateName,
  retryStatuses,
  routeTime,
} from '@qiming/shared';
import ipaddr from 'ipaddr.js';
import { compilePattern } from './pathPattern.ts';
import { targetParts } from './requestTarget.ts';
import { fullMatcher, pathRewriter } from './routePatterns.ts';

/** What a predicate sees of a request. */
export interface GatewayRequest {
  method: string;
  path: string;
  host: string;
  headers: Record<string, string | string[] | undefined>;
  /** The query as sent, `?` included, or empty. */
  search: string;
  readonly query: URLSearchParams;
  /** Parsed when a predicate or rule first reads them. */
  readonly cookies: Map<string, string>;
  remoteAddress: string;
  /** The request's place in [0, 1) for Weight predicates, drawn once per request. */
  weightDraw: number;
}

function cookiesOf(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0) {
      const raw = part.slice(at + 1).trim();
      let value = raw;
      try {
        value = decodeURIComponent(raw);
      } catch {
        // A cookie that is not percent-encoded is compared as it came.
      }
      cookies.set(part.slice(0, at).trim(), value);
    }
  }
  return cookies;
}

/**
 * A request as the predicates read it. A class rather than an object literal with getters, so a
 * request costs one object, not a closure per getter; the query and cookies are parsed only when a
 * predicate or rule first reads them.
 */
export class DescribedRequest implements GatewayRequest {
  readonly method: string;
  readonly path: string;
  readonly search: string;
  readonly host: string;
  readonly weightDraw = Math.random();
  private parsedQuery: URLSearchParams | undefined = undefined;
  private parsedCookies: Map<string, string> | undefined = undefined;

  constructor(
    method: string,
    target: string,
    readonly headers: Record<string, string | string[] | undefined>,
    readonly remoteAddress: string,
  ) {
    this.method = method.toUpperCase();
    const { path, search } = targetParts(target);
    this.path = path;
    this.search = search;
    const host = headers.host;
    this.host = Array.isArray(host) ? (host[0] ?? '') : (host ?? '');
  }

  get query(): URLSearchParams {
    this.parsedQuery ??= new URLSearchParams(this.search);
    return this.parsedQuery;
  }

  get cookies(): Map<string, string> {
    const cookie = this.headers.cookie;
    this.parsedCookies ??= cookiesOf(Array.isArray(cookie) ? cookie.join('; ') : cookie);
    return this.parsedCookies;
  }
}

/** What the route does to a request and its answer, gathered from its filters in order. */
export interface Rewrites {
  path: string;
  /** Shared by the requests of a route: read, never changed. */
  addRequestHeaders: ReadonlyArray<readonly [string, string]>;
  removeRequestHeaders: readonly string[];
  addResponseHeaders: ReadonlyArray<readonly [string, string]>;
  status?: number;
  retry?: { retries: number; statuses: number[]; methods: string[] };
  maxBodyBytes?: number;
}

export interface CompiledRoute {
  route: GatewayRoute;
  /** The path variables the route's Path predicate captured, or undefined when it does not match. */
  match(request: GatewayRequest, weights: WeightGroups): Record<string, string> | undefined;
  rewrite(path: string, variables: Record<string, string>): Rewrites;
}

/** Weight predicates: per group, each route's share of the group's total. */
export type WeightGroups = Map<string, Array<{ routeId: string; weight: number }>>;

const list = (text: string | undefined) =>
  (text ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(',') : (value ?? ''));

/** Whether the draw of this request falls in the route's slice of its weight group. */
function inWeightSlice(groups: WeightGroups, group: string, routeId: string, draw: number): boolean {
  const members = groups.get(group) ?? [];
  const total = members.reduce((sum, member) => sum + member.weight, 0);
  if (total === 0) return false;
  let start = 0;
  for (const member of members) {
    const end = start + member.weight / total;
    if (member.routeId === routeId) return draw >= start && draw < end;
    start = end;
  }
  return false;
}

type Test = (request: GatewayRequest, variables: Record<string, string>, weights: WeightGroups) => boolean;

function predicate(definition: Definition<PredicateName>, routeId: string): Test {
  const { args } = definition;
  switch (definition.name) {
    case 'Path': {
      const patterns = list(args.patterns).flatMap((pattern) => compilePattern(pattern, '/') ?? []);
      return (request, variables) => {
        for (const pattern of patterns) {
          const found = pattern(request.path);
          if (found) {
            Object.assign(variables, found);
            return true;
          }
        }
        return false;
      };
    }
    case 'Host': {
      const patterns = list(args.patterns).flatMap((pattern) => compilePattern(pattern, '.') ?? []);
      // Its `{sub}` variables reach the filters, as SCG's Host predicate puts them in the URI template variables.
      return (request, variables) => {
        for (const pattern of patterns) {
          const found = pattern(request.host.replace(/:\d+$/, ''));
          if (found) {
            Object.assign(variables, found);
            return true;
          }
        }
        return false;
      };
    }
    case 'Method': {
      const methods = new Set(list(args.methods).map((method) => method.toUpperCase()));
      return (request) => methods.has(request.method);
    }
    case 'Header': {
      const name = (args.header ?? '').toLowerCase();
      const matches = fullMatcher(args.regexp);
      return (request) => request.headers[name] !== undefined && matches(header(request.headers[name]));
    }
    case 'Query': {
      const matches = fullMatcher(args.regexp);
      return (request) => request.query.has(args.param ?? '') && matches(request.query.get(args.param ?? '') ?? '');
    }
    case 'Cookie': {
      const matches = fullMatcher(args.regexp);
      return (request) => request.cookies.has(args.name ?? '') && matches(request.cookies.get(args.name ?? '') ?? '');
    }
    case 'RemoteAddr': {
      const ranges = list(args.sources).map((source) =>
        source.includes('/')
          ? ipaddr.parseCIDR(source)
          : ipaddr.parseCIDR(`${source}/${ipaddr.parse(source).kind() === 'ipv4' ? 32 : 128}`),
      );
      return (request) => {
        if (!ipaddr.isValid(request.remoteAddress)) return false;
        const address = ipaddr.process(request.remoteAddress);
        return ranges.some(([range, bits]) => address.kind() === range.kind() && address.match(range, bits));
      };
    }
    case 'After': {
      const after = routeTime(args.datetime);
      return () => Date.now() > after;
    }
    case 'Before': {
      const before = routeTime(args.datetime);
      return () => Date.now() < before;
    }
    case 'Between': {
      const from = routeTime(args.datetime1);
      const to = routeTime(args.datetime2);
      return () => Date.now() > from && Date.now() < to;
    }
    case 'Weight':
      return (request, _variables, weights) => inWeightSlice(weights, args.group ?? '', routeId, request.weightDraw);
    default:
      return () => false;
  }
}

/** `$\{name}` (Spring's escaped form) and `{name}` in a template, filled from the path variables. */
const fill = (template: string, variables: Record<string, string>) =>
  template.replace(/\$?\\?\{([A-Za-z_]\w*)\}/g, (_whole, name: string) => variables[name] ?? '');

/** Whether a template names a path variable, so that what it fills differs from request to request. */
const namesVariable = (template: string) => /\{[A-Za-z_]\w*\}/.test(template);

type PathStep = (path: string, variables: Record<string, string>) => string;

/** What a path filter makes of the path (StripPrefix, PrefixPath, RewritePath, SetPath), or undefined for another filter. */
function pathStep(definition: Definition<FilterName>, rewritePath: ((path: string) => string) | undefined): PathStep | undefined {
  const { args } = definition;
  switch (definition.name) {
    case 'StripPrefix':
      return (path) => `/${path.split('/').filter(Boolean).slice(Number(args.parts)).join('/')}`;
    case 'PrefixPath': {
      const prefix = (args.prefix ?? '').replace(/\/$/, '');
      return (path) => `${prefix}${path}`;
    }
    case 'RewritePath':
      return rewritePath;
    case 'SetPath': {
      const template = args.template ?? '/';
      return namesVariable(template) ? (_path, variables) => fill(template, variables) : () => template;
    }
    default:
      return undefined;
  }
}

/** What the route's filters do besides the path: everything of Rewrites but `path`. */
type Effects = Omit<Rewrites, 'path'>;

function effectsOf(filters: Array<Definition<FilterName>>, variables: Record<string, string>): Effects {
  const addRequestHeaders: Array<[string, string]> = [];
  const removeRequestHeaders: string[] = [];
  const addResponseHeaders: Array<[string, string]> = [];
  const effects: Effects = { addRequestHeaders, removeRequestHeaders, addResponseHeaders };
  for (const { name, args } of filters) {
    switch (name) {
      case 'AddRequestHeader':
        addRequestHeaders.push([args.name ?? '', fill(args.value ?? '', variables)]);
        break;
      case 'AddResponseHeader':
        addResponseHeaders.push([args.name ?? '', fill(args.value ?? '', variables)]);
        break;
      case 'RemoveRequestHeader':
        removeRequestHeaders.push((args.name ?? '').toLowerCase());
        break;
      case 'SetStatus':
        effects.status = httpStatusOf(args.status);
        break;
      case 'Retry':
        effects.retry = {
          retries: Number(args.retries ?? 3),
          statuses: retryStatuses(args) ?? [502, 503, 504],
          methods: list(args.methods ?? 'GET').map((method) => method.toUpperCase()),
        };
        break;
      case 'RequestSize':
        effects.maxBodyBytes = dataSizeBytes(args.maxSize);
        break;
    }
  }
  return effects;
}

/**
 * A released route made ready to match: its predicates compiled once, and its filters too: per request
 * only the path steps run, and the rest (headers, status, retry, size) is worked out once, unless a
 * header's value names a path variable.
 */
export function compileRoute(route: GatewayRoute): CompiledRoute {
  const tests = route.predicates.map((definition) => predicate(definition, route.routeId));
  const steps = route.filters.flatMap((definition) => {
    const rewritePath =
      definition.name === 'RewritePath' ? pathRewriter(definition.args.regexp ?? '', definition.args.replacement ?? '') : undefined;
    return pathStep(definition, rewritePath) ?? [];
  });
  const perRequest = route.filters.some(
    ({ name, args }) => (name === 'AddRequestHeader' || name === 'AddResponseHeader') && namesVariable(args.value ?? ''),
  );
  const fixed = perRequest ? undefined : effectsOf(route.filters, {});
  return {
    route,
    match(request, weights) {
      const variables: Record<string, string> = {};
      for (const test of tests) if (!test(request, variables, weights)) return undefined;
      return variables;
    },
    rewrite(path, variables) {
      let rewritten = path;
      for (const step of steps) rewritten = step(rewritten, variables);
      const effects = fixed ?? effectsOf(route.filters, variables);
      return {
        path: rewritten,
        addRequestHeaders: effects.addRequestHeaders,
        removeRequestHeaders: effects.removeRequestHeaders,
        addResponseHeaders: effects.addResponseHeaders,
        status: effects.status,
        retry: effects.retry,
        maxBodyBytes: effects.maxBodyBytes,
      };
    },
  };
}
