import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signIn, sysadmin, type TestApp, type Tokens } from './testApp.ts';

interface Item {
  id: number;
  itemCode: string;
  itemValue: string;
  index: number;
}

/**
 * Contains-search through the trigram index and deep pages read from the far end or by their keys
 * first must answer exactly what a scan of every row would: checked here against the rows themselves.
 */
describe(`large lists: indexed contains-search and deep pages (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  let admin: Tokens;
  let dictId: number;
  const rows = 3000;
  const values = ['Item %d', '项目%d号', 'a_b %d', '100% sure %d', 'Quote "%d"', 'MiXeD cAsE %d', 'x'];
  const items: Item[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, sysadmin);
    const dictionary = await t.context.db
      .insertInto('pf_dict')
      .values({ dict_code: 'large_list', dict_name: 'Large', note: '', item_count: rows, updated_at: t.clock.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    dictId = dictionary.id;
    const batch = Array.from({ length: rows }, (_, n) => ({
      dict_id: dictId,
      item_code: `c${n}`,
      item_value: (values[n % values.length] as string).replace('%d', String(n)),
      // Repeated positions make the tie-breaker decide the order of equal ones.
      item_index: n % 997,
    }));
    for (let start = 0; start < rows; start += 500) {
      await t.context.db
        .insertInto('pf_dict_item')
        .values(batch.slice(start, start + 500))
        .execute();
    }
    const stored = await t.context.db
      .selectFrom('pf_dict_item')
      .select(['id', 'item_code', 'item_value', 'item_index'])
      .where('dict_id', '=', dictId)
      .execute();
    for (const row of stored) items.push({ id: row.id, itemCode: row.item_code, itemValue: row.item_value, index: row.item_index });
  });
  afterAll(async () => t.close());

  const get = async (query: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/admin/dicts/${dictId}/items?${query}`, headers: bearer(admin) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { total: number; records: Item[] };
  };
  /** What a scan answers: ASCII-case-insensitive contains, as `lower(column) like` does in both dialects. */
  const lower = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());
  const scan = (field: 'itemCode' | 'itemValue', text: string) => items.filter((item) => lower(item[field]).includes(lower(text)));
  const byIndex = (a: Item, b: Item) => a.index - b.index || a.id - b.id;

  it.each([
    ['itemValue', 'Item 29'],
    ['itemValue', 'item 29'],
    ['itemValue', '项目1'],
    ['itemValue', '100%'],
    ['itemValue', 'a_b'],
    ['itemValue', '"12'],
    ['itemValue', 'mixed case 1'],
    ['itemValue', 'x'],
    ['itemValue', 'no such text'],
    ['itemCode', 'c29'],
    ['itemCode', '9'],
  ] as const)('finds %s containing %j exactly as a scan does', async (field, text) => {
    const expected = scan(field, text).sort(byIndex);
    const page = await get(`limit=100&page=1&${field}=${encodeURIComponent(text)}`);
    expect(page.total).toBe(expected.length);
    expect(page.records.map((item) => item.id)).toEqual(expected.slice(0, 100).map((item) => item.id));
  });

  it('pages through a search with the same total on every page, a page past its last match included', async () => {
    const expected = scan('itemValue', 'Item 2').sort(byIndex);
    expect(expected.length).toBeGreaterThan(20);
    const filter = `itemValue=${encodeURIComponent('Item 2')}`;
    const second = await get(`limit=10&page=2&${filter}`);
    expect(second.total).toBe(expected.length);
    expect(second.records.map((item) => item.id)).toEqual(expected.slice(10, 20).map((item) => item.id));
    expect(await get(`limit=10&page=${Math.ceil(expected.length / 10) + 1}&${filter}`)).toEqual({ total: expected.length, records: [] });
  });

  it('keeps the index in step with item edits and deletions', async () => {
    const [first] = items;
    const url = `/api/admin/dicts/${dictId}/items/${first?.id}`;
    const edited = await t.app.inject({
      method: 'PUT',
      url,
      headers: bearer(admin),
      payload: { itemCode: first?.itemCode, itemValue: 'Renamed zebra', index: 0 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await get('itemValue=zebra')).records.map((item) => item.id)).toEqual([first?.id]);
    expect((await get(`itemValue=${encodeURIComponent(first?.itemValue ?? '')}`)).records.map((item) => item.id)).not.toContain(first?.id);
    const removed = await t.app.inject({
      method: 'POST',
      url: `/api/admin/dicts/${dictId}/items/delete`,
      headers: bearer(admin),
      payload: { ids: [first?.id] },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await get('itemValue=zebra')).total).toBe(0);
  });

  it('answers every kind of page, near, middle and far, as the sorted rows', async () => {
    const current = (
      await t.context.db.selectFrom('pf_dict_item').select(['id', 'item_code', 'item_index']).where('dict_id', '=', dictId).execute()
    )
      .map((row) => ({ id: row.id, itemCode: row.item_code, index: row.item_index }))
      .sort((a, b) => a.index - b.index || a.id - b.id);
    const limit = 10;
    const pages = Math.ceil(current.length / limit);
    for (const page of [1, 2, 99, 101, 150, pages - 101, pages - 1, pages]) {
      const answer = await get(`limit=${limit}&page=${page}`);
      expect(answer.total).toBe(current.length);
      expect(
        answer.records.map((item) => item.id),
        `page ${page}`,
      ).toEqual(current.slice((page - 1) * limit, page * limit).map((item) => item.id));
    }
    const byCodeDesc = [...current].sort((a, b) => (a.itemCode < b.itemCode ? 1 : a.itemCode > b.itemCode ? -1 : b.id - a.id));
    for (const page of [1, 120, pages]) {
      const answer = await get(`limit=${limit}&page=${page}&sort=itemCode&order=desc`);
      expect(answer.records.map((item) => item.id)).toEqual(byCodeDesc.slice((page - 1) * limit, page * limit).map((item) => item.id));
    }
    expect((await get(`limit=${limit}&page=${pages + 1}`)).records).toEqual([]);
  });

  it('moves a middle page along when items are edited, even twice in the same millisecond', async () => {
    const sorted = async () =>
      (await t.context.db.selectFrom('pf_dict_item').select(['id', 'item_index']).where('dict_id', '=', dictId).execute())
        .map((row) => ({ id: row.id, index: row.item_index }))
        .sort((a, b) => a.index - b.index || a.id - b.id);
    const middle = async () => (await get('limit=10&page=150')).records.map((item) => item.id);
    const before = await sorted();
    expect(await middle()).toEqual(before.slice(1490, 1500).map((item) => item.id));
    // The test clock stands still: both edits carry the same time, and each must still move the list on.
    for (const moved of [before.at(-1), before.at(-2)]) {
      const item = items.find((candidate) => candidate.id === moved?.id) as Item;
      const edited = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/dicts/${dictId}/items/${item.id}`,
        headers: bearer(admin),
        payload: { itemCode: item.itemCode, itemValue: item.itemValue, index: -1 },
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(await middle()).toEqual((await sorted()).slice(1490, 1500).map((row) => row.id));
    }
  });
});
