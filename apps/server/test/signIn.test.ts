import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, fetchLoginKey, requestToken, signIn, staff, sysadmin, type TestApp } from './testApp.ts';

const badCredentialsZh = '用户名或密码错误，请重新输入';
const lockedZh = '连续输入错误，您的账号已经被锁定，请联系管理员进行恢复';

describe(`sign-in protocol (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const currentUser = (accessToken: string) =>
    t.app.inject({ method: 'GET', url: '/api/admin/current/user', headers: { authorization: `Bearer ${accessToken}` } });

  it('hands out a fresh one-time key of 32 random bytes', async () => {
    const first = await fetchLoginKey(t.app);
    const second = await fetchLoginKey(t.app);
    expect(Buffer.from(first.key, 'base64')).toHaveLength(32);
    expect(first.keyId).not.toBe(second.keyId);
    expect(first.key).not.toBe(second.key);
  });

  it('signs in with the sealed password and answers an OAuth token', async () => {
    const response = await requestToken(t.app, sysadmin.userName, sysadmin.password);
    expect(response.statusCode).toBe(200);
    const tokens = response.json();
    expect(tokens).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    const me = await currentUser(tokens.access_token);
    expect(me.json().data).toMatchObject({ userName: 'sysadmin', roles: ['super_admin'], isSuper: true });
  });

  it('answers a wrong password and an unknown user alike, in the caller language', async () => {
    const wrong = await requestToken(t.app, sysadmin.userName, 'Wrong@2026', { 'accept-language': 'zh-CN,zh;q=0.9' });
    const unknown = await requestToken(t.app, 'nobody_here', 'Wrong@2026', { 'accept-language': 'zh-CN,zh;q=0.9' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'invalid_grant', error_description: badCredentialsZh });
    expect(unknown.json()).toEqual(wrong.json());
    const english = await requestToken(t.app, 'nobody_here', 'Wrong@2026', { 'accept-language': 'en' });
    expect(english.json().error_description).toBe('Wrong user name or password, please try again');
  });

  it('refuses a key that was used before or has expired', async () => {
    const { keyId, key } = await fetchLoginKey(t.app);
    const { sealPassword } = await import('@qiming/shared');
    const body = () =>
      new URLSearchParams({
        grant_type: 'password',
        username: 'sysadmin',
        password: sealPassword(key, sysadmin.password),
        keyId,
        client_id: 'qiming-admin',
      }).toString();
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/oauth/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: body(),
      });
    expect((await send()).statusCode).toBe(200);
    const reused = await send();
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toBe('invalid_grant');

    const stale = await fetchLoginKey(t.app);
    t.clock.advance(61_000);
    const late = await t.app.inject({
      method: 'POST',
      url: '/api/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'password',
        username: 'sysadmin',
        password: sealPassword(stale.key, sysadmin.password),
        keyId: stale.keyId,
        client_id: 'x',
      }).toString(),
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().error_description).toBe('The sign-in key has expired or was already used, please try again');
  });

  it('rotates the refresh token, and a reused one ends the session', async () => {
    const tokens = await signIn(t.app, sysadmin);
    const refresh = (token: string) =>
      t.app.inject({ method: 'POST', url: '/api/oauth/token', payload: { grant_type: 'refresh_token', refresh_token: token } });
    const rotated = await refresh(tokens.refresh_token);
    expect(rotated.statusCode).toBe(200);
    const next = rotated.json();
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    expect((await currentUser(next.access_token)).statusCode).toBe(200);

    const replay = await refresh(tokens.refresh_token);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toBe('invalid_grant');
    expect((await currentUser(next.access_token)).statusCode).toBe(401);
    expect((await refresh(next.refresh_token)).statusCode).toBe(400);
  });

  it('signing out stops both tokens at once', async () => {
    const tokens = await signIn(t.app, staff);
    const logout = await t.app.inject({
      method: 'GET',
      url: '/api/j_hh_security_logout',
      headers: { ...bearer(tokens), 'x-front-request': 'true' },
    });
    expect(logout.json().code).toBe(200);
    const after = await currentUser(tokens.access_token);
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe(401);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/oauth/token',
      payload: { grant_type: 'refresh_token', refresh_token: tokens.refresh_token },
    });
    expect(refreshed.statusCode).toBe(400);
  });

  it('an access token stops working after its hour', async () => {
    const tokens = await signIn(t.app, staff);
    expect((await currentUser(tokens.access_token)).statusCode).toBe(200);
    t.clock.advance(3599_000);
    expect((await currentUser(tokens.access_token)).statusCode).toBe(200);
    t.clock.advance(2_000);
    expect((await currentUser(tokens.access_token)).statusCode).toBe(401);
    const tampered = await signIn(t.app, staff);
    expect((await currentUser(`${tampered.access_token.slice(0, -4)}AAAA`)).statusCode).toBe(401);
  });

  it('locks the account after the policy number of failures, then refuses even the right password', async () => {
    for (let attempt = 1; attempt <= 4; attempt++) {
      const response = await requestToken(t.app, staff.userName, 'Wrong@2026', { 'accept-language': 'zh' });
      expect(response.json().error_description).toBe(badCredentialsZh);
    }
    const fifth = await requestToken(t.app, staff.userName, 'Wrong@2026', { 'accept-language': 'zh' });
    expect(fifth.json().error_description).toBe(lockedZh);
    const right = await requestToken(t.app, staff.userName, staff.password, { 'accept-language': 'zh' });
    expect(right.statusCode).toBe(400);
    expect(right.json().error_description).toBe(lockedZh);

    t.clock.advance(31 * 60_000);
    const afterLock = await requestToken(t.app, staff.userName, staff.password);
    expect(afterLock.statusCode).toBe(200);
  });

  it('writes a login-log row for every attempt with ip, user and result', async () => {
    const tokens = await signIn(t.app, sysadmin);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/login-logs?limit=100&userName=staff01',
      headers: bearer(tokens),
    });
    // This test's attempts, not the demo's week of sign-ins from the office network.
    const results = response
      .json()
      .data.records.filter((row: { loginIp: string }) => row.loginIp === '127.0.0.1')
      .map((row: { result: string }) => row.result);
    expect(results.filter((r: string) => r === 'locked')).toHaveLength(2);
    expect(results.filter((r: string) => r === 'badCredentials')).toHaveLength(4);
    expect(response.json().data.records[0]).toMatchObject({ userName: 'staff01', loginIp: '127.0.0.1' });
  });
});
