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

/** Why an argument is refused: a message key and what fills it in. */
export interface ArgumentProblem {
  message: MessageKey;
  params?: Record<string, string | number>;
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
const isTime = (text: string | undefined) => !Number.isNaN(Date.parse(text ?? ''));
const isHeaderName = (text: string | undefined) => /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(text ?? '');
const httpMethods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const ipOrCidr = /^(\d{1,3}(\.\d{1,3}){3}(\/\d{1,2})?|[0-9a-fA-F:]+(\/\d{1,3})?)$/;

const need = (ok: boolean, problem: ArgumentProblem): ArgumentProblem | undefined => (ok ? undefined : problem);

/** What is wrong with a predicate's arguments, if anything. */
export function predicateProblem(definition: Definition): ArgumentProblem | undefined {
  const { args } = definition;
  const regexp = (key: string) =>
    need(!args[key] || isRegExp(args[key] as string), { message: 'validation.badRegex', params: { value: args[key] ?? '' } });
  switch (definition.name as PredicateName) {
    case 'Path':
      return need(list(args.patterns).length > 0 && list(args.patterns).every((item) => item.startsWith('/')), {
        message: 'validation.pathPatterns',
      });
    case 'Host':
      return need(list(args.patterns).length > 0, { message: 'validation.required' });
    case 'Method':
      return need(list(args.methods).length > 0 && list(args.methods).every((item) => httpMethods.includes(item.toUpperCase())), {
        message: 'validation.httpMethods',
      });
    case 'Header':
      return need(isHeaderName(args.header), { message: 'validation.headerName' }) ?? regexp('regexp');
    case 'Query':
      return need(Boolean(args.param), { message: 'validation.required' }) ?? regexp('regexp');
    case 'Cookie':
      return need(Boolean(args.name), { message: 'validation.required' }) ?? regexp('regexp');
    case 'RemoteAddr':
      return need(list(args.sources).length > 0 && list(args.sources).every((item) => ipOrCidr.test(item)), {
        message: 'validation.ipAddress',
      });
    case 'After':
    case 'Before':
      return need(isTime(args.datetime), { message: 'validation.dateTime' });
    case 'Between':
      return need(isTime(args.datetime1) && isTime(args.datetime2) && Date.parse(args.datetime1 ?? '') < Date.parse(args.datetime2 ?? ''), {
        message: 'validation.timeRange',
      });
    case 'Weight':
      return need(Boolean(args.group) && /^\d{1,4}$/.test(args.weight ?? ''), { message: 'validation.weight' });
    default:
      return { message: 'validation.unknownElement', params: { value: definition.name } };
  }
}

/** What is wrong with a filter's arguments, if anything. */
export function filterProblem(definition: Definition): ArgumentProblem | undefined {
  const { args } = definition;
  switch (definition.name as FilterName) {
    case 'StripPrefix':
      return need(/^\d{1,2}$/.test(args.parts ?? ''), { message: 'validation.naturalNumber' });
    case 'PrefixPath':
      return need((args.prefix ?? '').startsWith('/'), { message: 'validation.pathPatterns' });
    case 'RewritePath':
      return need(Boolean(args.regexp) && isRegExp(args.regexp as string), {
        message: 'validation.badRegex',
        params: { value: args.regexp ?? '' },
      });
    case 'SetPath':
      return need((args.template ?? '').startsWith('/'), { message: 'validation.pathPatterns' });
    case 'AddRequestHeader':
    case 'AddResponseHeader':
      return need(isHeaderName(args.name) && !/[\r\n]/.test(args.value ?? ''), { message: 'validation.headerName' });
    case 'RemoveRequestHeader':
      return need(isHeaderName(args.name), { message: 'validation.headerName' });
    case 'SetStatus':
      return need(/^[1-5]\d\d$/.test(args.status ?? ''), { message: 'validation.httpStatus' });
    case 'Retry':
      return need(
        /^\d$/.test(args.retries ?? '') &&
          list(args.statuses).every((item) => /^5\d\d$/.test(item)) &&
          list(args.methods).every((item) => httpMethods.includes(item.toUpperCase())),
        { message: 'validation.retry' },
      );
    case 'RequestSize':
      return need(/^[1-9]\d{0,9}$/.test(args.maxSize ?? ''), { message: 'validation.positiveInteger' });
    default:
      return { message: 'validation.unknownElement', params: { value: definition.name } };
  }
}

const definition = z.object({
  name: z.string().min(1).max(40),
  args: z.record(z.string().max(40), z.coerce.string().max(1000)).default({}),
});

/**
 * Definitions (`{name, args}`) arrive as a JSON array (forms send them as text) or as an array; each is
 * checked by its kind, and fewer than `min` answer `emptyMessage`.
 */
export const definitionList = (check: (item: Definition) => ArgumentProblem | undefined, min: number, emptyMessage: MessageKey) =>
  z
    .preprocess((value) => {
      if (typeof value !== 'string') return value ?? [];
      try {
        return JSON.parse(value);
      } catch {
        return value;
      }
    }, z.array(definition).max(20))
    .superRefine((items, context) => {
      if (items.length < min) context.addIssue({ code: 'custom', message: emptyMessage });
      items.forEach((item, index) => {
        const problem = check(item);
        if (problem) {
          context.addIssue({
            code: 'custom',
            path: [index],
            message: 'validation.routeElement',
            params: { element: item.name, reason: problem.message, ...problem.params },
          });
        }
      });
    });

export const routeInput = z.object({
  routeId: ruledString(routeRules.routeId),
  routeName: ruledString(routeRules.routeName),
  orderNum: ruledNumber(routeRules.orderNum),
  uri: ruledString(routeRules.uri),
  predicates: definitionList(predicateProblem, 1, 'validation.predicateRequired'),
  filters: definitionList(filterProblem, 0, 'validation.predicateRequired'),
  description: ruledString(routeRules.description),
});
export type RouteInput = z.infer<typeof routeInput>;

export const routeSortable = ['orderNum', 'routeId', 'routeName', 'updatedAt'] as const;

export interface GatewayRoute {
  id: number;
  routeId: string;
  routeName: string;
  orderNum: number;
  uri: string;
  predicates: Definition<PredicateName>[];
  filters: Definition<FilterName>[];
  description: string;
  status: RouteStatus;
  updatedAt: number;
}

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

export type RouteTestResult =
  | { matched: false }
  | { matched: true; id: number; routeId: string; routeName: string; target: string; variables: Record<string, string> };
