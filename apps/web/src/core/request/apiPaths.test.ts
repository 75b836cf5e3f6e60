import type { DictionaryItem, Role } from '@qiming/shared';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import { fillPath, type ListPath } from './apiPaths.ts';
import { api, client } from './client.ts';

const adapter = client.defaults.adapter;
afterEach(() => {
  client.defaults.adapter = adapter;
});

/** Answers every call with `data` in the envelope, keeping what was asked. */
function answerWith(data: unknown): InternalAxiosRequestConfig[] {
  const asked: InternalAxiosRequestConfig[] = [];
  client.defaults.adapter = async (config) => {
    asked.push(config);
    return { data: { code: 200, message: 'success', data }, status: 200, statusText: 'OK', headers: {}, config };
  };
  return asked;
}

describe('the typed client', () => {
  it("fills the document's path parameters, encoded, under the client's base URL", () => {
    expect(fillPath('/api/admin/dicts/{dictId}/items', { dictId: 7 })).toBe('/admin/dicts/7/items');
    expect(fillPath('/api/admin/regions/{code}/path', { code: '11/01 x' })).toBe('/admin/regions/11%2F01%20x/path');
    expect(() => fillPath('/api/admin/dicts/{dictId}/items', {} as { dictId: number })).toThrow('{dictId}');
  });

  it('calls the filled path with the query and answers the envelope’s data', async () => {
    const asked = answerWith({ total: 1, records: [{ id: 3, dictId: 7, itemCode: 'a', itemValue: 'A', index: 0 }] });
    const page = await api.get('/api/admin/dicts/{dictId}/items', { path: { dictId: 7 }, query: { page: 2 } });
    expect(page.records[0]?.itemValue).toBe('A');
    expect(asked[0]?.url).toBe('/admin/dicts/7/items');
    expect(asked[0]?.params).toEqual({ page: 2 });
  });

  it('sends a body form-encoded, or as JSON when asked', async () => {
    const asked = answerWith({ deleted: 2 });
    const answer = await api.post('/api/admin/dicts/delete', { body: { ids: [1, 2] } });
    expect(answer.deleted).toBe(2);
    expect(asked[0]?.data).toBe('ids=1&ids=2');
    await api.post('/api/admin/dicts/delete', { body: { ids: [1, 2] }, json: true });
    expect(asked[1]?.data).toBe('{"ids":[1,2]}');
  });
});

/**
 * Never run: `npm run typecheck` proves that calls the served contract does not allow fail to compile.
 * Each line below would compile if the typed client accepted it.
 */
export async function refusedByTheTypeCheck() {
  // @ts-expect-error the server serves no such path
  await api.get('/api/admin/no-such-thing');
  // @ts-expect-error the path is served, but not with PUT
  await api.put('/api/admin/dicts/delete');
  // @ts-expect-error a path with a parameter needs its value
  await api.get('/api/admin/dicts/{dictId}/items');
  // @ts-expect-error the value is named after the path's parameter
  await api.get('/api/admin/dicts/{dictId}/items', { path: { id: 1 } });
  const page = await api.get('/api/admin/dicts/{dictId}/items', { path: { dictId: 1 } });
  // @ts-expect-error the answer is the declared shape: an item has no `name`
  page.records[0]?.name;
}

/** Never used: the CRUD kit's list paths are checked the same way. */
export const listPaths: Array<ListPath<DictionaryItem>> = [
  '/admin/dicts/7/items',
  // @ts-expect-error the server serves no such list
  '/admin/dicts/7/entries',
];
// @ts-expect-error the list is served, but holds dictionaries, not roles
export const wrongRows: ListPath<Role> = '/admin/dicts';
