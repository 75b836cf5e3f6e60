import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationIdOf } from '../src/http/openApiOperations.ts';
import { createTestApp, type TestApp } from './testApp.ts';

interface Answer {
  $ref?: string;
  content?: Record<string, { schema?: { properties?: Record<string, unknown> } }>;
}
interface Operation {
  operationId?: string;
  responses?: Record<string, Answer>;
  parameters?: Array<{ in: string }>;
}
type Paths = Record<string, Record<string, Operation>>;

describe(`the API's OpenAPI contract (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  let paths: Paths;
  let document: Record<string, unknown>;

  beforeAll(async () => {
    t = await createTestApp();
    document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    paths = document.paths as Paths;
  });
  afterAll(async () => {
    await t?.close();
  });

  const operations = () =>
    Object.entries(paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method, operation })));

  it('is a valid OpenAPI 3.1 document for a real validator', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('names every operation with an operationId of its own, so generated clients have one function each', () => {
    const all = operations();
    expect(all.length).toBeGreaterThan(250);
    const ids = all.map(({ operation }) => operation.operationId);
    expect(ids.filter((id) => typeof id !== 'string' || id.length === 0)).toEqual([]);
    const repeated = ids.filter((id, index) => ids.indexOf(id) !== index);
    expect(repeated).toEqual([]);
    expect(paths['/api/admin/dicts/{dictId}/items']?.get?.operationId).toBe('getAdminDictsByDictIdItems');
  });

  it("documents the error answers an operation can give, in the API's envelope", () => {
    const items = paths['/api/admin/dicts/{dictId}/items'];
    expect(Object.keys(items?.get?.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404', '503']));
    expect(Object.keys(items?.post?.responses ?? {})).toEqual(expect.arrayContaining(['409', '507']));
    // Each error answer is written once and referred to, so the document stays small enough for Swagger UI to read.
    expect(items?.get?.responses?.['403']).toEqual({ $ref: '#/components/responses/Error403' });
    const shared = (document.components as { responses: Record<string, Answer> }).responses;
    const refusal = shared.Error403?.content?.['application/json']?.schema?.properties;
    expect(Object.keys(refusal ?? {})).toEqual(['code', 'message', 'data']);
    // Public routes have no sign-in to refuse; every guarded /api operation documents both refusals.
    expect(Object.keys(paths['/api/health']?.get?.responses ?? {})).not.toContain('401');
    const guarded = operations().filter(({ path }) => path.startsWith('/api/admin/'));
    expect(guarded.filter(({ operation }) => !operation.responses?.['401'] || !operation.responses['403'])).toEqual([]);
  });

  it('describes the success of every /api operation, so the generated client knows what each answers', () => {
    const described = ({ responses }: Operation) =>
      Object.entries(responses ?? {}).some(
        ([status, answer]) =>
          status === '204' ||
          status.startsWith('3') ||
          // Swagger wraps a bare description as a schema of its own: only a schema saying more describes the body.
          (status.startsWith('2') &&
            Object.values(answer.content ?? {}).some(({ schema }) => Object.keys(schema ?? {}).some((key) => key !== 'description'))),
      );
    const missing = operations()
      .filter(({ path, operation }) => path.startsWith('/api/') && !described(operation))
      .map(({ operation }) => operation.operationId);
    expect(missing).toEqual([]);
    expect(
      paths['/api/admin/dicts/{dictId}/items']?.get?.responses?.['200']?.content?.['application/json']?.schema?.properties,
    ).toHaveProperty('data');
  });

  it('derives ids from the method and the route, naming path variables', () => {
    expect(operationIdOf('POST', '/api/admin/gateway/routes/:id/release')).toBe('postAdminGatewayRoutesByIdRelease');
    expect(operationIdOf('GET', '/nacos/v1/ns/instance/list')).toBe('getNacosV1NsInstanceList');
    expect(operationIdOf('DELETE', '/api/admin/login-logs')).toBe('deleteAdminLoginLogs');
  });
});
