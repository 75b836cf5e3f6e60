import { type Namespace, publicNamespace } from '@qiming/shared';
import { useQuery } from '@tanstack/react-query';
import { Select, Space } from 'antd';
import type { TFunction } from 'i18next';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../../core/request/client.ts';

/** The public namespace by its translated name (spec section 9); others by the name they were given. */
export function namespaceLabel(namespace: Pick<Namespace, 'namespaceId' | 'name'>, t: TFunction): string {
  return namespace.namespaceId === publicNamespace ? t('governance.publicNamespace') : namespace.name;
}

function useNamespaceList() {
  return useQuery({
    queryKey: ['/admin/namespaces/all'],
    queryFn: () => api.get('/api/admin/namespaces/all').then((page) => page.records),
  });
}

export function useNamespaces() {
  return useNamespaceList().data ?? [];
}

/** `public` when it holds something, else the first namespace that does, else `public`. */
export function namespaceWithData(namespaces: Namespace[], count: 'serviceCount' | 'configCount'): string {
  const filled = namespaces.filter((namespace) => namespace[count] > 0);
  return (filled.find((namespace) => namespace.namespaceId === publicNamespace) ?? filled[0])?.namespaceId ?? publicNamespace;
}

/**
 * The namespace a registry or config page shows, chosen from every namespace. Until the user picks one,
 * the page opens on a namespace that holds `count` (a first view of "no data" tells nothing); `ready`
 * turns true once that is known.
 */
export function useNamespacePicker(count: 'serviceCount' | 'configCount') {
  const { t } = useTranslation();
  const list = useNamespaceList();
  const namespaces = list.data ?? [];
  const [chosen, setNamespaceId] = useState<string>();
  const namespaceId = chosen ?? namespaceWithData(namespaces, count);
  const ready = chosen !== undefined || !list.isPending;
  const id = useId();
  const picker = (
    <Space>
      <label htmlFor={id}>{t('governance.namespace')}</label>
      <Select
        id={id}
        value={namespaceId}
        onChange={setNamespaceId}
        style={{ minWidth: 200 }}
        options={namespaces.map((namespace) => ({ value: namespace.namespaceId, label: namespaceLabel(namespace, t) }))}
      />
    </Space>
  );
  return { namespaceId, namespaces, picker, ready };
}
