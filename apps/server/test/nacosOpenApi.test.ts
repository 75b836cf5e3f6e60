import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, form, staff, sysadmin, type TestApp } from './testApp.ts';

/** Nacos's documented v1 open API, endpoint by endpoint and parameter form by parameter form. */
describe('the Nacos v1 open API', () => {
  let test: TestApp;
  const admin = () => ({ username: sysadmin.userName, password: sysadmin.password });
  const query = (params: Record<string, string | number>) =>
    new URLSearchParams(Object.entries(params).map(([key, value]): [string, string] => [key, String(value)]));

  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(() => test.close());

  const login = (path: string, values: Record<string, string>, asQuery = false) =>
    asQuery
      ? test.app.inject({ method: 'POST', url: `${path}?${query(values)}` })
      : test.app.inject({ method: 'POST', url: path, ...form(values) });

  describe('login and access tokens', () => {
    it.each([
      ['/nacos/v1/auth/login', false],
      ['/nacos/v1/auth/users/login', false],
      ['/nacos/v1/auth/login', true],
    ])('%s (query: %s) answers an access token with its lifetime and whether the account is a global admin', async (path, asQuery) => {
      const answer = await login(path, admin(), asQuery);
      expect(answer.statusCode).toBe(200);
      const body = answer.json();
      expect(body).toMatchObject({ tokenTtl: 3600, globalAdmin: true, username: 'sysadmin' });
      expect(typeof body.accessToken).toBe('string');
      const listed = await test.app.inject({ method: 'GET', url: `/nacos/v1/ns/service/list?accessToken=${body.accessToken}` });
      expect(listed.statusCode).toBe(200);
      expect(listed.json()).toEqual({ count: 0, doms: [] });
    });

    it('refuses a wrong password or an unknown user with 403 `unknown user!`', async () => {
      for (const values of [
        { ...admin(), password: 'Wrong@2026' },
        { username: 'nobody_here', password: 'x' },
      ]) {
        const answer = await login('/nacos/v1/auth/login', values);
        expect(answer.statusCode).toBe(403);
        expect(answer.body).toBe('unknown user!');
      }
    });

    it('takes the token as a query, form or header parameter; without one a call is refused', async () => {
      const { accessToken } = (await login('/nacos/v1/auth/login', admin())).json();
      const url = '/nacos/v1/cs/configs';
      const publish = { dataId: 'token.properties', group: 'DEFAULT_GROUP', content: 'a=1' };
      expect((await test.app.inject({ method: 'POST', url, ...form({ ...publish, accessToken }) })).body).toBe('true');
      expect((await test.app.inject({ method: 'GET', url: `${url}?${query({ ...publish, accessToken })}` })).body).toBe('a=1');
      const byHeader = await test.app.inject({ method: 'GET', url: `${url}?${query(publish)}`, headers: { accessToken } });
      expect(byHeader.body).toBe('a=1');
      expect((await test.app.inject({ method: 'GET', url: `${url}?${query(publish)}` })).statusCode).toBe(403);
      expect((await test.app.inject({ method: 'GET', url: `${url}?${query({ ...publish, accessToken: 'forged' })}` })).statusCode).toBe(
        403,
      );
      // Username and password on each call keep working.
      expect((await test.app.inject({ method: 'GET', url: `${url}?${query({ ...publish, ...admin() })}` })).body).toBe('a=1');
    });

    it('refuses a token whose session was ended', async () => {
      const { accessToken } = (await login('/nacos/v1/auth/login', admin())).json();
      const call = () => test.app.inject({ method: 'GET', url: `/nacos/v1/ns/service/list?accessToken=${accessToken}` });
      expect((await call()).statusCode).toBe(200);
      const logout = await test.app.inject({
        method: 'GET',
        url: '/api/j_hh_security_logout',
        headers: { authorization: `Bearer ${accessToken}` },
      });
      expect(logout.statusCode).toBe(200);
      expect((await call()).statusCode).toBe(403);
    });

    it("binds the token to the account's grants: an account without the Nacos client operation is refused", async () => {
      const answer = await login('/nacos/v1/auth/login', { username: staff.userName, password: staff.password });
      expect(answer.statusCode).toBe(200);
      expect(answer.json().globalAdmin).toBe(false);
      const call = await test.app.inject({ method: 'GET', url: `/nacos/v1/ns/service/list?accessToken=${answer.json().accessToken}` });
      expect(call.statusCode).toBe(403);
    });

    it('asks for both user name and password in the caller language', async () => {
      const answer = await test.app.inject({
        method: 'POST',
        url: '/nacos/v1/auth/login',
        headers: { 'accept-language': 'zh' },
        ...form({ username: 'sysadmin' }),
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toContain('password');
    });
  });

  it('locks an account out after the policy number of wrong passwords, the right one then refused too', async () => {
    const attempt = (password: string) =>
      test.app.inject({ method: 'POST', url: '/nacos/v1/auth/login', ...form({ username: staff.userName, password }) });
    const policy = await test.context.db.selectFrom('iam_password_policy').select('login_attempts').executeTakeFirstOrThrow();
    for (let i = 0; i < policy.login_attempts; i++) expect((await attempt('Wrong@2026')).statusCode).toBe(403);
    const locked = await attempt(staff.password);
    expect(locked.statusCode).toBe(403);
    expect(locked.body).toBe('unknown user!');
  });

  describe('login under the sign-in rate limit', () => {
    let limited: TestApp;
    beforeAll(async () => {
      limited = await createTestApp({ config: { signInRateLimit: 3 } });
    });
    afterAll(() => limited.close());

    it('meets the sign-in rate limit per address and user name', async () => {
      const attempt = () => limited.app.inject({ method: 'POST', url: '/nacos/v1/auth/login', ...form(admin()) });
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(200);
      const refused = await attempt();
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
    });
  });
});
