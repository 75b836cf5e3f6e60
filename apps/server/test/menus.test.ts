import type { LegacyMenuEntry, MenuEntry } from '@qiming/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signIn, staff, sysadmin, type TestApp } from './testApp.ts';

/** What the demo's leave-applicant role adds to staff01's menu. */
const leaveApplicantEntries = ['forms', 'forms_fill', 'bpm', 'bpm_todo', 'bpm_done'];

const codes = (entries: MenuEntry[]): string[] => entries.flatMap((entry) => [entry.menuCode, ...codes(entry.children)]);

describe(`menus derived from grants (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const menusOf = async (account: { userName: string; password: string }) => {
    const tokens = await signIn(t.app, account);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/current/menus?clientId=qiming-admin&operationType=0',
      headers: bearer(tokens),
    });
    expect(response.statusCode).toBe(200);
    return response.json().data as MenuEntry[];
  };

  it('gives the super administrator every entry with every action and its url resources', async () => {
    const menus = await menusOf(sysadmin);
    expect(codes(menus)).toEqual([
      'system',
      'system_dictionary',
      'system_menu',
      'system_calendar',
      'system_region',
      'system_serial',
      'system_function',
      'iam',
      'iam_organ',
      'iam_account',
      'iam_role',
      'iam_passwordPolicy',
      'audit',
      'audit_loginLog',
      'audit_operationLog',
      'optLog_errorLog',
      'todo',
      'portal',
      'portal_site',
      'portal_news',
      'portal_services',
      'portal_customers',
      'portal_about',
      'portal_jobs',
      'governance',
      'governance_namespace',
      'governance_registry',
      'governance_config',
      'governance_gateway',
      'governance_apiGroup',
      'governance_flowRule',
      'governance_degradeRule',
      'monitor',
      'monitor_figures',
      'monitor_alarmRule',
      'monitor_alarmReceiver',
      'monitor_alarmEvent',
      'monitor_outbound',
      'forms',
      'forms_designer',
      'forms_fill',
      'forms_submissions',
      'bpm',
      'bpm_model',
      'bpm_definition',
      'bpm_todo',
      'bpm_done',
      'bpm_monitor',
      'bpm_participant',
      'bpm_listener',
      'bpm_plugin',
      'bpm_statistics',
    ]);
    const dictionary = menus[0]?.children[0];
    expect(dictionary).toMatchObject({
      path: 'system/dictionary',
      scheme: '/',
      level: 2,
      authority: 'platform.dict',
      parentId: menus[0]?.menuId,
    });
    expect(dictionary?.actionList.map((action) => action.actionCode)).toEqual(['dict:view', 'dict:add', 'dict:edit', 'dict:delete']);
    expect(dictionary?.actionList[1]?.resourceList.map((resource) => resource.path)).toEqual([
      'POST /api/admin/dicts',
      'POST /api/admin/dicts/:dictId/items',
    ]);
  });

  it('gives a dictionary reader the dictionary entry with only the view action, and the to-do list every user keeps', async () => {
    const menus = await menusOf(staff);
    // The demo's staff01 also applies for leave: filling forms and the workflow's to-do and done lists.
    expect(codes(menus)).toEqual(['system', 'system_dictionary', 'todo', ...leaveApplicantEntries]);
    expect(menus[1]?.actionList.map((action) => action.actionCode)).toEqual(['todo:view', 'todo:edit']);
    expect(menus[0]?.children[0]?.actionList.map((action) => action.actionCode)).toEqual(['dict:view']);
  });

  it('answers the legacy shape for a menu type', async () => {
    const tokens = await signIn(t.app, staff);
    const me = (await t.app.inject({ method: 'GET', url: '/api/admin/current/user', headers: bearer(tokens) })).json().data;
    const response = await t.app.inject({ method: 'GET', url: `/api/bsp/current/menu/${me.menuTypeId}`, headers: bearer(tokens) });
    const { nMenu, menu } = response.json().data;
    expect(codes(JSON.parse(nMenu))).toEqual(['system', 'system_dictionary', 'todo', ...leaveApplicantEntries]);
    const legacy = JSON.parse(menu) as LegacyMenuEntry[];
    expect(legacy[0]).toMatchObject({ url: 'system', isLeaf: false, hidden: false });
    expect(legacy[0]?.children?.[0]).toMatchObject({
      url: 'system/dictionary',
      componentPath: 'system/dictionary',
      isLeaf: true,
      functionCode: 'platform.dict',
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/bsp/current/menu/9999', headers: bearer(tokens) })).statusCode).toBe(404);
  });

  it('shows a leaf without a function to the super administrator only, and a link out to everyone', async () => {
    const admin = await signIn(t.app, sysadmin);
    const me = (await t.app.inject({ method: 'GET', url: '/api/admin/current/user', headers: bearer(admin) })).json().data;
    for (const [menuCode, menuPath] of [
      ['orphan_page', 'system/nowhere'],
      ['help_site', 'https://help.example.com/qiming'],
    ]) {
      const added = await t.app.inject({
        method: 'POST',
        url: `/api/admin/menu-types/${me.menuTypeId}/menus`,
        payload: { menuCode, menuName: menuCode, menuPath, parentMenuId: null, isLeaf: true, seq: 99 },
        headers: bearer(admin),
      });
      expect(added.statusCode, added.body).toBe(200);
    }
    expect(codes(await menusOf(sysadmin))).toEqual(expect.arrayContaining(['orphan_page', 'help_site']));
    const staffCodes = codes(await menusOf(staff));
    expect(staffCodes).toContain('help_site');
    expect(staffCodes).not.toContain('orphan_page');
  });

  it('refuses the menu call without its client id and operation type', async () => {
    const tokens = await signIn(t.app, staff);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/current/menus?clientId=other&operationType=1',
      headers: bearer(tokens),
    });
    expect(response.statusCode).toBe(400);
  });
});
