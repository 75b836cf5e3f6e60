import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signIn, sysadmin, type TestApp, type Tokens } from './testApp.ts';

const noteWith = (pattern: string) => ({
  name: 'Pattern check',
  description: '',
  field: {
    fields: [{ key: 'note', label: { zh: '备注', en: 'Note' }, kind: 'textarea', validators: [{ rule: 'pattern', value: pattern }] }],
  },
  action: '',
  url: '',
  modelName: 'pattern_check',
});

/** Authors' patterns run on a linear-time engine: no submission can hold the server. */
describe(`form patterns (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  let admin: Tokens;
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { ...bearer(admin), 'accept-language': 'en' } });

  async function published(pattern: string): Promise<number> {
    const form = (await call('POST', '/api/admin/forms', noteWith(pattern))).json().data;
    expect((await call('POST', `/api/admin/forms/${form.id}/publish`)).statusCode).toBe(200);
    return form.id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, sysadmin);
  });
  afterAll(async () => t.close());

  it('answers a value built to make a backtracking engine run for hours at once', async () => {
    // In JavaScript's engine this pattern took 9 s on 200 spaces and grows exponentially; on RE2 it is linear.
    const id = await published('^\\s*\\s*\\s*\\s*\\s*x$');
    const refused = await call('POST', `/api/admin/forms/${id}/submissions`, { values: { note: ' '.repeat(5000) } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().data.problems).toEqual([{ field: 'note', message: 'The value does not have the required format' }]);
    expect((await call('POST', `/api/admin/forms/${id}/submissions`, { values: { note: '   x' } })).statusCode).toBe(200);
  });

  it('takes JavaScript escapes for code points, and refuses at save what RE2 cannot run', async () => {
    const id = await published('^[\\u4e00-\\u9fa5]+$');
    expect((await call('POST', `/api/admin/forms/${id}/submissions`, { values: { note: '中文' } })).statusCode).toBe(200);
    expect((await call('POST', `/api/admin/forms/${id}/submissions`, { values: { note: 'abc' } })).statusCode).toBe(422);
    const backReference = await call('POST', '/api/admin/forms', noteWith('^(a)\\1$'));
    expect(backReference.statusCode).toBe(400);
    expect(backReference.json().message).toContain('^(a)\\1$');
  });
});
