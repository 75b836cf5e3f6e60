import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signIn, sysadmin, type TestApp, type Tokens } from './testApp.ts';

/** Organ types, structure views, positions and employees changed and deleted as the organisation page does. */
describe(`organisation upkeep (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  let admin: Tokens;
  const organs: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, sysadmin);
    for (const [code, typeCode, parent] of [
      ['UP_HQ', 'CORP', null],
      ['UP_SALES', 'DEPT', 'UP_HQ'],
      ['UP_TECH', 'DEPT', 'UP_HQ'],
    ] as const) {
      const response = await send('POST', '/api/admin/organs', {
        organCode: code,
        organName: code,
        typeCode,
        struType: 'admin',
        parentOrganId: parent === null ? null : organs[parent],
      });
      expect(response.statusCode, response.body).toBe(200);
      organs[code] = response.json().data.id;
    }
  });
  afterAll(async () => t.close());

  const send = (method: 'POST' | 'PUT', url: string, payload: object, language = 'en') =>
    t.app.inject({ method, url, payload, headers: { ...bearer(admin), 'accept-language': language } });
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(admin) });

  it('lists organ types and structure views as {total, records}', async () => {
    const types = (await get('/api/admin/organ-types')).json().data;
    expect(types.total).toBe(types.records.length);
    expect(types.records.map((type: { typeCode: string }) => type.typeCode)).toContain('DEPT');
    const structures = (await get('/api/admin/structures')).json().data;
    expect(structures.records.map((structure: { struType: string }) => structure.struType)).toContain('admin');
  });

  it('renames an organ type and deletes it only once nothing uses it', async () => {
    const created = await send('POST', '/api/admin/organ-types', { typeCode: 'LAB', typeName: 'Lab', parentTypeCode: 'DEPT' });
    const id = created.json().data.id;
    expect(
      (await send('PUT', `/api/admin/organ-types/${id}`, { typeCode: 'LAB', typeName: '实验室', parentTypeCode: 'DEPT' })).statusCode,
    ).toBe(200);
    const lab = await send('POST', '/api/admin/organs', {
      organCode: 'UP_LAB',
      organName: 'Lab one',
      typeCode: 'LAB',
      struType: 'admin',
      parentOrganId: organs.UP_TECH,
    });
    expect(lab.statusCode, lab.body).toBe(200);

    const inUse = await send('POST', '/api/admin/organ-types/delete', { ids: [id] }, 'zh');
    expect(inUse.statusCode).toBe(400);
    expect(inUse.json().message).toBe('该机构类型正被机构或下级类型使用，不能删除');
    // A type other types sit under is in use too.
    const dept = (await get('/api/admin/organ-types')).json().data.records.find((type: { typeCode: string }) => type.typeCode === 'DEPT');
    expect((await send('POST', '/api/admin/organ-types/delete', { ids: [dept.id] })).statusCode).toBe(400);

    expect((await send('POST', '/api/admin/organs/delete', { ids: [lab.json().data.id] })).statusCode).toBe(200);
    expect((await send('POST', '/api/admin/organ-types/delete', { ids: [id] })).statusCode).toBe(200);
    const codes = (await get('/api/admin/organ-types')).json().data.records.map((type: { typeCode: string }) => type.typeCode);
    expect(codes).not.toContain('LAB');
  });

  it('renames a structure view and deletes it with its placements, never the organs nor the administrative one', async () => {
    const created = await send('POST', '/api/admin/structures', { struType: 'project', struTypeName: 'Projects' });
    const id = created.json().data.id;
    expect((await send('POST', `/api/admin/organs/${organs.UP_HQ}/place`, { struType: 'project', parentOrganId: null })).statusCode).toBe(
      200,
    );
    expect((await send('PUT', `/api/admin/structures/${id}`, { struTypeName: '项目视图' })).statusCode).toBe(200);
    const renamed = (await get('/api/admin/structures')).json().data.records.find((structure: { id: number }) => structure.id === id);
    expect(renamed).toMatchObject({ struType: 'project', struTypeName: '项目视图' });

    const admin = (await get('/api/admin/structures'))
      .json()
      .data.records.find((structure: { struType: string }) => structure.struType === 'admin');
    const builtIn = await send('POST', '/api/admin/structures/delete', { ids: [admin.id, id] }, 'zh');
    expect(builtIn.json().message).toBe('行政组织是内置结构，不能删除');
    expect((await get('/api/admin/structures')).json().data.total).toBeGreaterThanOrEqual(2);

    expect((await send('POST', '/api/admin/structures/delete', { ids: [id] })).statusCode).toBe(200);
    expect((await get('/api/admin/structures')).json().data.records.map((structure: { id: number }) => structure.id)).not.toContain(id);
    expect(await t.context.db.selectFrom('iam_organ_node').select('id').where('stru_type', '=', 'project').execute()).toEqual([]);
    expect((await get(`/api/admin/organs/${organs.UP_HQ}`)).statusCode).toBe(200);
    expect((await send('POST', '/api/admin/structures/delete', { ids: [id] })).statusCode).toBe(404);
  });

  it('edits an employee with the spec validators in the caller language, and moves them to another position', async () => {
    const position = async (code: string) =>
      (await send('POST', '/api/admin/positions', { organId: organs.UP_SALES, positionCode: code, positionName: code })).json().data
        .id as number;
    const lead = await position('UP_LEAD');
    const rep = await position('UP_REP');
    const base = { staffCode: 'UP_E1', staffName: '王芳', organId: organs.UP_SALES, positionId: lead, mobile: '13912345678' };

    const noMobile = await send('POST', '/api/admin/staff', { ...base, mobile: '' }, 'zh');
    expect(noMobile.json().message).toBe('请输入手机号');
    const badMobile = await send('POST', '/api/admin/staff', { ...base, mobile: '12912345678' }, 'zh');
    expect(badMobile.json().message).toBe('请输入正确手机号');
    const badEmail = await send('POST', '/api/admin/staff', { ...base, email: 'wang@' }, 'zh');
    expect(badEmail.json().message).toBe('邮箱格式不正确');
    const badId = await send('POST', '/api/admin/staff', { ...base, idNumber: '1101-0119' }, 'zh');
    expect(badId.json().message).toBe('证件号码最多50位字母或数字');
    expect(await t.context.db.selectFrom('iam_staff').select('id').where('staff_code', '=', 'UP_E1').execute()).toEqual([]);

    const created = await send('POST', '/api/admin/staff', { ...base, email: '', idNumber: '' });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id;
    const edited = await send('PUT', `/api/admin/staff/${id}`, {
      ...base,
      positionId: rep,
      email: 'wang.fang@qiming.example',
      idNumber: '110101199003071234',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const [row] = (await get(`/api/admin/staff?organId=${organs.UP_SALES}`)).json().data.records;
    expect(row).toMatchObject({
      positionId: rep,
      mobile: '13912345678',
      email: 'wang.fang@qiming.example',
      idNumber: '110101199003071234',
    });
    // Saving the employee again on the position they hold is no clash with themselves.
    expect((await send('PUT', `/api/admin/staff/${id}`, { ...base, positionId: rep })).statusCode).toBe(200);

    const second = await send('POST', '/api/admin/staff', { ...base, staffCode: 'UP_E2', positionId: null });
    const taken = await send('PUT', `/api/admin/staff/${second.json().data.id}`, { ...base, staffCode: 'UP_E2', positionId: rep });
    expect(taken.json().message).toBe('A position can have only one employee');
    const otherOrgan = await send('PUT', `/api/admin/staff/${id}`, { ...base, organId: organs.UP_TECH, positionId: rep });
    expect(otherOrgan.statusCode).toBe(400);
    expect((await send('PUT', '/api/admin/staff/999999', base)).statusCode).toBe(404);
  });

  it('renames a position and deletes it only when nobody holds it', async () => {
    const id = (await send('POST', '/api/admin/positions', { organId: organs.UP_TECH, positionCode: 'UP_DEV', positionName: 'Dev' })).json()
      .data.id;
    expect((await send('PUT', `/api/admin/positions/${id}`, { positionCode: 'UP_DEV', positionName: '开发工程师' })).statusCode).toBe(200);
    const staff = await send('POST', '/api/admin/staff', {
      staffCode: 'UP_E3',
      staffName: '李雷',
      organId: organs.UP_TECH,
      positionId: id,
      mobile: '13712345678',
    });
    const held = await send('POST', '/api/admin/positions/delete', { ids: [id] }, 'zh');
    expect(held.json().message).toBe('岗位上还有员工，请先调整员工岗位');
    expect((await get(`/api/admin/positions?organId=${organs.UP_TECH}`)).json().data.records[0]).toMatchObject({
      positionName: '开发工程师',
      staffName: '李雷',
    });

    await send('POST', '/api/admin/staff/delete', { ids: [staff.json().data.id] });
    expect((await send('POST', '/api/admin/positions/delete', { ids: [id] })).statusCode).toBe(200);
    expect((await get(`/api/admin/positions?organId=${organs.UP_TECH}`)).json().data.total).toBe(0);
  });
});
