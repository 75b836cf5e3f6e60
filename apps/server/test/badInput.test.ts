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
