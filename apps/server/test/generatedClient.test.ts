import openapiTS from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './testApp.ts';

/** The web app's calls are type-checked against this file (`npm run typecheck`); refresh it with `-u`. */
const generatedFile = '../../../packages/shared/src/api/generated/openapi.ts';

describe('the generated API types', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('are what openapi-typescript makes of the served document, so the web is checked against the real contract', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const generated = await openapiTS(document);
    expect(generated).toContain('"/api/admin/dicts/{dictId}/items"');
    await expect(generated).toMatchFileSnapshot(generatedFile);
  });
});
