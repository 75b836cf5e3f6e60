import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signIn, sysadmin, type TestApp, type Tokens } from './testApp.ts';

describe(`menu administration (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  let admin: Tokens;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { ...bearer(admin), 'accept-language': 'zh' } });
  const entry = (menuCode: string, parentMenuId: number | null) => ({ menuCode, menuName: menuCode, parentMenuId, isLeaf: false, seq: 1 });
  const add = async (typeId: number, menuCode: string, parentMenuId: number | null = null) => {
    const response = await call('POST', `/api/admin/menu-types/${typeId}/menus`, entry(menuCode, parentMenuId));
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.id as number;
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, sysadmin);
  });
  afterAll(async () => t.close());

  it('refuses a parent that is the entry itself or below it, so no branch falls out of the tree', async () => {
    const backOffice = (await call('GET', '/api/admin/menu-types')).json().data.records[0].id;
    const top = await add(backOffice, 'loopTop');
    const middle = await add(backOffice, 'loopMiddle', top);
    const bottom = await add(backOffice, 'loopBottom', middle);
    for (const parent of [top, bottom]) {
      const refused = await call('PUT', `/api/admin/menus/${top}`, entry('loopTop', parent));
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe('上级菜单不能是该菜单本身或其下级菜单');
    }
    const listed = (await call('GET', `/api/admin/menu-types/${backOffice}/menus`)).json().data;
    expect(listed.find((menu: { id: number }) => menu.id === top)).toMatchObject({ parentMenuId: null, menuTypeId: backOffice });
    expect((await call('PUT', `/api/admin/menus/${bottom}`, entry('loopBottom', top))).statusCode).toBe(200);
  });

  it("refuses another menu type's entry as parent", async () => {
    const [backOffice] = (await call('GET', '/api/admin/menu-types')).json().data.records;
    const other = (await call('POST', '/api/admin/menu-types', { menuTypeName: 'Mobile', isSys: false })).json().data.id;
    const foreign = await add(other, 'mobileHome');
    const refused = await call('POST', `/api/admin/menu-types/${backOffice.id}/menus`, entry('stray', foreign));
    expect(refused.json().message).toBe('上级菜单必须属于同一菜单类型');
    expect((await call('POST', `/api/admin/menu-types/${backOffice.id}/menus`, entry('stray', 999_999))).statusCode).toBe(422);
  });

  it('renames a menu type and deletes one nobody uses with its entries, but keeps a system type and one in use', async () => {
    const types = (await call('GET', '/api/admin/menu-types')).json().data.records as { id: number; menuTypeName: string; isSys: number }[];
    const backOffice = types[0]?.id ?? 0;
    const mobile = types.find((type) => type.menuTypeName === 'Mobile')?.id ?? 0;
    expect((await call('PUT', `/api/admin/menu-types/${mobile}`, { menuTypeName: 'Mobile app' })).json().data).toMatchObject({
      menuTypeName: 'Mobile app',
    });

    const partners = (await call('POST', '/api/admin/menu-types', { menuTypeName: 'Partners', isSys: false })).json().data.id;
    await t.context.db.updateTable('iam_account').set({ menu_type_id: partners }).where('user_name', '=', 'staff01').execute();
    const inUse = await call('POST', `/api/admin/menu-types/${partners}/delete`);
    expect(inUse.statusCode).toBe(400);
    expect(inUse.json().message).toBe('该菜单类型仍被1个账号使用，不能删除');
    await t.context.db.updateTable('iam_account').set({ menu_type_id: backOffice }).where('user_name', '=', 'staff01').execute();
    const system = (await call('POST', '/api/admin/menu-types', { menuTypeName: 'Kiosk', isSys: true })).json().data.id;
    expect((await call('POST', `/api/admin/menu-types/${system}/delete`)).json().message).toBe('系统菜单类型不能删除');

    expect((await call('POST', `/api/admin/menu-types/${mobile}/delete`)).statusCode).toBe(200);
    expect((await call('GET', `/api/admin/menu-types/${mobile}/menus`)).statusCode).toBe(404);
    expect(await t.context.db.selectFrom('pf_menu').select('id').where('menu_type_id', '=', mobile).execute()).toEqual([]);
  });
});
