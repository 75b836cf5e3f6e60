import type { PageResult } from '@qiming/shared';
import { http, request } from '../../core/request/client.ts';

export interface ListQuery {
  page: number;
  limit: number;
  sort?: string;
  order?: 'asc' | 'desc';
  filters: Record<string, unknown>;
}

/** The resource's calls; pages never speak HTTP themselves. */
export function dataProvider<Row>(apiPath: string) {
  return {
    getList: ({ page, limit, sort, order, filters }: ListQuery) =>
      http.get<PageResult<Row>>(apiPath, { page, limit, sort, order, ...filters }),
    create: (values: object) => http.post<Row>(apiPath, values),
    update: (id: number, values: object) => http.put<Row>(`${apiPath}/${id}`, values),
    // The delete helper counts code 0 or 200 as success (ARCHITECTURE.md, "Success codes").
    deleteMany: (ids: number[]) =>
      request<{ deleted: number }>({ method: 'POST', url: `${apiPath}/delete`, data: { ids }, successCodes: [0, 200] }),
    exportFile: (filters: Record<string, unknown>) => http.download(`${apiPath}/export`, filters),
  };
}

export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.click();
  URL.revokeObjectURL(url);
}
