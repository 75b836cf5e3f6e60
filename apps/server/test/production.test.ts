import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, requestToken, type TestApp } from './testApp.ts';

describe(`a production installation (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
  });

  it('creates sysadmin with QIMING_ADMIN_PASSWORD and no demo data', async () => {
    t = await createTestApp({ production: true, adminPassword: 'Prod@Secret2026' });
    expect((await requestToken(t.app, 'sysadmin', 'Prod@Secret2026')).statusCode).toBe(200);
    expect((await requestToken(t.app, 'sysadmin', 'Qiming@2026')).statusCode).toBe(400);
    expect((await requestToken(t.app, 'staff01', 'Staff@2026')).statusCode).toBe(400);
    expect(await t.context.db.selectFrom('pf_dict').select('id').execute()).toEqual([]);
  });

  it('starts with an empty website: no demo company, news, customers or filing number', async () => {
    t = await createTestApp({ production: true, adminPassword: 'Prod@Secret2026' });
    const get = async (path: string) => {
      const response = await t?.app.inject({ method: 'GET', url: `/api/public/${path}` });
      expect(response?.statusCode).toBe(200);
      return response?.json().data;
    };
    const site = await get('site');
    expect(site.filingNumber).toBe('');
    expect(site.companyName).toBe('');
    expect(await get('home')).toEqual({ information: [], innovation: [], news: [], customers: [] });
    expect((await get('news?page=1&limit=10')).total).toBe(0);
    expect(await get('customers')).toEqual([]);
    expect(await get('about')).toEqual([]);
    expect(await get('positions')).toEqual([]);
    expect(await get('services?kind=information')).toEqual([]);
  });

  it('logs a generated password once, through the server log, when none is given', async () => {
    const lines: { level: number; msg: string }[] = [];
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    t = await createTestApp({ production: true, logger: logStream });
    const line = lines.find((entry) => entry.msg.includes('super administrator'));
    const password = /with password (\S+) /.exec(line?.msg ?? '')?.[1];
    expect(password).toBeDefined();
    expect((await requestToken(t.app, 'sysadmin', password ?? '')).statusCode).toBe(200);
    expect(lines.filter((entry) => entry.msg.includes(password ?? '-'))).toHaveLength(1);
  });
});
