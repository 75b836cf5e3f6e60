import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signIn, staff, sysadmin, type TestApp, type Tokens } from './testApp.ts';

describe(`serial numbers (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  let admin: Tokens;
  let organId: number;
  const send = (method: 'POST' | 'PUT', url: string, payload?: object, language = 'en', tokens = admin) =>
    t.app.inject({ method, url, payload, headers: { ...bearer(tokens), 'accept-language': language } });
  const rule = (overrides: object = {}) => ({
    idId: 'leave',
    idName: 'Leave requests',
    isGlobal: true,
    organId: null,
    idLength: 4,
    idType: 'year',
    isPrefix: true,
    idPrefix: 'YYYY',
    isSuffix: true,
    idSuffix: '-QJ',
    ...overrides,
  });
  const next = async (idId: string, query = '') => {
    const response = await send('POST', `/api/admin/serial-numbers/${idId}/next${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.number as string;
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, sysadmin);
    organId = (await t.context.db.selectFrom('iam_organ').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => t.close());

  it.each([
    ['year', 'YYYYMM', '按年生成时前缀必须为YYYY'],
    ['month', 'YYYY', '按月生成时前缀必须为YYYYMM'],
    ['day', 'YYYYMM', '按日生成时前缀必须为YYYYMMDD'],
  ])('refuses a %s rule whose prefix is not its date pattern, with the spec message', async (idType, idPrefix, message) => {
    const refused = await send('POST', '/api/admin/serial-rules', rule({ idId: `bad_${idType}`, idType, idPrefix }), 'zh');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain(message);
  });

  it('hands out prefix, zero-padded counter and suffix, starting again with the new year', async () => {
    expect((await send('POST', '/api/admin/serial-rules', rule())).statusCode).toBe(200);
    expect(await next('leave')).toBe('20260001-QJ');
    expect(await next('leave')).toBe('20260002-QJ');
    t.clock.time = Date.UTC(2027, 0, 1, 12, 0, 0);
    // The year's turn outlives the access token.
    admin = await signIn(t.app, sysadmin);
    expect(await next('leave')).toBe('20270001-QJ');
    const listed = (await t.app.inject({ method: 'GET', url: '/api/admin/serial-rules?idId=leave', headers: bearer(admin) })).json().data;
    expect(listed.records[0]).toMatchObject({ idId: 'leave', idValue: 1, period: '2027' });
  });

  it("prefers an organ's own rule to the global one of the same code", async () => {
    const own = await send(
      'POST',
      '/api/admin/serial-rules',
      rule({ isGlobal: false, organId, idType: 'sequence', idPrefix: 'ORG', idSuffix: '' }),
    );
    expect(own.statusCode, own.body).toBe(200);
    expect(await next('leave', `?organId=${organId}`)).toBe('ORG0001');
    expect(await next('leave')).toBe('20270002-QJ');
    const duplicate = await send(
      'POST',
      '/api/admin/serial-rules',
      rule({ isGlobal: false, organId, idType: 'sequence', idPrefix: '' }),
      'zh',
    );
    expect(duplicate.json().message).toBe('编码leave已存在');
    const noOrgan = await send('POST', '/api/admin/serial-rules', rule({ idId: 'orphan', isGlobal: false }), 'zh');
    expect(noOrgan.json().message).toContain('非全局规则须选择所属机构');
  });

  it('never hands out a number twice, even to 200 callers at the same moment', async () => {
    expect(
      (
        await send(
          'POST',
          '/api/admin/serial-rules',
          rule({ idId: 'busy', idType: 'sequence', isPrefix: false, idPrefix: '', isSuffix: false, idSuffix: '' }),
        )
      ).statusCode,
    ).toBe(200);
    const numbers = await Promise.all(Array.from({ length: 200 }, () => next('busy')));
    expect(new Set(numbers).size).toBe(200);
    expect([...numbers].sort()).toEqual(Array.from({ length: 200 }, (_, index) => String(index + 1).padStart(4, '0')));
  });

  it('refuses once the period has used up its numbers, and hands out nothing', async () => {
    await send(
      'POST',
      '/api/admin/serial-rules',
      rule({ idId: 'small', idLength: 1, idType: 'sequence', isPrefix: false, idPrefix: '', isSuffix: false, idSuffix: '' }),
    );
    for (let n = 1; n <= 9; n += 1) expect(await next('small')).toBe(String(n));
    const exhausted = await send('POST', '/api/admin/serial-numbers/small/next', undefined, 'zh');
    expect(exhausted.statusCode).toBe(400);
    expect(exhausted.json().message).toBe('规则small本期序号已用完，请增加序号位数');
    expect((await send('POST', '/api/admin/serial-numbers/nothing/next')).statusCode).toBe(404);
  });

  it('refuses a caller without the grant', async () => {
    const reader = await signIn(t.app, staff);
    expect((await send('POST', '/api/admin/serial-numbers/leave/next', undefined, 'en', reader)).statusCode).toBe(403);
  });
});
