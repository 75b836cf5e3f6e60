import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, requestToken, signIn, staff, type TestApp } from './testApp.ts';

describe(`own profile and password (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const changePassword = (accessToken: string, body: Record<string, string>, language = 'en') =>
    t.app.inject({
      method: 'PUT',
      url: '/api/admin/current/password',
      headers: { authorization: `Bearer ${accessToken}`, 'accept-language': language },
      payload: body,
    });

  it('answers the signed-in user', async () => {
    const tokens = await signIn(t.app, staff);
    const me = await t.app.inject({ method: 'GET', url: '/api/admin/current/user', headers: bearer(tokens) });
    expect(me.json().data).toMatchObject({
      userName: 'staff01',
      name: '张婷',
      roles: ['dict_reader', 'leave_applicant'],
      isSuper: false,
    });
    expect(me.json().data).not.toHaveProperty('password_hash');
  });

  it('refuses a new password that breaks the policy, naming the broken rules', async () => {
    const tokens = await signIn(t.app, staff);
    const weak = await changePassword(tokens.access_token, { oldPassword: staff.password, newPassword: 'short', confirmPassword: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe(
      'The password does not meet the policy: at least 8 characters, an upper-case letter, a digit, a special character',
    );
    const mismatch = await changePassword(
      tokens.access_token,
      { oldPassword: staff.password, newPassword: 'Better@2027', confirmPassword: 'Other@2027' },
      'zh',
    );
    expect(mismatch.json().message).toBe('两次输入的密码不一致');
    const wrongOld = await changePassword(tokens.access_token, {
      oldPassword: 'Nope@2026',
      newPassword: 'Better@2027',
      confirmPassword: 'Better@2027',
    });
    expect(wrongOld.json().message).toBe('The current password is wrong');
  });

  it('changes the password, ends the other sessions and keeps this one', async () => {
    const other = await signIn(t.app, staff);
    const tokens = await signIn(t.app, staff);
    const changed = await changePassword(tokens.access_token, {
      oldPassword: staff.password,
      newPassword: 'Better@2027',
      confirmPassword: 'Better@2027',
    });
    expect(changed.json().code).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/current/user', headers: bearer(tokens) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/current/user', headers: bearer(other) })).statusCode).toBe(401);
    expect((await requestToken(t.app, staff.userName, staff.password)).statusCode).toBe(400);
    expect((await requestToken(t.app, staff.userName, 'Better@2027')).statusCode).toBe(200);
    const log = await t.context.db
      .selectFrom('audit_operation_log')
      .selectAll()
      .where('operation', '=', 'auth:changePassword')
      .executeTakeFirstOrThrow();
    expect(log.params).not.toContain('Better@2027');
    expect(log.user_name).toBe('staff01');
  });
});
