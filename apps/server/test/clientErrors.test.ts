import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signIn, staff, sysadmin, type TestApp } from './testApp.ts';

describe(`errors reported by the web app (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('any signed-in user reports; only a granted one reads the list', async () => {
    const reader = await signIn(t.app, staff);
    const report = await t.app.inject({
      method: 'POST',
      url: '/api/admin/client-errors',
      headers: bearer(reader),
      payload: {
        pageUrl: 'http://127.0.0.1:3000/#/system/dictionary',
        message: 'TypeError: x is undefined',
        stack: 'at View',
        info: 'window.onerror',
      },
    });
    expect(report.json().code).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/client-errors', headers: bearer(reader) })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/admin/client-errors', payload: { pageUrl: 'x', message: 'y' } })).statusCode,
    ).toBe(401);

    const admin = await signIn(t.app, sysadmin);
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/client-errors?message=TypeError', headers: bearer(admin) });
    expect(list.json().data).toMatchObject({
      total: 1,
      records: [{ message: 'TypeError: x is undefined', userName: 'staff01', info: 'window.onerror' }],
    });
  });
});
