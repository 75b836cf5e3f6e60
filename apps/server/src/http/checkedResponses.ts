import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify';
import type { z } from 'zod';
import { responseSerializerCompiler } from './envelope.ts';

/** Where two JSON values first part, as a path (`data.records.0.name`), or undefined when they are equal. */
export function firstDifference(meant: unknown, sent: unknown, path = 'body'): string | undefined {
  if (isDeepStrictEqual(meant, sent)) return undefined;
  if (meant && sent && typeof meant === 'object' && typeof sent === 'object' && Array.isArray(meant) === Array.isArray(sent)) {
    const keys = new Set([...Object.keys(meant), ...Object.keys(sent)]);
    for (const key of keys) {
      const found = firstDifference((meant as Record<string, unknown>)[key], (sent as Record<string, unknown>)[key], `${path}.${key}`);
      if (found) return found;
    }
  }
  return `${path}: the handler gave ${JSON.stringify(meant)?.slice(0, 120)}, the schema sent ${JSON.stringify(sent)?.slice(0, 120)}`;
}

/**
 * The response serialiser, refusing any answer its schema would change: a field the schema forgets is
 * silently dropped in production, so the suites (which build the app with this) fail on it instead.
 * Compiled at the route's first answer: compiling all of them costs each test app about 0.8 s, and a test
 * file answers from a few routes. Production compiles every route at start (`responseSerializerCompiler`),
 * so a schema fast-json-stringify cannot compile stops the start, not a request.
 */
export const checkedResponseSerializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  let write: ((data: unknown) => string) | undefined;
  return (data) => {
    write ??= responseSerializerCompiler(route);
    const text = write(data);
    const difference = firstDifference(JSON.parse(JSON.stringify(data)), JSON.parse(text));
    if (difference)
      throw new Error(`${route.method} ${route.url} ${route.httpStatus}: the response schema changes the answer at ${difference}`);
    return text;
  };
};
