import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signIn, sysadmin, type TestApp, type Tokens } from './testApp.ts';

describe(`bad input changes nothing (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  let admin: Tokens;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, sysadmin);
  });
  afterAll(async () => t.close());

  const dictionaryCount = async () => (await t.context.db.selectFrom('pf_dict').select('id').execute()).length;
  const post = (payload: string, contentType: string, language = 'en') =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/dicts',
      payload,
      headers: { ...bearer(admin), 'content-type': contentType, 'accept-language': language },
    });

  it.each([
    ['malformed JSON', '{"dictCode": "a", ', 'application/json', 'The request body is malformed'],
    ['an empty JSON body', '', 'application/json', 'The request body is malformed'],
    ['a wrong type', '{"dictCode": ["a"], "dictName": "x"}', 'application/json', 'Invalid value for dictCode'],
    [
      'a body over 1 MiB',
      `{"dictCode": "big", "dictName": "${'x'.repeat(1_100_000)}"}`,
      'application/json',
      'The request body is too large',
    ],
    [
      'a nested form field where text belongs',
      'dictCode.inner=a&dictName=x',
      'application/x-www-form-urlencoded',
      'Invalid value for dictCode',
    ],
  ])('answers 400 for %s with a clear message', async (_label, payload, contentType, message) => {
    const before = await dictionaryCount();
    const response = await post(payload, contentType);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 400, message, data: null });
    expect(await dictionaryCount()).toBe(before);
  });

  it('answers in the caller language', async () => {
    const response = await post('{oops', 'application/json', 'ja');
    expect(response.json().message).toBe('リクエスト本文の形式が正しくありません');
  });

  it.each([
    ['page 0', '/api/admin/dicts?page=0'],
    ['a huge limit', '/api/admin/dicts?limit=100000'],
    ['a non-numeric id', '/api/admin/dicts/abc'],
    ['an unknown order', '/api/admin/dicts?order=sideways'],
  ])('answers 400 for %s', async (_label, url) => {
    const response = await t.app.inject({ method: 'GET', url, headers: bearer(admin) });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(400);
  });

  it('answers 415 for a content type it does not read', async () => {
    const response = await post('<dictCode>a</dictCode>', 'application/xml');
    expect(response.statusCode).toBe(415);
    expect(await dictionaryCount()).toBeGreaterThan(0);
  });
});

describe(`text the database cannot store is refused at the edge (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  let admin: Tokens;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, sysadmin);
  });
  afterAll(async () => t.close());

  const nul = '\u0000';
  const loneSurrogate = '\uD800';
  const english = { 'accept-language': 'en' };
  const asAdmin = () => ({ ...bearer(admin), ...english });
  const formOf = (values: Record<string, string>) => new URLSearchParams(values).toString();
  const formType = { 'content-type': 'application/x-www-form-urlencoded' };
  const nacosCredentials = `username=sysadmin&password=${encodeURIComponent(sysadmin.password)}`;
  const refusal = (field: string) => `${field} holds characters that cannot be stored (a NUL byte or an unpaired surrogate)`;
  const tinyPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

  /** Every table a refused request could have written to, counted. */
  const stored = async () => {
    const count = async (table: 'pf_dict' | 'cfg_config' | 'audit_login_log' | 'sys_attachment' | 'auth_session') =>
      (
        await t.context.db
          .selectFrom(table)
          .select(({ fn }) => fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    return {
      dictionaries: Number(await count('pf_dict')),
      configs: Number(await count('cfg_config')),
      signIns: Number(await count('audit_login_log')),
      attachments: Number(await count('sys_attachment')),
      sessions: Number(await count('auth_session')),
    };
  };

  const envelopeRoutes: Array<[string, string, () => InjectOptions]> = [
    [
      'NUL in a JSON body',
      'dictName',
      () => ({ method: 'POST', url: '/api/admin/dicts', headers: asAdmin(), payload: { dictCode: 'nul_json', dictName: `a${nul}b` } }),
    ],
    [
      'NUL in a form body',
      'dictName',
      () => ({
        method: 'POST',
        url: '/api/admin/dicts',
        headers: { ...asAdmin(), ...formType },
        payload: formOf({ dictCode: 'nul_form', dictName: `a${nul}b` }),
      }),
    ],
    [
      'a lone surrogate in a JSON body',
      'dictName',
      () => ({
        method: 'POST',
        url: '/api/admin/dicts',
        headers: { ...asAdmin(), 'content-type': 'application/json' },
        payload: `{"dictCode": "lone", "dictName": "a\\ud800b"}`,
      }),
    ],
    [
      'NUL in a nested form field',
      'items.0.itemName',
      () => ({
        method: 'POST',
        url: '/api/admin/dicts',
        headers: { ...asAdmin(), ...formType },
        payload: `dictCode=nested&dictName=x&items[0].itemName=a%00b`,
      }),
    ],
    [
      'NUL in a JSON key',
      `dictName${'\uFFFD'}`,
      () => ({ method: 'POST', url: '/api/admin/dicts', headers: asAdmin(), payload: { dictCode: 'key', [`dictName${nul}`]: 'x' } }),
    ],
    ['NUL in a query', 'dictName', () => ({ method: 'GET', url: '/api/admin/dicts?dictName=a%00b', headers: asAdmin() })],
    ['NUL in a path parameter', 'idId', () => ({ method: 'POST', url: '/api/admin/serial-numbers/a%00b/next', headers: asAdmin() })],
    [
      "NUL in an upload's file name",
      'name',
      () => ({
        method: 'POST',
        url: '/api/admin/attachments?name=a%00.png',
        headers: { ...asAdmin(), 'content-type': 'image/png' },
        payload: tinyPng,
      }),
    ],
    [
      'NUL in the Nacos user name (anonymous)',
      'username',
      () => ({ method: 'GET', url: '/nacos/v1/ns/instance/list?username=sys%00admin&password=x&serviceName=a', headers: english }),
    ],
    [
      'NUL in the Nacos password',
      'password',
      () => ({
        method: 'POST',
        url: '/nacos/v1/cs/configs',
        headers: { ...english, ...formType },
        payload: formOf({ username: 'sysadmin', password: `x${nul}`, dataId: 'a.json', group: 'G', content: '1' }),
      }),
    ],
    [
      'NUL in a Nacos access token',
      'accessToken',
      () => ({ method: 'GET', url: '/nacos/v1/cs/configs?accessToken=a%00b&dataId=a.json&group=G', headers: english }),
    ],
    [
      "NUL in a config's content, with good credentials",
      'content',
      () => ({
        method: 'POST',
        url: `/nacos/v1/cs/configs?${nacosCredentials}`,
        headers: { ...english, ...formType },
        payload: formOf({ dataId: 'nul.json', group: 'G', content: `{"a": "${nul}"}` }),
      }),
    ],
    [
      "a lone surrogate in a config's content",
      'content',
      () => ({
        method: 'POST',
        url: `/nacos/v1/cs/configs?${nacosCredentials}`,
        headers: { ...english, 'content-type': 'application/json' },
        payload: `{"dataId": "lone.json", "group": "G", "content": "\\udc00"}`,
      }),
    ],
  ];

  it.each(envelopeRoutes)('answers 400 naming the field for %s, and stores nothing', async (_label, field, request) => {
    const before = await stored();
    const response = await t.app.inject(request());
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ code: 400, message: refusal(field), data: null });
    expect(await stored()).toEqual(before);
  });

  it.each([
    [
      'a password grant with NUL in the user name',
      'username',
      { grant_type: 'password', username: `sys${nul}admin`, password: 'x', keyId: 'k', client_id: 'c' },
    ],
    [
      'a password grant with a lone surrogate in the password',
      'password',
      { grant_type: 'password', username: 'sysadmin', password: loneSurrogate, keyId: 'k', client_id: 'c' },
    ],
    ['a refresh grant with NUL in the token', 'refresh_token', { grant_type: 'refresh_token', refresh_token: `a${nul}b` }],
  ])('answers the anonymous token endpoint in its OAuth shape for %s, before any sign-in is logged', async (_label, field, body) => {
    const before = await stored();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/oauth/token',
      headers: { ...english, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ error: 'invalid_request', error_description: refusal(field) });
    expect(await stored()).toEqual(before);
  });

  it('refuses NUL in the query of every route, and in the JSON body of every route that takes one', async () => {
    const requests = t.guardedRoutes.flatMap((route) => {
      const [method, pattern] = route.split(' ') as [InjectOptions['method'], string];
      const url = (pattern ?? '').replace(/:\w+/g, '1').replace('*', 'x');
      const query = { method, url: `${url}?probe=a%00b`, headers: asAdmin() };
      if (method === 'GET' || method === 'DELETE') return [query];
      return [query, { method, url, headers: asAdmin(), payload: { probe: `a${nul}b` } }];
    });
    expect(requests.length).toBeGreaterThan(300);
    const before = await stored();
    const answers = await Promise.all(requests.map(async (request) => [request.url, (await t.app.inject(request)).body] as const));
    // Each protocol refuses in its own clients' shape: OAuth's, Camunda's REST, Nacos's v2 open API, the envelope.
    const expected = (url: string) =>
      JSON.stringify(
        url.startsWith('/api/oauth/token')
          ? { error: 'invalid_request', error_description: refusal('probe') }
          : url.startsWith('/engine-rest/')
            ? { type: 'InvalidRequestException', message: refusal('probe') }
            : url.startsWith('/nacos/v2/')
              ? { code: 20002, message: 'parameter validate error', data: refusal('probe') }
              : { code: 400, message: refusal('probe'), data: null },
      );
    expect(answers.filter(([url, body]) => body !== expected(url))).toEqual([]);
    expect(await stored()).toEqual(before);
  });

  it("answers in the caller's language", async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/dicts?dictName=%00',
      headers: { ...bearer(admin), 'accept-language': 'ja' },
    });
    expect(response.json().message).toBe('dictNameに保存できない文字（NUL バイトまたは対になっていないサロゲート）が含まれています');
  });

  it('still takes text with paired surrogates (emoji) and other control characters', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/dicts',
      headers: asAdmin(),
      payload: { dictCode: 'emoji_ok', dictName: 'Smile \uD83D\uDE00\ttab' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const row = await t.context.db.selectFrom('pf_dict').select('dict_name').where('dict_code', '=', 'emoji_ok').executeTakeFirstOrThrow();
    expect(row.dict_name).toBe('Smile \uD83D\uDE00\ttab');
  });
});
