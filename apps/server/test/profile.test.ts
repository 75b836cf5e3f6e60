import type { OwnSession } from '@qiming/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bannerPng } from './pngImages.ts';
import { bearer, createTestApp, requestToken, signIn, staff, sysadmin, type TestApp, type Tokens } from './testApp.ts';

/** The profile page's API: one's own name, introduction, sessions and sign-in history, nobody else's. */
describe(`profile (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  let mine: Tokens;

  const call = (tokens: Tokens, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, language = 'en') =>
    t.app.inject({ method, url, payload, headers: { ...bearer(tokens), 'accept-language': language } });
  const sessions = async (tokens: Tokens) => (await call(tokens, 'GET', '/api/admin/current/sessions')).json().data.records as OwnSession[];

  beforeAll(async () => {
    t = await createTestApp();
    mine = await signIn(t.app, staff);
  });
  afterAll(async () => t.close());

  it('changes the own name and introduction, validated, and logs the change', async () => {
    const saved = await call(mine, 'PUT', '/api/admin/current/profile', {
      name: 'Staff Uno',
      introduction: 'Keeps the dictionaries tidy.',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const me = (await call(mine, 'GET', '/api/admin/current/user')).json().data;
    expect(me).toMatchObject({ name: 'Staff Uno', introduction: 'Keeps the dictionaries tidy.' });

    const empty = await call(mine, 'PUT', '/api/admin/current/profile', { name: '', introduction: '' }, 'zh');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('必填项不能为空');
    const long = await call(mine, 'PUT', '/api/admin/current/profile', { name: 'x', introduction: 'y'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect((await call(mine, 'GET', '/api/admin/current/user')).json().data.name).toBe('Staff Uno');

    const log = await t.context.db
      .selectFrom('audit_operation_log')
      .select(['operation', 'user_name'])
      .where('operation', '=', 'auth:profile')
      .execute();
    expect(log).toEqual([{ operation: 'auth:profile', user_name: 'staff01' }]);
  });

  it('sets the own avatar to an uploaded image, refuses an address that names no upload, and clears it', async () => {
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/admin/attachments?name=me.png',
      payload: bannerPng(48, 48, [24, 144, 255], [114, 46, 209]),
      headers: { ...bearer(mine), 'content-type': 'image/png' },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const { url } = uploaded.json().data;
    expect((await call(mine, 'PUT', '/api/admin/current/avatar', { avatar: url })).statusCode).toBe(200);
    expect((await call(mine, 'GET', '/api/admin/current/user')).json().data.avatar).toBe(url);

    const missing = await call(mine, 'PUT', '/api/admin/current/avatar', { avatar: `/api/files/${'d'.repeat(64)}.png` });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('The image does not exist; upload it again');
    const elsewhere = await call(mine, 'PUT', '/api/admin/current/avatar', { avatar: 'https://tracker.example/pixel.gif' });
    expect(elsewhere.statusCode).toBe(400);
    expect((await call(mine, 'GET', '/api/admin/current/user')).json().data.avatar).toBe(url);

    expect((await call(mine, 'PUT', '/api/admin/current/avatar', { avatar: '' })).statusCode).toBe(200);
    expect((await call(mine, 'GET', '/api/admin/current/user')).json().data.avatar).toBe('');
  });

  it('lists the own sessions with the current one marked, ends another at once, and not the current one', async () => {
    const elsewhere = await signIn(t.app, staff);
    const listed = await sessions(mine);
    expect(listed.filter((session) => session.current)).toHaveLength(1);
    const other = listed.find((session) => !session.current) as OwnSession;

    const current = listed.find((session) => session.current) as OwnSession;
    const refused = await call(mine, 'POST', `/api/admin/current/sessions/${current.id}/end`, {});
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('End the session you are using by signing out');

    expect((await call(mine, 'POST', `/api/admin/current/sessions/${other.id}/end`, {})).statusCode).toBe(200);
    expect((await call(elsewhere, 'GET', '/api/admin/current/user')).statusCode).toBe(401);
    expect((await sessions(mine)).map((session) => session.id)).not.toContain(other.id);
  });

  it("cannot end another account's session", async () => {
    const admin = await signIn(t.app, sysadmin);
    const [adminSession] = await sessions(admin);
    const response = await call(mine, 'POST', `/api/admin/current/sessions/${adminSession?.id}/end`, {});
    expect(response.statusCode).toBe(404);
    expect((await call(admin, 'GET', '/api/admin/current/user')).statusCode).toBe(200);
  });

  it('shows the own sign-in attempts, failed ones included, and no one else’s', async () => {
    await requestToken(t.app, staff.userName, 'Wrong@2026');
    const page = (await call(mine, 'GET', '/api/admin/current/login-logs?limit=50')).json().data;
    const names = new Set(page.records.map((row: { userName: string }) => row.userName));
    expect([...names]).toEqual(['staff01']);
    expect(page.records[0]).toMatchObject({ userName: 'staff01', result: 'badCredentials' });
    // This test's three attempts, beside the demo's week of sign-ins from the office network.
    expect(page.records.filter((row: { loginIp: string }) => row.loginIp === '127.0.0.1')).toHaveLength(3);
  });
});
