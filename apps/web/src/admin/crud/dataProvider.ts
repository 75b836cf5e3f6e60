import type { PageResult } from '@qiming/shared';
import type { TFunction } from 'i18next';
import { http, request } from '../../core/request/client.ts';
import { confirmBox, toastSuccess } from '../../core/request/notify.ts';

export interface ListQuery {
  page: number;
  limit: number;
  sort?: string;
  order?: 'asc' | 'desc';
  filters: Record<string, unknown>;
}

/** The delete helper of spec section 7: it counts code 0 or 200 as success (ARCHITECTURE.md, "Success codes"). */
export function deleteRecords(url: string, ids: number[]) {
  return request<{ deleted: number }>({ method: 'POST', url, data: { ids }, successCodes: [0, 200] });
}

/** Asks first (spec section 4), deletes, and says so; false when the user declined. */
export async function confirmAndDelete(t: TFunction, url: string, ids: number[]): Promise<boolean> {
  const confirmed = await confirmBox({
    title: t('confirm.deleteTitle'),
    content: t('confirm.deleteText'),
    okText: t('table.delete'),
    cancelText: t('table.cancel'),
    danger: true,
  });
  if (!confirmed) return false;
  await deleteRecords(url, ids);
  toastSuccess(t('confirm.deleted'));
  return true;
}

/** The resource's calls; pages never speak HTTP themselves. */
export function dataProvider<Row>(apiPath: string) {
  return {
    getList: ({ page, limit, sort, order, filters }: ListQuery) =>
      http.get<PageResult<Row>>(apiPath, { page, limit, sort, order, ...filters }),
    create: (values: object) => http.post<Row>(apiPath, values),
    update: (id: number, values: object) => http.put<Row>(`${apiPath}/${id}`, values),
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
