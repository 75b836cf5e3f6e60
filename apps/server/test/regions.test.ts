import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signIn, staff, sysadmin, type TestApp, type Tokens } from './testApp.ts';

describe(`regions (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  let admin: Tokens;
  let reader: Tokens;
  const get = (url: string, tokens = admin, language = 'en') =>
    t.app.inject({ method: 'GET', url, headers: { ...bearer(tokens), 'accept-language': language } });
  const send = (method: 'POST' | 'PUT', url: string, payload?: object, language = 'en') =>
    t.app.inject({ method, url, payload, headers: { ...bearer(admin), 'accept-language': language } });
  const names = (regions: { cantName: string }[]) => regions.map((region) => region.cantName);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, sysadmin);
    reader = await signIn(t.app, staff);
  });
  afterAll(async () => t.close());

  it('loads the provinces, cities and districts of GB/T 2260 at the first start', async () => {
    const provinces = (await get('/api/admin/regions/children')).json().data;
    expect(provinces).toHaveLength(34);
    expect(provinces[0]).toMatchObject({
      cantCode: '110000',
      cantName: '北京市',
      shortName: '北京',
      cantType: 1,
      superCode: null,
      isLeaf: false,
    });
    expect(provinces.find((region: { cantCode: string }) => region.cantCode === '450000')).toMatchObject({ shortName: '广西' });
    const counts = await t.context.db
      .selectFrom('pf_region')
      .select(['cant_type'])
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .groupBy('cant_type')
      .orderBy('cant_type')
      .execute();
    expect(counts.map((row) => [row.cant_type, Number(row.n)])).toEqual([
      [1, 34],
      [2, 337],
      [3, 3311],
    ]);
  });

  it("answers a level's children for a cascader, to any signed-in user", async () => {
    const beijing = (await get('/api/admin/regions/children?code=110000', reader)).json().data;
    expect(names(beijing)).toContain('海淀区');
    expect(beijing.every((region: { cantType: number; isLeaf: boolean }) => region.cantType === 3 && region.isLeaf)).toBe(true);
    const guangdong = names((await get('/api/admin/regions/children?code=440000', reader)).json().data);
    expect(guangdong).toEqual(expect.arrayContaining(['广州市', '深圳市', '东莞市']));
    expect(names((await get('/api/admin/regions/children?code=440300')).json().data)).toContain('南山区');
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/regions/children' })).statusCode).toBe(401);
  });

  it('answers the path of a stored code, province first, and 404 for an unknown one', async () => {
    expect(names((await get('/api/admin/regions/440305/path')).json().data)).toEqual(['广东省', '深圳市', '南山区']);
    expect(names((await get('/api/admin/regions/110108/path')).json().data)).toEqual(['北京市', '海淀区']);
    expect((await get('/api/admin/regions/999999/path')).statusCode).toBe(404);
    expect((await get('/api/admin/regions/12345/path')).statusCode).toBe(400);
  });

  it('finds regions by code prefix or by name, with the names above each', async () => {
    const byName = (await get(`/api/admin/regions/search?text=${encodeURIComponent('南山')}`)).json().data;
    expect(byName.records).toContainEqual(expect.objectContaining({ cantCode: '440305', pathNames: ['广东省', '深圳市'] }));
    expect(byName.total).toBe(byName.records.length);
    const byCode = (await get('/api/admin/regions/search?text=4403&limit=5')).json().data;
    expect(byCode.records).toHaveLength(5);
    expect(byCode.total).toBeGreaterThan(5);
    expect(byCode.records.every((region: { cantCode: string }) => region.cantCode.startsWith('4403'))).toBe(true);
  });

  it('adds a local town under its district and refuses one placed wrongly, in the caller language', async () => {
    const town = { cantCode: '110108001000', cantName: '万寿路街道', shortName: '', cantType: 4, superCode: '110108' };
    const added = await send('POST', '/api/admin/regions', town);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data).toMatchObject({ cantCode: '110108001000', local: true, isLeaf: true });
    expect(names((await get('/api/admin/regions/110108001000/path')).json().data)).toEqual(['北京市', '海淀区', '万寿路街道']);

    const duplicate = await send('POST', '/api/admin/regions', town, 'zh');
    expect(duplicate.json().message).toBe('编码110108001000已存在');
    const elsewhere = await send('POST', '/api/admin/regions', { ...town, cantCode: '440305001000' }, 'zh');
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toBe('区划440305001000不能放在海淀区下：级别须低于上级，代码须以上级代码开头');
    const badCode = await send('POST', '/api/admin/regions', { ...town, cantCode: '11010800' }, 'zh');
    expect(badCode.json().message).toContain('区划代码为6位数字（乡镇为12位）');
    const noParent = await send('POST', '/api/admin/regions', { ...town, cantCode: '990101001000', superCode: '990101' });
    expect(noParent.statusCode).toBe(422);
    expect(
      (
        await t.context.db
          .selectFrom('pf_region')
          .select('cant_code')
          .where('cant_code', 'in', ['440305001000', '11010800', '990101001000'])
          .execute()
      ).length,
    ).toBe(0);
  });

  it('renames a region and takes it out of the pickers while the administration page still lists it', async () => {
    const renamed = await send('PUT', '/api/admin/regions/110108', { cantName: '海淀区', shortName: '海淀新' });
    expect(renamed.json().data).toMatchObject({ shortName: '海淀新', local: true });
    expect((await send('POST', '/api/admin/regions/110109/disable')).statusCode).toBe(200);
    expect(names((await get('/api/admin/regions/children?code=110000', reader)).json().data)).not.toContain('门头沟区');
    const listed = (await get('/api/admin/regions/children?code=110000&includeDisabled=true')).json().data;
    expect(listed.find((region: { cantCode: string }) => region.cantCode === '110109')).toMatchObject({ enabled: false });
    expect((await get(`/api/admin/regions/search?text=${encodeURIComponent('门头沟')}`, reader)).json().data.total).toBe(0);
    expect((await send('POST', '/api/admin/regions/110109/enable')).statusCode).toBe(200);
    expect(names((await get('/api/admin/regions/children?code=110000', reader)).json().data)).toContain('门头沟区');
  });

  it('refuses changes to a user without the region grants', async () => {
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/regions/110108',
      payload: { cantName: 'x', shortName: '' },
      headers: bearer(reader),
    });
    expect(refused.statusCode).toBe(403);
  });
});
