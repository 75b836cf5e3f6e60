import type { SwaggerTransform } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

type Transform = SwaggerTransform<Parameters<typeof jsonSchemaTransform>[0]['schema']>;

/** The API's envelope as every refusal and failure carries it. */
const errorEnvelope = {
  type: 'object',
  required: ['code', 'message', 'data'],
  properties: {
    code: { type: 'integer', description: 'The HTTP status again' },
    message: { type: 'string', description: "What went wrong, in the caller's language (Accept-Language)" },
    data: { type: 'null' },
  },
} as const;

/**
 * A success without a schema of its own. Most answer in the envelope, but not all (exports, the SCG
 * actuator's bare JSON), so nothing more is claimed for them.
 */
const successAnswer = { description: 'Done' } as const;

const errorAnswers = {
  400: 'The request is not valid: the message names the field and the reason; nothing changed',
  401: 'No valid session: sign in again',
  403: 'The account holds no grant for this operation',
  404: 'No such record',
  409: 'The change clashes with a record that exists (a unique name or code)',
  429: 'Too many requests from this client; Retry-After says when to try again',
  503: 'A dependency (the database) is unavailable; Retry-After says when to try again, a write may not have happened',
  507: 'The server has no room to store the change; nothing changed',
} as const;
type ErrorStatus = keyof typeof errorAnswers;

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * The operation's id as clients generated from the document name their functions: the method, then
 * each path segment (`:id` as `ById`), without `/api`. Derived, so no route can forget one; the
 * contract test checks they are unique.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .split('/')
    .filter((segment) => segment && segment !== 'api' && segment !== '*')
    .map((segment) =>
      segment.startsWith(':')
        ? `By${capitalised(segment.slice(1))}`
        : segment
            .split(/[^A-Za-z0-9]+/)
            .filter(Boolean)
            .map(capitalised)
            .join(''),
    );
  return `${method.toLowerCase()}${words.join('')}`;
}

/**
 * Zod's JSON schemas for the document, plus for every operation of the API (`/api/...`) its
 * `operationId` and the error answers it can give, each with the envelope: 400 where it takes input,
 * 401 and 403 unless it is public, 404 where the path names a record, 409 for a change, 429 where a
 * rate limit applies, 503 and 507 from the database (see http/errors.ts). Nacos's, Camunda's and
 * OAuth's token routes answer in their own clients' bodies and are left as they are.
 */
export function documentedOperations(accessOf: (method: string, url: string) => string | undefined): Transform {
  return (input) => {
    const transformed = jsonSchemaTransform(input);
    const { url, route } = input;
    const method = Array.isArray(route.method) ? String(route.method[0]) : String(route.method);
    const schema = (transformed.schema ?? {}) as Record<string, unknown>;
    const operationId = typeof schema.operationId === 'string' ? schema.operationId : operationIdOf(method, url);
    if (!url.startsWith('/api/') || url.startsWith('/api/oauth/')) return { ...transformed, schema: { ...schema, operationId } };
    const declared = (schema.response ?? {}) as Record<string, unknown>;
    // A route that declares its success (204, a redirect) is not also said to answer 200.
    const succeeds = Object.keys(declared).some((status) => /^[23]/.test(status));
    const documented: Record<string, unknown> = { ...(succeeds ? {} : { 200: successAnswer }), ...declared };
    const answer = (status: ErrorStatus) => {
      documented[status] ??= { description: errorAnswers[status], ...errorEnvelope };
    };
    if (schema.body || schema.querystring || schema.params) answer(400);
    const access = accessOf(method, url);
    if (access && access !== 'public') {
      answer(401);
      answer(403);
    }
    if (url.includes(':')) answer(404);
    if (method === 'POST' || method === 'PUT') {
      answer(409);
      answer(507);
    }
    if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit) answer(429);
    answer(503);
    return { ...transformed, schema: { ...schema, operationId, response: documented } };
  };
}

type Answers = Record<string, { description?: string } | undefined>;

/**
 * The document with each error answer written once under `components.responses` and referred to by
 * every operation that gives it. Written in place they were two thirds of a 1.4 MB document, and the
 * Swagger UI took 15 s to show it.
 */
export function sharedErrorAnswers<T extends { paths?: object; components?: object }>(document: T): T {
  const shared: Answers = {};
  for (const methods of Object.values(document.paths ?? {}) as Array<Record<string, { responses?: Answers }>>) {
    for (const { responses = {} } of Object.values(methods)) {
      for (const [status, answer] of Object.entries(responses)) {
        if (!(status in errorAnswers) || answer?.description !== errorAnswers[Number(status) as ErrorStatus]) continue;
        shared[`Error${status}`] ??= answer;
        responses[status] = { $ref: `#/components/responses/Error${status}` } as Answers[string];
      }
    }
  }
  return { ...document, components: { ...document.components, responses: shared } };
}
