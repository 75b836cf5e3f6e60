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

/** A request as the predicates read it, from its method, path and query, headers and client address. */
export function describeRequest(input: {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  remoteAddress: string;
}): GatewayRequest {
  const url = new URL(input.url, 'http://gateway.invalid');
  const host = input.headers.host;
  const cookie = input.headers.cookie;
  let cookies: Map<string, string> | undefined;
  return {
    method: input.method.toUpperCase(),
    path: url.pathname,
    host: Array.isArray(host) ? (host[0] ?? '') : (host ?? ''),
    headers: input.headers,
    search: url.search,
    // Made only when a Query predicate or a rule counting by a parameter reads it.
    get query() {
      return url.searchParams;
    },
    get cookies() {
      cookies ??= cookiesOf(Array.isArray(cookie) ? cookie.join('; ') : cookie);
      return cookies;
    },
    remoteAddress: input.remoteAddress,
    weightDraw: Math.random(),
  };
}

/** What the route does to a request and its answer, gathered from its filters in order. */
export interface Rewrites {
  path: string;
  addRequestHeaders: Array<[string, string]>;
  removeRequestHeaders: string[];
  addResponseHeaders: Array<[string, string]>;
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

function applyFilter(
  definition: Definition<FilterName>,
  rewrites: Rewrites,
  variables: Record<string, string>,
  rewritePath: ((path: string) => string) | undefined,
): void {
  const { args } = definition;
  switch (definition.name) {
    case 'StripPrefix': {
      const segments = rewrites.path.split('/').filter(Boolean);
      rewrites.path = `/${segments.slice(Number(args.parts)).join('/')}`;
      break;
    }
    case 'PrefixPath':
      rewrites.path = `${(args.prefix ?? '').replace(/\/$/, '')}${rewrites.path}`;
      break;
    case 'RewritePath':
      if (rewritePath) rewrites.path = rewritePath(rewrites.path);
      break;
    case 'SetPath':
      rewrites.path = fill(args.template ?? '/', variables);
      break;
    case 'AddRequestHeader':
      rewrites.addRequestHeaders.push([args.name ?? '', fill(args.value ?? '', variables)]);
      break;
    case 'AddResponseHeader':
      rewrites.addResponseHeaders.push([args.name ?? '', fill(args.value ?? '', variables)]);
      break;
    case 'RemoveRequestHeader':
      rewrites.removeRequestHeaders.push((args.name ?? '').toLowerCase());
      break;
    case 'SetStatus':
      rewrites.status = httpStatusOf(args.status);
      break;
    case 'Retry':
      rewrites.retry = {
        retries: Number(args.retries ?? 3),
        statuses: retryStatuses(args) ?? [502, 503, 504],
        methods: list(args.methods ?? 'GET').map((method) => method.toUpperCase()),
      };
      break;
    case 'RequestSize':
      rewrites.maxBodyBytes = dataSizeBytes(args.maxSize);
      break;
  }
}

/** A released route made ready to match: its predicates compiled once, its filters applied per request. */
export function compileRoute(route: GatewayRoute): CompiledRoute {
  const tests = route.predicates.map((definition) => predicate(definition, route.routeId));
  const rewriters = route.filters.map(({ name, args }) =>
    name === 'RewritePath' ? pathRewriter(args.regexp ?? '', args.replacement ?? '') : undefined,
  );
  return {
    route,
    match(request, weights) {
      const variables: Record<string, string> = {};
      return tests.every((test) => test(request, variables, weights)) ? variables : undefined;
    },
    rewrite(path, variables) {
      const rewrites: Rewrites = { path, addRequestHeaders: [], removeRequestHeaders: [], addResponseHeaders: [] };
      for (const [index, filter] of route.filters.entries()) applyFilter(filter, rewrites, variables, rewriters[index]);
      return rewrites;
    },
  };
}
