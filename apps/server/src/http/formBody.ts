import type { FastifyInstance } from 'fastify';
import qs from 'qs';
import secureJson from 'secure-json-parse';
import { badRequest } from './errors.ts';
import { flatParams } from './flatParams.ts';

const qsOptions = { allowDots: true, depth: 5, arrayLimit: 1000, parameterLimit: 2000 } as const;

/** Deeper than any body of ours: a hostile body is refused before any handler or log sees it. */
export const maxBodyDepth = 16;

/** How deep the value nests, counted without recursion so that the count itself cannot overflow. */
function depthOf(value: unknown): number {
  let deepest = 0;
  const pending: Array<[unknown, number]> = [[value, 0]];
  while (pending.length > 0) {
    const [node, depth] = pending.pop() as [unknown, number];
    if (node === null || typeof node !== 'object') continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > maxBodyDepth) return deepest;
    for (const child of Object.values(node)) pending.push([child, depth + 1]);
  }
  return deepest;
}

/** Admin clients send form-encoded bodies with dotted nesting (`a.b=1`); JSON works too, nested at most `maxBodyDepth` deep. */
export function registerFormBody(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, parseQueryString(body as string));
  });
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = body as string;
    let parsed: unknown;
    try {
      parsed = secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
    } catch {
      return done(badRequest('error.malformedBody'), undefined);
    }
    if (depthOf(parsed) > maxBodyDepth) return done(badRequest('error.malformedBody'), undefined);
    done(null, parsed);
  });
}

/** A query or form body: the flat ones that Nacos clients send without qs's general walk, the rest with qs. */
export function parseQueryString(query: string): Record<string, unknown> {
  return flatParams(query) ?? qs.parse(query, qsOptions);
}
