import { z } from 'zod';
import type { MessageKey } from '../i18n/messages.ts';
import { type FieldRule, optionalText, requiredText } from '../validation/rules.ts';
import { ruledNumber, ruledString } from '../validation/zod.ts';

/** Spring Cloud Gateway's predicates, each with the arguments its form asks for. */
export const predicateArgs = {
  Path: ['patterns'],
  Host: ['patterns'],
  Method: ['methods'],
  Header: ['header', 'regexp'],
  Query: ['param', 'regexp'],
  Cookie: ['name', 'regexp'],
  RemoteAddr: ['sources'],
  After: ['datetime'],
  Before: ['datetime'],
  Between: ['datetime1', 'datetime2'],
  Weight: ['group', 'weight'],
} as const;
export type PredicateName = keyof typeof predicateArgs;
export const predicateNames = Object.keys(predicateArgs) as PredicateName[];

/** Spring Cloud Gateway's filters the gateway runs, with their arguments. */
export const filterArgs = {
  StripPrefix: ['parts'],
  PrefixPath: ['prefix'],
  RewritePath: ['regexp', 'replacement'],
  SetPath: ['template'],
  AddRequestHeader: ['name', 'value'],
  AddResponseHeader: ['name', 'value'],
  RemoveRequestHeader: ['name'],
  SetStatus: ['status'],
  Retry: ['retries', 'statuses', 'methods'],
  RequestSize: ['maxSize'],
} as const;
export type FilterName = keyof typeof filterArgs;
export const filterNames = Object.keys(filterArgs) as FilterName[];

/** `{name, args}` as Spring's PredicateDefinition and FilterDefinition; lists in an argument are comma-separated. */
export interface Definition<Name extends string = string> {
  name: Name;
  args: Record<string, string>;
}

export const routeStatuses = ['unreleased', 'released', 'cancelled'] as const;
export type RouteStatus = (typeof routeStatuses)[number];

/** `http(s)://host[:port]` or `lb://service` (resolved through the registry); no path. */
export const routeUriPattern = /^(https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?|lb:\/\/[A-Za-z0-9@._-]+)\/?$/;

export const routeRules = {
  routeId: [
    ...requiredText({ max: 100 }),
    { message: 'validation.code', test: (value) => /^[A-Za-z][A-Za-z0-9_.-]*$/.test(String(value)) },
  ],
  routeName: requiredText({ max: 100 }),
  orderNum: [...requiredText(), { message: 'validation.integer', test: (value) => /^-?\d{1,6}$/.test(String(value)) }],
  uri: [...requiredText({ max: 300 }), { message: 'validation.routeUri', test: (value) => routeUriPattern.test(String(value)) }],
  description: optionalText({ max: 500 }),
} satisfies Record<string, FieldRule[]>;

/** Why an argument is refused: a message key and what fills it in, and the argument it is about. */
export interface ArgumentProblem {
  message: MessageKey;
  params?: Record<string, string | number>;
  arg?: string;
}

const isRegExp = (text: string) => {
  try {
    new RegExp(text);
    return true;
  } catch {
    return false;
  }
};
const list = (text: string | undefined) =>
  (text ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/**
 * A predicate's time as SCG reads it (StringToZonedDateTimeConverter): epoch milliseconds, or an ISO
 * date-time with an offset and an optional `[Zone/Id]` (the offset fixes the instant); also our form's
 * `YYYY-MM-DD HH:mm`. NaN when it is none of these.
 */
export function routeTime(text: string | undefined): number {
  const value = (text ?? '').trim();
  if (/^-?\d{1,15}$/.test(value)) return Number(value);
  const zoned = /^(.*[+-]\d\d:\d\d|.*Z)\[([A-Za-z0-9/_+-]+)\]$/.exec(value);
  if (zoned) return isTimeZone(zoned[2] as string) ? Date.parse(zoned[1] as string) : Number.NaN;
  return value ? Date.parse(value) : Number.NaN;
}

/** Spring's HttpStatus names, for `SetStatus=UNAUTHORIZED` and `Retry` statuses. */
export const httpStatusNames: Record<string, number> = {
  CONTINUE: 100,
  SWITCHING_PROTOCOLS: 101,
  PROCESSING: 102,
  EARLY_HINTS: 103,
  OK: 200,
  CREATED: 201,
  ACCEPTED: 202,
  NON_AUTHORITATIVE_INFORMATION: 203,
  NO_CONTENT: 204,
  RESET_CONTENT: 205,
  PARTIAL_CONTENT: 206,
  MULTI_STATUS: 207,
  ALREADY_REPORTED: 208,
  IM_USED: 226,
  MULTIPLE_CHOICES: 300,
  MOVED_PERMANENTLY: 301,
  FOUND: 302,
  SEE_OTHER: 303,
  NOT_MODIFIED: 304,
  TEMPORARY_REDIRECT: 307,
  PERMANENT_REDIRECT: 308,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  NOT_ACCEPTABLE: 406,
  PROXY_AUTHENTICATION_REQUIRED: 407,
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  GONE: 410,
  LENGTH_REQUIRED: 411,
  PRECONDITION_FAILED: 412,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  REQUESTED_RANGE_NOT_SATISFIABLE: 416,
  EXPECTATION_FAILED: 417,
  I_AM_A_TEAPOT: 418,
  UNPROCESSABLE_ENTITY: 422,
  LOCKED: 423,
  FAILED_DEPENDENCY: 424,
  TOO_EARLY: 425,
  UPGRADE_REQUIRED: 426,
  PRECONDITION_REQUIRED: 428,
  TOO_MANY_REQUESTS: 429,
  REQUEST_HEADER_FIELDS_TOO_LARGE: 431,
  UNAVAILABLE_FOR_LEGAL_REASONS: 451,
  INTERNAL_SERVER_ERROR: 500,
  NOT_IMPLEMENTED: 501,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
  GATEWAY_TIMEOUT: 504,
  HTTP_VERSION_NOT_SUPPORTED: 505,
  VARIANT_ALSO_NEGOTIATES: 506,
  INSUFFICIENT_STORAGE: 507,
  LOOP_DETECTED: 508,
  BANDWIDTH_LIMIT_EXCEEDED: 509,
  NOT_EXTENDED: 510,
  NETWORK_AUTHENTICATION_REQUIRED: 511,
};

/** A status as a number (`401`) or Spring's name (`UNAUTHORIZED`, any case); NaN when neither. */
export function httpStatusOf(text: string | undefined): number {
  const value = (text ?? '').trim();
  if (/^[1-5]\d\d$/.test(value)) return Number(value);
  return httpStatusNames[value.toUpperCase()] ?? Number.NaN;
}

/** HttpStatus.Series names: `SERVER_ERROR` stands for every 5xx status. */
const statusSeries: Record<string, number> = { INFORMATIONAL: 1, SUCCESSFUL: 2, REDIRECTION: 3, CLIENT_ERROR: 4, SERVER_ERROR: 5 };

/**
 * The statuses a Retry filter retries: its `statuses` (numbers or names) and `series` (SCG's default,
 * SERVER_ERROR, applies only when neither is given, as 502, 503 and 504, the answers worth retrying);
 * undefined when one is not a 5xx status or 5xx series.
 */
export function retryStatuses(args: Record<string, string>): number[] | undefined {
  const statuses: number[] = [];
  for (const item of list(args.statuses)) {
    const series = statusSeries[item.toUpperCase()];
    if (series === 5) statuses.push(...Array.from({ length: 100 }, (_, at) => 500 + at));
    else if (series !== undefined) return undefined;
    else statuses.push(httpStatusOf(item));
  }
  for (const item of list(args.series)) {
    if (statusSeries[item.toUpperCase()] !== 5) return undefined;
    statuses.push(...Array.from({ length: 100 }, (_, at) => 500 + at));
  }
  if (!args.statuses && !args.series) return [502, 503, 504];
  return statuses.every((status) => status >= 500 && status <= 599) ? [...new Set(statuses)] : undefined;
}

const dataUnits: Record<string, number> = { '': 1, B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3, TB: 1024 ** 4 };

/** Spring's DataSize: `5000` bytes, `5KB`, `5MB` (binary multiples); NaN when not one. */
export function dataSizeBytes(text: string | undefined): number {
  const found = /^(\d{1,13})\s*([A-Za-z]{0,2})$/.exec((text ?? '').trim());
  const unit = found && dataUnits[(found[2] as string).toUpperCase()];
  return found && unit ? Number(found[1]) * unit : Number.NaN;
}

const isHeaderName = (text: string | undefined) => /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(text ?? '');
const httpMethods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const ipOrCidr = /^(\d{1,3}(\.\d{1,3}){3}(\/\d{1,2})?|[0-9a-fA-F:]+(\/\d{1,3})?)$/;

const need = (ok: boolean, problem: ArgumentProblem): ArgumentProblem | undefined => (ok ? undefined : problem);

/** What is wrong with a predicate's arguments, if anything. */
export function predicateProblem(definition: Definition): ArgumentProblem | undefined {
  const { args } = definition;
  const regexp = (key: string) =>
    need(!args[key] || isRegExp(args[key] as string), { message: 'validation.badRegex', params: { value: args[key] ?? '' }, arg: key });
  const time = (key: string) => need(!Number.isNaN(routeTime(args[key])), { message: 'validation.dateTime', arg: key });
  switch (definition.name as PredicateName) {
    case 'Path':
      return need(list(args.patterns).length > 0 && list(args.patterns).every((item) => item.startsWith('/')), {
        message: 'validation.pathPatterns',
        arg: 'patterns',
      });
    case 'Host':
      return need(list(args.patterns).length > 0, { message: 'validation.required', arg: 'patterns' });
    case 'Method':
      return need(list(args.methods).length > 0 && list(args.methods).every((item) => httpMethods.includes(item.toUpperCase())), {
        message: 'validation.httpMethods',
        arg: 'methods',
      });
    case 'Header':
      return need(isHeaderName(args.header), { message: 'validation.headerName', arg: 'header' }) ?? regexp('regexp');
    case 'Query':
      return need(Boolean(args.param), { message: 'validation.required', arg: 'param' }) ?? regexp('regexp');
    case 'Cookie':
      return need(Boolean(args.name), { message: 'validation.required', arg: 'name' }) ?? regexp('regexp');
    case 'RemoteAddr':
      return need(list(args.sources).length > 0 && list(args.sources).every((item) => ipOrCidr.test(item)), {
        message: 'validation.ipAddress',
        arg: 'sources',
      });
    case 'After':
    case 'Before':
      return time('datetime');
    case 'Between':
      return (
        time('datetime1') ??
        time('datetime2') ??
        need(routeTime(args.datetime1) < routeTime(args.datetime2), { message: 'validation.timeRange', arg: 'datetime2' })
      );
    case 'Weight':
      return (
        need(Boolean(args.group), { message: 'validation.required', arg: 'group' }) ??
        need(/^\d{1,4}$/.test(args.weight ?? ''), { message: 'validation.weight', arg: 'weight' })
      );
    default:
      return { message: 'validation.unknownElement', params: { value: definition.name } };
  }
}

/** What is wrong with a filter's arguments, if anything. */
export function filterProblem(definition: Definition): ArgumentProblem | undefined {
  const { args } = definition;
  switch (definition.name as FilterName) {
    case 'StripPrefix':
      return need(/^\d{1,2}$/.test(args.parts ?? ''), { message: 'validation.naturalNumber', arg: 'parts' });
    case 'PrefixPath':
      return need((args.prefix ?? '').startsWith('/'), { message: 'validation.pathPatterns', arg: 'prefix' });
    case 'RewritePath':
      return need(Boolean(args.regexp) && isRegExp(args.regexp as string), {
        message: 'validation.badRegex',
        params: { value: args.regexp ?? '' },
        arg: 'regexp',
      });
    case 'SetPath':
      return need((args.template ?? '').startsWith('/'), { message: 'validation.pathPatterns', arg: 'template' });
    case 'AddRequestHeader':
    case 'AddResponseHeader':
      return (
        need(isHeaderName(args.name), { message: 'validation.headerName', arg: 'name' }) ??
        need(!/[\r\n]/.test(args.value ?? ''), { message: 'validation.headerName', arg: 'value' })
      );
    case 'RemoveRequestHeader':
      return need(isHeaderName(args.name), { message: 'validation.headerName', arg: 'name' });
    case 'SetStatus':
      return need(!Number.isNaN(httpStatusOf(args.status)), { message: 'validation.httpStatus', arg: 'status' });
    case 'Retry':
      return (
        need(args.retries === undefined || /^\d$/.test(args.retries), { message: 'validation.retry', arg: 'retries' }) ??
        need(retryStatuses(args) !== undefined, {
          message: 'validation.retry',
          arg: args.series && !args.statuses ? 'series' : 'statuses',
        }) ??
        need(
          list(args.methods).every((item) => httpMethods.includes(item.toUpperCase())),
          { message: 'validation.retry', arg: 'methods' },
        )
      );
    case 'RequestSize':
      return need(dataSizeBytes(args.maxSize) > 0, { message: 'validation.dataSize', arg: 'maxSize' });
    default:
      return { message: 'validation.unknownElement', params: { value: definition.name } };
  }
}

/** Arguments lists gather every positional shortcut value into one comma-separated argument (SCG's GATHER_LIST). */
const gatheredArgs = new Set(['Path', 'Host', 'Method', 'RemoteAddr']);

/**
 * A definition as SCG writes it, made ours: `Name=a,b` (the shortcut) or `{name, args}` whose args may be
 * the actuator's positional `_genkey_0`, `_genkey_1`, named in the order the kind declares its arguments.
 */
export function namedDefinition(value: unknown, argNames: Record<string, readonly string[]>): unknown {
  let item = value;
  if (typeof item === 'string') {
    const at = item.indexOf('=');
    const name = at < 0 ? item.trim() : item.slice(0, at).trim();
    const values =
      at < 0
        ? []
        : item
            .slice(at + 1)
            .split(',')
            .map((part) => part.trim());
    item = { name, args: Object.fromEntries(values.map((part, index) => [`_genkey_${index}`, part])) };
  }
  if (typeof item !== 'object' || item === null || !('args' in item) || typeof item.args !== 'object' || item.args === null) return item;
  const { name, args } = item as { name: unknown; args: Record<string, unknown> };
  const positional = Object.keys(args).filter((key) => /^_genkey_\d+$/.test(key));
  const names = typeof name === 'string' ? argNames[name] : undefined;
  if (positional.length === 0 || !names) return item;
  const ordered = positional.sort((a, b) => Number(a.slice(8)) - Number(b.slice(8))).map((key) => String(args[key]));
  const named: Record<string, unknown> = Object.fromEntries(Object.entries(args).filter(([key]) => !positional.includes(key)));
  if (gatheredArgs.has(name as string)) named[names[0] as string] = ordered.join(',');
  else
    ordered.forEach((part, index) => {
      // A value past the declared arguments keeps its positional key, so the check names it.
      named[names[index] ?? `_genkey_${index}`] = part;
    });
  return { ...item, args: named };
}

const definition = z.object({
  name: z.string().min(1).max(40),
  args: z.record(z.string().max(40), z.coerce.string().max(1000)).default({}),
});

/**
 * Definitions (`{name, args}`, or SCG's `Name=a,b`) arrive as a JSON array (forms send them as text) or
 * as an array; each is checked by its kind, a refused argument named by its path
 * (`predicates.0.args.datetime`), and fewer than `min` answer `emptyMessage`.
 */
export const definitionList = (
  check: (item: Definition) => ArgumentProblem | undefined,
  min: number,
  emptyMessage: MessageKey,
  argNames: Record<string, readonly string[]> = {},
) =>
  z
    .preprocess((value) => {
      let items = value ?? [];
      if (typeof items === 'string') {
        try {
          items = JSON.parse(items);
        } catch {
          return items;
        }
      }
      return Array.isArray(items) ? items.map((item) => namedDefinition(item, argNames)) : items;
    }, z.array(definition).max(20))
    .superRefine((items, context) => {
      if (items.length < min) context.addIssue({ code: 'custom', message: emptyMessage });
      items.forEach((item, index) => {
        const problem = check(item);
        if (problem) {
          context.addIssue({
            code: 'custom',
            path: problem.arg ? [index, 'args', problem.arg] : [index],
            message: problem.arg ? 'validation.routeArgument' : 'validation.routeElement',
            params: { element: item.name, reason: problem.message, ...problem.params },
          });
        }
      });
    });

/** SCG's RouteDefinition names a route `id` and its place `order`; either naming is taken. */
const scgRouteFields = (value: unknown) => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const route = value as Record<string, unknown>;
  if (route.routeId === undefined && route.id !== undefined) {
    // SCG's routes have no name and default to order 0.
    return { ...route, routeId: route.id, routeName: route.routeName ?? route.id, orderNum: route.orderNum ?? route.order ?? 0 };
  }
  return route.orderNum === undefined && route.order !== undefined ? { ...route, orderNum: route.order } : route;
};

export const routeInput = z.preprocess(
  scgRouteFields,
  z.object({
    routeId: ruledString(routeRules.routeId),
    routeName: ruledString(routeRules.routeName),
    orderNum: ruledNumber(routeRules.orderNum),
    uri: ruledString(routeRules.uri),
    predicates: definitionList(predicateProblem, 1, 'validation.predicateRequired', predicateArgs),
    filters: definitionList(filterProblem, 0, 'validation.predicateRequired', filterArgs),
    description: ruledString(routeRules.description),
  }),
);
export type RouteInput = z.infer<typeof routeInput>;

export const routeSortable = ['orderNum', 'routeId', 'routeName', 'updatedAt'] as const;

/** How the gateway answers what it cannot pass on: the API's envelope with one of these codes. */
export const gatewayErrorCodes = { noRoute: 404, tooLarge: 413, tooMany: 429, badGateway: 502, unavailable: 503, timeout: 504 } as const;

/** A request typed in the routes page, to see which released route would take it. */
export const routeTestInput = z.object({
  method: z.enum(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']).default('GET'),
  url: z.string().min(1).max(2000).regex(/^\//, 'validation.pathPatterns'),
  host: z.string().max(255).default(''),
  /** One `Name: value` per line. */
  headers: z.string().max(4000).default(''),
  remoteAddress: z.string().max(64).default('127.0.0.1'),
});
export type RouteTestInput = z.infer<typeof routeTestInput>;

const stringArgs = z.record(z.string(), z.string());
/** `Definition` as an answer carries it; `names` are the predicates' or filters' known names (never empty). */
const definitionOf = <Name extends string>(names: readonly Name[]) =>
  z.object({ name: z.enum(names as [Name, ...Name[]]), args: stringArgs });

export const gatewayRoute = z.object({
  id: z.number().int(),
  routeId: z.string(),
  routeName: z.string(),
  orderNum: z.number().int(),
  uri: z.string(),
  predicates: z.array(definitionOf(predicateNames)),
  filters: z.array(definitionOf(filterNames)),
  description: z.string(),
  status: z.enum(routeStatuses),
  updatedAt: z.number().int(),
});
export type GatewayRoute = z.infer<typeof gatewayRoute>;

export const routeTestResult = z.discriminatedUnion('matched', [
  z.object({ matched: z.literal(false) }),
  z.object({
    matched: z.literal(true),
    id: z.number().int(),
    routeId: z.string(),
    routeName: z.string(),
    target: z.string(),
    variables: stringArgs,
  }),
]);
export type RouteTestResult = z.infer<typeof routeTestResult>;
