import { screen } from '@testing-library/react';
import { AxiosError, AxiosHeaders, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { readTokens, writeTokens } from '../auth/tokenStorage.ts';
import { changeLanguage } from '../i18n/i18n.ts';
import { explainHttpError, jsonBody, prepareRequest, RequestError, readBody } from './client.ts';

const config = (overrides: Partial<InternalAxiosRequestConfig>): InternalAxiosRequestConfig => ({
  headers: new AxiosHeaders(),
  ...overrides,
});
const response = (data: unknown, overrides: Partial<InternalAxiosRequestConfig> = {}): AxiosResponse => ({
  data,
  status: 200,
  statusText: 'OK',
  headers: {},
  config: config(overrides),
});
const httpError = (status: number, data: unknown, url = '/admin/x') =>
  new AxiosError('failed', 'ERR_BAD_RESPONSE', config({ url }), undefined, { ...response(data), status });

describe('request preparation', () => {
  beforeEach(async () => {
    localStorage.clear();
    await changeLanguage('zh');
  });

  it('sends admin bodies form-encoded with dotted nesting, with the bearer token and language', () => {
    writeTokens({ accessToken: 'abc', refreshToken: 'r', expiresAt: Date.now() + 1000 });
    const prepared = prepareRequest(config({ url: '/admin/dicts', method: 'post', data: { dict: { code: 'a' }, ids: [1, 2] } }));
    expect(prepared.data).toBe('dict.code=a&ids=1&ids=2');
    expect(prepared.headers.get('Content-Type')).toBe('application/x-www-form-urlencoded');
    expect(prepared.headers.get('Authorization')).toBe('Bearer abc');
    expect(prepared.headers.get('Accept-Language')).toBe('zh');
  });

  it('sends an admin body as JSON when asked to, so its numbers and flags keep their types', () => {
    const prepared = prepareRequest(
      config({
        url: '/admin/forms',
        method: 'post',
        ...jsonBody({ values: { n: 1, on: true } }),
        headers: new AxiosHeaders(jsonBody({}).headers),
      }),
    );
    expect(prepared.data).toEqual({ values: { n: 1, on: true } });
    expect(prepared.headers.get('Content-Type')).toBe('application/json');
  });

  it('sends admin GET params with dotted nesting and leaves other urls alone', () => {
    const get = prepareRequest(config({ url: '/admin/dicts', method: 'get' }));
    expect(get.paramsSerializer).toBeTypeOf('function');
    expect((get.paramsSerializer as (params: object) => string)({ filter: { name: 'x' }, page: 1 })).toBe('filter.name=x&page=1');
    const other = prepareRequest(config({ url: '/oauth/token', method: 'post', data: { a: 1 } }));
    expect(other.data).toEqual({ a: 1 });
    expect(other.headers.get('Authorization')).toBeUndefined();
  });
});

describe('response body codes', () => {
  // The client loads antd's message with the first toast; loading antd took more than 10 s of a test's wait
  // on a loaded machine, so it loads here, and the tests wait for their toasts only.
  beforeAll(() => import('./notify.ts'), 60_000);

  it('treats a missing code as 200 and passes blobs through', async () => {
    await expect(readBody(response({ access_token: 'x' }))).resolves.toBeDefined();
    await expect(readBody(response({ code: 500 }, { responseType: 'blob' }))).resolves.toBeDefined();
  });

  it('rejects other codes with the server message as a toast', async () => {
    await expect(readBody(response({ code: 500, message: '服务器内部错误' }))).rejects.toBeInstanceOf(RequestError);
    expect(await screen.findByText('服务器内部错误', {}, { timeout: 10_000 })).toBeTruthy();
  });

  it('shows a second, different error while the first still shows, but says a repeated one once', async () => {
    await expect(readBody(response({ code: 500, message: 'the first call failed' }))).rejects.toBeInstanceOf(RequestError);
    await expect(readBody(response({ code: 500, message: 'the first call failed' }))).rejects.toBeInstanceOf(RequestError);
    await expect(readBody(response({ code: 409, message: 'the second call was refused' }))).rejects.toBeInstanceOf(RequestError);
    expect(await screen.findByText('the second call was refused', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getAllByText('the first call failed')).toHaveLength(1);
  });

  it('keeps a background poll quiet: a refusal or failure rejects without a toast', async () => {
    const toastError = vi.spyOn(await import('./notify.ts'), 'toastError');
    await expect(readBody(response({ code: 500, message: 'the poll was refused' }, { quiet: true }))).rejects.toBeInstanceOf(RequestError);
    const failed = new AxiosError('failed', 'ERR_BAD_RESPONSE', config({ url: '/admin/notifications', quiet: true }), undefined, {
      ...response({ message: 'the poll failed' }),
      status: 503,
    });
    expect(() => explainHttpError(failed)).toThrow('the poll failed');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(toastError).not.toHaveBeenCalled();
    toastError.mockRestore();
  });

  it('lets a helper count code 0 as success', async () => {
    await expect(readBody(response({ code: 0, data: null }, { successCodes: [0, 200] }))).resolves.toBeDefined();
  });
});

describe('HTTP errors', () => {
  it('shows the locked message only when the server says the account is locked', async () => {
    await changeLanguage('zh');
    const locked = () =>
      explainHttpError(
        httpError(400, { error: 'invalid_grant', error_description: '连续输入错误，您的账号已经被锁定，请联系管理员进行恢复' }),
      );
    expect(locked).toThrow('连续输入错误，您的账号已经被锁定，请联系管理员进行恢复');
    const other = () => explainHttpError(httpError(400, { error: 'invalid_grant', error_description: 'anything else' }));
    expect(other).toThrow('用户名或密码错误，请重新输入');
  });

  it('signs out locally on 401', async () => {
    writeTokens({ accessToken: 'abc', refreshToken: 'r', expiresAt: Date.now() + 1000 });
    expect(() => explainHttpError(httpError(401, { code: 401 }))).toThrow(RequestError);
    await vi.waitFor(() => expect(readTokens()).toBeNull());
  });

  it('on 500 shows a Chinese server message, else the generic text', () => {
    expect(() => explainHttpError(httpError(500, { message: '数据库连接失败' }))).toThrow('数据库连接失败');
    expect(() => explainHttpError(httpError(500, { message: 'NullPointerException' }))).toThrow('请求失败，请稍后再试');
    expect(() => explainHttpError(httpError(500, { message: 'bad' }, '/admin/function/import'))).toThrow('请检查导入的SQL是否合理');
  });
});
