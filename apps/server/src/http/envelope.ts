import type { Envelope } from '@qiming/shared';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';

export function ok<T>(data: T, message = 'success'): Envelope<T> {
  return { code: 200, message, data };
}

/** The response schema of a success in the envelope: documented, typed and serialised from one declaration. */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), message: z.string(), data });
}

/** The `{total, records}` of a page, as a response schema. */
export function pageOf<T extends z.ZodType>(record: T) {
  return z.object({ total: z.number().int(), records: z.array(record) });
}

/**
 * Writes an answer by its route's response schema with fast-json-stringify, compiled once per route:
 * the declared fields go straight into the text, about twice as fast as JSON.stringify, and a field the
 * schema does not declare is never sent (as Zod's object schemas strip it).
 */
export const responseSerializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) =>
  fastJson(z.toJSONSchema(schema, { io: 'output', target: 'draft-07', unrepresentable: 'any' }) as Parameters<typeof fastJson>[0]);
