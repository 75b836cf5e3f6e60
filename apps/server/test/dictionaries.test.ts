import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, form, signIn, sysadmin, type TestApp, type Tokens } from './testApp.ts';

describe(`dictionaries (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  let admin: Tokens;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, sysadmin);
  });
  afterAll(async () => t.close());

  const send = (method: 'POST' | 'PUT', url: string, values: Record<string, string | number | Array<string | number>>, language = 'en') => {
    const body = form(values);
    return t.app.inject({
      method,
      url,
      payload: body.payload,
      headers: { ...body.headers, ...bearer(admin), 'accept-language': language },
    });
  };
  const get = (url: string, language = 'en') =>
    t.app.inject({ method: 'GET', url, headers: { ...bearer(admin), 'accept-language': language } });

  it('creates a dictionary from a form-encoded body and refuses a duplicate code', async () => {
    const created = await send('POST', '/api/admin/dicts', { dictCode: 'school_type', dictName: '学校类型', note: 'Kinds of school' });
    expect(created.json()).toMatchObject({ code: 200, data: { dictCode: 'school_type', dictName: '学校类型', itemCount: 0 } });
    const duplicate = await send('POST', '/api/admin/dicts', { dictCode: 'school_type', dictName: 'Again' }, 'zh');
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().message).toBe('字典编码已存在');
  });

  it('checks fields with the shared rules and their messages', async () => {
    const missing = await send('POST', '/api/admin/dicts', { dictCode: '', dictName: 'x' }, 'zh');
    expect(missing.json().message).toBe('必填项不能为空');
    const tooLong = await send('POST', '/api/admin/dicts', { dictCode: 'a'.repeat(51), dictName: 'x' }, 'zh');
    expect(tooLong.json().message).toBe('最大长度50位字符');
    const badCode = await send('POST', '/api/admin/dicts', { dictCode: '9lives', dictName: 'x' }, 'es');
    expect(badCode.json().message).toBe('Un código empieza por una letra y solo contiene letras, dígitos, _ . o -');
  });

  it('accepts JSON bodies as well as dotted form bodies', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/dicts',
      headers: bearer(admin),
      payload: { dictCode: 'json_made', dictName: 'JSON', note: '' },
    });
    expect(response.json().code).toBe(200);
  });

  it('pages, filters and sorts, only by declared columns', async () => {
    const page = await get('/api/admin/dicts?limit=2&page=1&sort=dictCode&order=desc');
    expect(page.json().data.total).toBeGreaterThanOrEqual(8);
    expect(page.json().data.records).toHaveLength(2);
    const codes = page.json().data.records.map((row: { dictCode: string }) => row.dictCode);
    expect(codes).toEqual([...codes].sort().reverse());
    const filtered = await get('/api/admin/dicts?dictCode=SCHOOL');
    expect(filtered.json().data.records.map((row: { dictCode: string }) => row.dictCode)).toEqual(['school_type']);
    const literal = await get('/api/admin/dicts?dictCode=%25');
    expect(literal.json().data.total).toBe(0);
    const badSort = await get('/api/admin/dicts?sort=password_hash', 'zh');
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().message).toBe('不能按字段password_hash排序');
  });

  it('manages items with a unique code per dictionary and keeps their order', async () => {
    const dictionary = (await get('/api/admin/dicts?dictCode=school_type')).json().data.records[0];
    const url = `/api/admin/dicts/${dictionary.id}/items`;
    await send('POST', url, { itemCode: 'middle', itemValue: '中学', index: 2 });
    await send('POST', url, { itemCode: 'primary', itemValue: '小学', index: 1 });
    const duplicate = await send('POST', url, { itemCode: 'primary', itemValue: 'again', index: 3 }, 'ja');
    expect(duplicate.json().message).toBe('この辞書に同じ項目コードが既に存在します');
    const notInteger = await send('POST', url, { itemCode: 'high', itemValue: '高中', index: 'three' }, 'zh');
    expect(notInteger.json().message).toBe('请输入整数');
    const items = (await get(url)).json().data;
    expect(items.records.map((row: { itemCode: string }) => row.itemCode)).toEqual(['primary', 'middle']);
    const middle = items.records[1];
    const edited = await send('PUT', `${url}/${middle.id}`, { itemCode: 'middle', itemValue: '初中', index: 0 });
    expect(edited.json().data).toMatchObject({ itemValue: '初中', index: 0 });
    expect((await get(`/api/admin/dicts/${dictionary.id}`)).json().data.itemCount).toBe(2);

    await send('POST', `${url}/delete`, { ids: [middle.id] });
    expect((await get(`/api/admin/dicts/${dictionary.id}`)).json().data.itemCount).toBe(1);
    expect((await get(url)).json().data.total).toBe(1);
    expect((await get(`${url}?itemValue=小学`)).json().data).toMatchObject({ total: 1, records: [{ itemCode: 'primary' }] });
  });

  it('deletes in batches and asks for at least one record', async () => {
    const none = await send('POST', '/api/admin/dicts/delete', {}, 'zh');
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('请至少选择一条记录');
    const made = await Promise.all(
      ['tmp_a', 'tmp_b'].map(async (code) => (await send('POST', '/api/admin/dicts', { dictCode: code, dictName: code })).json().data.id),
    );
    const deleted = await send('POST', '/api/admin/dicts/delete', { ids: made });
    expect(deleted.json().data).toEqual({ deleted: 2 });
    expect((await get('/api/admin/dicts?dictCode=tmp_')).json().data.total).toBe(0);
    const logged = await t.context.db
      .selectFrom('audit_operation_log')
      .selectAll()
      .where('operation', '=', 'dict:delete')
      .where('target', 'like', 'dict:%')
      .execute();
    expect(logged).toHaveLength(1);
    expect(logged[0]?.user_name).toBe('sysadmin');
  });

  it('records before and after of an edit in the operation log', async () => {
    const dictionary = (await get('/api/admin/dicts?dictCode=school_type')).json().data.records[0];
    await send('PUT', `/api/admin/dicts/${dictionary.id}`, { dictCode: 'school_type', dictName: '学校类别', note: '' });
    const row = await t.context.db
      .selectFrom('audit_operation_log')
      .selectAll()
      .where('operation', '=', 'dict:edit')
      .where('target', '=', `dict:${dictionary.id}`)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.before_value).dictName).toBe('学校类型');
    expect(JSON.parse(row.after_value).dictName).toBe('学校类别');
  });

  it('exports the filtered dictionaries as an Excel sheet with headers in the caller language', async () => {
    const response = await get('/api/admin/dicts/export?dictCode=school', 'zh');
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([undefined, '字典编码', '字典名称', '备注', '字典项数']);
    expect(sheet?.getRow(2).getCell(1).value).toBe('school_type');
    expect(sheet?.rowCount).toBe(2);
  });
});
