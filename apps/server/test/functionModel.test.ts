import type { ModelNode } from '@qiming/shared';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signIn, staff, sysadmin, type TestApp, type Tokens } from './testApp.ts';

const base = '/api/admin/function-model';

const crmSql = `-- The CRM service's model, as another installation exported it.
INSERT INTO pf_app (app_code, app_name, server_host, port, context, transport, seq)
VALUES ('crm', '客户管理', 'crm.internal', 8080, '/crm', 'http', 1);
INSERT INTO pf_module (app_code, module_code, module_name) VALUES ('crm', 'crm.customer', '客户');
/* Two functions; the card comes second. */
INSERT INTO pf_function (module_code, function_code, function_name) VALUES
  ('crm.customer', 'crm.customer.list', '客户列表'),
  ('crm.customer', 'crm.customer.card', 'Customer''s card');
INSERT INTO pf_operation (function_code, operation_code, operation_name, operation_type_code, is_default)
VALUES ('crm.customer.list', 'customer:view', '查看', 'view', 1), ('crm.customer.list', 'customer:add', '新增', 'add', 0);
INSERT INTO pf_url (operation_code, url_name, method, url_content, access_type)
VALUES ('customer:view', 'List customers; paged', 'GET', '/crm/customers', 'authorised');
`;

const zipOf = (files: Record<string, string | Uint8Array>) =>
  Buffer.from(
    zipSync(Object.fromEntries(Object.entries(files).map(([name, body]) => [name, typeof body === 'string' ? strToU8(body) : body]))),
  );

describe(`function model administration and import (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  let admin: Tokens;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, sysadmin);
  });
  afterAll(async () => t.close());

  const send = (method: 'POST' | 'PUT', url: string, payload: object, language = 'en') =>
    t.app.inject({ method, url, payload, headers: { ...bearer(admin), 'accept-language': language } });
  const tree = async (): Promise<ModelNode[]> =>
    (await t.app.inject({ method: 'GET', url: `${base}/tree`, headers: bearer(admin) })).json().data;
  const find = (nodes: ModelNode[], code: string): ModelNode | undefined => {
    for (const node of nodes) {
      if (node.code === code) return node;
      const below = find(node.children, code);
      if (below) return below;
    }
    return undefined;
  };
  const importZip = (zip: Buffer, language = 'zh') =>
    t.app.inject({
      method: 'POST',
      url: `${base}/import`,
      payload: zip,
      headers: { ...bearer(admin), 'content-type': 'application/zip', 'accept-language': language },
    });
  const rowCounts = async () =>
    Promise.all(
      ['pf_app', 'pf_module', 'pf_function', 'pf_operation', 'pf_url'].map(
        async (table) =>
          (
            await t.context.db
              .selectFrom(table as 'pf_app')
              .select('id')
              .execute()
          ).length,
      ),
    );

  it("shows Qiming's own model as built in, and refuses to change it or add below it", async () => {
    const qiming = find(await tree(), 'qiming') as ModelNode;
    expect(qiming.builtIn).toBe(true);
    const role = find(qiming.children, 'role:grant') as ModelNode;
    expect(role).toMatchObject({ level: 'operation', builtIn: true });
    expect(role.children.map((url) => url.code)).toContain('PUT /api/admin/roles/:id/operations');

    const edit = await send('PUT', `${base}/operations/${role.id}`, { ...role.fields, parentId: 1, operationName: 'x' }, 'zh');
    expect(edit.json().message).toBe('内置的功能模型由程序声明，不能修改');
    const below = await send('POST', `${base}/urls`, {
      parentId: role.id,
      urlName: 'x',
      method: 'GET',
      urlContent: '/x',
      accessType: 'public',
    });
    expect(below.statusCode).toBe(400);
    expect((await send('POST', `${base}/operations/delete`, { ids: [role.id] })).statusCode).toBe(400);
    expect(find(await tree(), 'role:grant')).toBeDefined();
  });

  it('adds, edits and deletes an app and what sits below it, with the address and code rules in the caller language', async () => {
    const badAddress = await send(
      'POST',
      `${base}/apps`,
      { appCode: 'erp', appName: 'ERP', address: 'erp.internal/erp', transport: 'http', seq: 2 },
      'zh',
    );
    expect(badAddress.json().message).toBe('应用地址格式应为 host:port/context');
    const badPort = await send('POST', `${base}/apps`, {
      appCode: 'erp',
      appName: 'ERP',
      address: 'erp:70000/erp',
      transport: 'http',
      seq: 2,
    });
    expect(badPort.statusCode).toBe(400);

    const app = await send('POST', `${base}/apps`, {
      appCode: 'erp',
      appName: 'ERP',
      address: 'erp.internal:9000/erp',
      transport: 'https',
      seq: 2,
    });
    expect(app.statusCode, app.body).toBe(200);
    const appId = app.json().data.id;
    const module = (await send('POST', `${base}/modules`, { parentId: appId, moduleCode: 'erp.stock', moduleName: 'Stock', seq: 1 })).json()
      .data.id;
    const fn = (
      await send('POST', `${base}/functions`, { parentId: module, functionCode: 'erp.stock.items', functionName: 'Items', seq: 1 })
    ).json().data.id;
    const badCode = await send('POST', `${base}/operations`, {
      parentId: fn,
      operationCode: '1item',
      operationName: 'x',
      operationTypeCode: 'view',
      seq: 1,
    });
    expect(badCode.json().message).toBe('A code starts with a letter and holds only letters, digits, _ . : or -');
    const operation = await send('POST', `${base}/operations`, {
      parentId: fn,
      operationCode: 'item:view',
      operationName: 'View',
      operationTypeCode: 'view',
      isDefault: true,
      seq: 1,
    });
    const operationId = operation.json().data.id;
    const url = await send('POST', `${base}/urls`, {
      parentId: operationId,
      urlName: 'Items',
      method: 'GET',
      urlContent: '/erp/items',
      accessType: 'authorised',
    });
    expect(url.statusCode, url.body).toBe(200);
    const duplicate = await send('POST', `${base}/modules`, { parentId: appId, moduleCode: 'iam', moduleName: 'x', seq: 1 });
    expect(duplicate.json().message).toBe('The code iam already exists');

    const renamed = await send('PUT', `${base}/apps/${appId}`, {
      appCode: 'erp',
      appName: '企业资源',
      address: '10.0.0.7:9001/erp2',
      transport: 'http',
      seq: 2,
    });
    expect(renamed.statusCode).toBe(200);
    const erp = find(await tree(), 'erp') as ModelNode;
    expect(erp).toMatchObject({ name: '企业资源', builtIn: false, fields: { address: '10.0.0.7:9001/erp2', transport: 'http' } });
    expect(find(erp.children, 'GET /erp/items')).toMatchObject({ level: 'url', fields: { accessType: 'authorised' } });

    const notEmpty = await send('POST', `${base}/apps/delete`, { ids: [appId] }, 'zh');
    expect(notEmpty.json().message).toBe('企业资源 下还有下级节点，请先删除下级');
    for (const [level, id] of [
      ['urls', url.json().data.id],
      ['operations', operationId],
      ['functions', fn],
      ['modules', module],
      ['apps', appId],
    ] as const) {
      expect((await send('POST', `${base}/${level}/delete`, { ids: [id] })).statusCode).toBe(200);
    }
    expect(find(await tree(), 'erp')).toBeUndefined();
  });

  it("never lets another app's rows reach the guard: a taken route is refused, a new one opens nothing", async () => {
    const app = (
      await send('POST', `${base}/apps`, { appCode: 'shadow', appName: 'Shadow', address: 'shadow:80/', transport: 'http', seq: 9 })
    ).json().data.id;
    const module = (await send('POST', `${base}/modules`, { parentId: app, moduleCode: 'shadow.m', moduleName: 'M', seq: 1 })).json().data
      .id;
    const fn = (await send('POST', `${base}/functions`, { parentId: module, functionCode: 'shadow.f', functionName: 'F', seq: 1 })).json()
      .data.id;
    const operation = (
      await send('POST', `${base}/operations`, {
        parentId: fn,
        operationCode: 'shadow:open',
        operationName: 'Open',
        operationTypeCode: 'view',
        seq: 1,
      })
    ).json().data.id;
    const steal = await send('POST', `${base}/urls`, {
      parentId: operation,
      urlName: 'Accounts',
      method: 'GET',
      urlContent: '/api/admin/accounts',
      accessType: 'public',
    });
    expect(steal.statusCode).toBe(400);
    const own = await send('POST', `${base}/urls`, {
      parentId: operation,
      urlName: 'Public thing',
      method: 'GET',
      urlContent: '/api/admin/function-model/shadow',
      accessType: 'public',
    });
    expect(own.statusCode).toBe(200);
    await t.context.accessIndex.reload();
    expect(t.context.accessIndex.find('GET', '/api/admin/function-model/shadow')).toBeUndefined();
    expect(t.context.accessIndex.find('GET', '/api/admin/accounts')?.operationCode).toBe('account:view');

    const signedOut = await t.app.inject({ method: 'GET', url: `${base}/tree` });
    expect(signedOut.statusCode).toBe(401);
    const reader = await signIn(t.app, staff);
    expect((await t.app.inject({ method: 'GET', url: `${base}/tree`, headers: bearer(reader) })).statusCode).toBe(403);
  });

  it('imports a zip in one transaction and reports what it added', async () => {
    const response = await importZip(zipOf({ 'crm/model.txt': crmSql }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({
      files: 1,
      statements: 5,
      added: { app: 1, module: 1, function: 2, operation: 2, url: 1 },
    });
    const crm = find(await tree(), 'crm') as ModelNode;
    expect(crm.fields).toMatchObject({ appName: '客户管理', address: 'crm.internal:8080/crm', seq: 1 });
    expect(find(crm.children, 'crm.customer.card')?.name).toBe("Customer's card");
    expect(find(crm.children, 'customer:view')?.fields).toMatchObject({ isDefault: true, operationTypeCode: 'view' });
    expect(find(crm.children, 'GET /crm/customers')?.name).toBe('List customers; paged');
  });

  it('refuses a bad archive with its file, line and reason, and adds nothing', async () => {
    const before = await rowCounts();
    const good =
      "INSERT INTO pf_app (app_code, app_name, server_host, port, context, transport) VALUES ('hr', 'HR', 'hr', 80, '/hr', 'http');";
    const cases: Array<[Record<string, string | Uint8Array>, string]> = [
      [{ 'a.txt': good, 'b.txt': `${good.replace(/hr/g, 'hx')}\n\nDELETE FROM pf_app;` }, 'b.txt 第3行：只允许 INSERT 语句'],
      [{ 'a.txt': `${good}\nINSERT INTO iam_account (user_name) VALUES ('x');` }, 'a.txt 第2行：不能写入表 iam_account'],
      [
        { 'a.txt': `${good}\nINSERT INTO pf_module (app_code, module_code, module_name) VALUES ('hr', 'hr.x' 'HR');` },
        'a.txt 第2行：SQL 语法错误',
      ],
      [
        { 'a.txt': `${good}\nINSERT INTO pf_module (app_code, module_code, module_name) VALUES ('nope', 'hr.x', 'X');` },
        'a.txt 第2行：上级 nope 不存在',
      ],
      [
        { 'a.txt': "INSERT INTO pf_module (app_code, module_code, module_name) VALUES ('qiming', 'sneaky', 'X');" },
        'a.txt 第1行：不能导入到内置的 qiming 下',
      ],
      [
        {
          'a.txt':
            "INSERT INTO pf_app (app_code, app_name, server_host, port, context, transport) VALUES ('qiming', 'Q', 'q', 1, '/', 'http');",
        },
        'a.txt 第1行：不能导入到内置的 qiming 下',
      ],
      [{ 'a.txt': `${good}\n${good}` }, 'a.txt 第2行：编码 hr 已存在'],
      [
        { 'a.txt': `${good}\nINSERT INTO pf_module (app_code, module_code, module_name, id) VALUES ('hr', 'hr.x', 'X', 7);` },
        'a.txt 第2行：须写明列名，且只能用 app_code, module_code, module_name, seq',
      ],
      [
        {
          'a.txt':
            "INSERT INTO pf_app (app_code, app_name, server_host, port, context, transport) VALUES ('hr', 'HR', 'hr', 80, 'hr', 'http');",
        },
        'a.txt 第1行：address：应用地址格式应为 host:port/context',
      ],
      [
        {
          'a.txt':
            "INSERT INTO pf_app (app_code, app_name, server_host, port, context, transport) VALUES ('hr', lower('HR'), 'hr', 80, '/hr', 'http');",
        },
        'a.txt 第1行：app_name 的值须是字符串或数字',
      ],
      [{ 'a.txt': new Uint8Array([0xef, 0xbb, 0xbf, ...strToU8(good)]) }, 'a.txt 以 BOM 开头，请保存为无 BOM 的 UTF-8'],
      [{ 'a.txt': new Uint8Array([...strToU8(`${good}\n-- `), 0xd6, 0xd0, 0xce, 0xc4]) }, 'a.txt 不是 UTF-8 编码（第2行）'],
      [{ 'a.txt': `${good}\n-- \u0000` }, 'a.txt含有无法保存的字符（NUL 字节或不成对的代理项）'],
      [{ 'model.sql': good }, '压缩包中的 model.sql 不是 .txt 文件'],
      [{ '../evil.txt': good }, '压缩包中的 ../evil.txt 不是 .txt 文件'],
      [{ 'a.txt': '-- nothing but a comment\n' }, '压缩包中没有 SQL 语句'],
      [Object.fromEntries(Array.from({ length: 201 }, (_, index) => [`f${index}.txt`, good])), '导入文件的条目过多（最多200个）'],
    ];
    for (const [files, message] of cases) {
      const response = await importZip(zipOf(files));
      expect(response.statusCode, message).toBe(400);
      expect(response.json().message).toBe(message);
    }
    const notZip = await importZip(Buffer.from(good));
    expect(notZip.json().message).toBe('导入文件必须是 .zip 压缩包');
    const bomb = await importZip(zipOf({ 'a.txt': `${good}\n-- ${'x'.repeat(5 * 1024 * 1024)}` }));
    expect(bomb.json().message).toMatch(/^导入文件中的 a.txt 过大/);
    expect(await rowCounts()).toEqual(before);
  });

  it('exports a subtree that imports back to the same tree', async () => {
    const crm = find(await tree(), 'crm') as ModelNode;
    const exported = await t.app.inject({ method: 'GET', url: `${base}/apps/${crm.id}/export`, headers: bearer(admin) });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(exported.rawPayload));
    expect(Object.keys(files)).toEqual(['crm.txt']);
    expect(new TextDecoder().decode(files['crm.txt'])).toContain("VALUES ('crm.customer', 'crm.customer.card', 'Customer''s card', 0);");

    const strip = (node: ModelNode): unknown => ({ ...node, id: undefined, children: node.children.map(strip) });
    const remove = async (node: ModelNode) => {
      for (const child of node.children) await remove(child);
      expect((await send('POST', `${base}/${node.level}s/delete`, { ids: [node.id] })).statusCode).toBe(200);
    };
    await remove(crm);
    expect(find(await tree(), 'crm')).toBeUndefined();
    const again = await importZip(Buffer.from(exported.rawPayload));
    expect(again.statusCode, again.body).toBe(200);
    expect(strip(find(await tree(), 'crm') as ModelNode)).toEqual(strip(crm));
  });
});
