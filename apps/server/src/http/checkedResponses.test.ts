import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkedResponseSerializerCompiler, firstDifference } from './checkedResponses.ts';
import { envelopeOf, ok } from './envelope.ts';

const item = z.object({ id: z.number().int(), name: z.string() });

async function answerOf(data: unknown) {
  const app = Fastify();
  app.setSerializerCompiler(checkedResponseSerializerCompiler);
  app.get('/item', { schema: { response: { 200: envelopeOf(item) } } }, async () => ok(data));
  const response = await app.inject({ method: 'GET', url: '/item' });
  await app.close();
  return response;
}

describe('answers checked against their schema', () => {
  it('sends an answer the schema writes unchanged', async () => {
    const response = await answerOf({ id: 1, name: 'a' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ id: 1, name: 'a' });
  });

  it('refuses an answer with a field the schema would drop, naming it', async () => {
    const response = await answerOf({ id: 1, name: 'a', forgotten: true });
    expect(response.statusCode).toBe(500);
    expect(response.json().message).toContain('body.data.forgotten');
  });

  it('refuses an answer whose value the schema would turn into another', () => {
    expect(firstDifference({ flag: 1 }, { flag: true })).toContain('body.flag');
    expect(firstDifference({ a: [1, 2] }, { a: [1, 2] })).toBeUndefined();
  });
});
