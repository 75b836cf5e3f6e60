import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signIn, sysadmin, type TestApp, type Tokens } from './testApp.ts';

/** Batch function and data authorisation: the same operations or organs given to, or taken from, several roles. */
describe(`batch authorisation of roles (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  let admin: Tokens;
  const roles: Record<string, number> = {};
  const organs: Record<string, number> = {};

  const send = (url: string, payload: object, language = 'en') =>
    t.app.inject({ method: 'POST', url, payload, headers: { ...bearer(admin), 'accept-language': language } });
  const put = (url: string, payload: object) => t.app.inject({ method: 'PUT', url, payload, headers: bearer(admin) });
  const get = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: bearer(admin) })).json().data;
  const operationIds = async (codes: string[]) =>
    (await t.context.db.selectFrom('pf_operation').select('id').where('operation_code', 'in', codes).orderBy('id').execute()).map(
      (row) => row.id,
    );
  const operationCodes = async (roleId: number) => {
    const ids: number[] = await get(`/api/admin/roles/${roleId}/operations`);
    if (ids.length === 0) return [];
    const rows = await t.context.db.selectFrom('pf_operation').select('operation_code').where('id', 'in', ids).execute();
    return rows.map((row) => row.operation_code).sort();
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, sysadmin);
    for (const code of ['B_HQ', 'B_NORTH', 'B_SOUTH']) {
      const response = await send('/api/admin/organs', {
        organCode: code,
        organName: code,
        typeCode: code === 'B_HQ' ? 'CORP' : 'DEPT',
        struType: 'admin',
        parentOrganId: code === 'B_HQ' ? null : organs.B_HQ,
      });
      organs[code] = response.json().data.id;
    }
    for (const code of ['b_reader', 'b_editor', 'b_other']) {
      roles[code] = (await send('/api/admin/roles', { roleCode: code, roleName: code, roleScope: 'organ' })).json().data.id;
    }
    await put(`/api/admin/roles/${roles.b_editor}/operations`, { operationIds: await operationIds(['dict:edit']) });
    await put(`/api/admin/roles/${roles.b_editor}/organs`, { organIds: [organs.B_SOUTH] });
  });
  afterAll(async () => t.close());

  it('adds the same operations to several roles, keeping what each already holds, and takes them back', async () => {
    const given = await send('/api/admin/roles/operations/batch', {
      roleIds: [roles.b_reader, roles.b_editor],
      operationIds: await operationIds(['dict:view', 'account:view']),
      revoke: false,
    });
    expect(given.statusCode, given.body).toBe(200);
    expect(await operationCodes(roles.b_reader as number)).toEqual(['account:view', 'dict:view']);
    expect(await operationCodes(roles.b_editor as number)).toEqual(['account:view', 'dict:edit', 'dict:view']);
    expect(await operationCodes(roles.b_other as number)).toEqual([]);

    const taken = await send('/api/admin/roles/operations/batch', {
      roleIds: [roles.b_reader, roles.b_editor],
      operationIds: await operationIds(['account:view']),
      revoke: true,
    });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(await operationCodes(roles.b_reader as number)).toEqual(['dict:view']);
    expect(await operationCodes(roles.b_editor as number)).toEqual(['dict:edit', 'dict:view']);
  });

  it('adds and takes organ scopes on several roles at once', async () => {
    const given = await send('/api/admin/roles/organs/batch', {
      roleIds: [roles.b_reader, roles.b_editor],
      organIds: [organs.B_NORTH],
      revoke: false,
    });
    expect(given.statusCode, given.body).toBe(200);
    expect(await get(`/api/admin/roles/${roles.b_reader}/organs`)).toEqual([organs.B_NORTH]);
    expect((await get(`/api/admin/roles/${roles.b_editor}/organs`)).sort()).toEqual([organs.B_NORTH, organs.B_SOUTH].sort());

    await send('/api/admin/roles/organs/batch', { roleIds: [roles.b_editor], organIds: [organs.B_SOUTH], revoke: true });
    expect(await get(`/api/admin/roles/${roles.b_editor}/organs`)).toEqual([organs.B_NORTH]);
  });

  it('changes no role when one of them is refused, and names the refusal in the caller language', async () => {
    const superRole = await t.context.db.selectFrom('iam_role').select('id').where('is_super', '=', 1).executeTakeFirstOrThrow();
    const before = await operationCodes(roles.b_other as number);
    const refused = await send(
      '/api/admin/roles/operations/batch',
      { roleIds: [roles.b_other, superRole.id], operationIds: await operationIds(['dict:view']), revoke: false },
      'zh',
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/超级管理员/);
    expect(await operationCodes(roles.b_other as number)).toEqual(before);
  });

  it('asks for at least one role and one operation, and refuses records that do not exist', async () => {
    const none = await send('/api/admin/roles/operations/batch', { roleIds: [], operationIds: [1], revoke: false }, 'zh');
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toContain('请至少选择一条记录');
    const missingRole = await send('/api/admin/roles/organs/batch', { roleIds: [999_999], organIds: [organs.B_NORTH], revoke: false });
    expect(missingRole.statusCode).toBe(422);
    const missingOperation = await send('/api/admin/roles/operations/batch', {
      roleIds: [roles.b_reader],
      operationIds: [999_999],
      revoke: false,
    });
    expect(missingOperation.statusCode).toBe(422);
  });

  it('offers in the function tree only what a grant changes, each node with its code', async () => {
    const tree = await get('/api/admin/roles/function-tree');
    const codes: string[] = [];
    const walk = (nodes: { code: string; children?: unknown[] }[]) => {
      for (const node of nodes) {
        codes.push(node.code);
        walk((node.children ?? []) as typeof nodes);
      }
    };
    walk(tree);
    expect(codes).toEqual(expect.arrayContaining(['qiming', 'platform', 'platform.dict', 'dict:view', 'role:grant']));
    for (const grantFree of ['auth:login', 'auth:session', 'todo:view', 'dashboard:view', 'region:lookup'])
      expect(codes).not.toContain(grantFree);
  });
});
