import { type Namespace, type PageResult, publicNamespace } from '@qiming/shared';
import { useQuery } from '@tanstack/react-query';
import { Select, Space } from 'antd';
import type { TFunction } from 'i18next';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../../../core/request/client.ts';

/** The public namespace by its translated name (spec section 9); others by the name they were given. */
export function namespaceLabel(namespace: Pick<Namespace, 'namespaceId' | 'name'>, t: TFunction): string {
  return namespace.namespaceId === publicNamespace ? t('governance.publicNamespace') : namespace.name;
}

export function useNamespaces() {
  return (
    useQuery({
      queryKey: ['/admin/namespaces/all'],
      queryFn: () => http.get<PageResult<Namespace>>('/admin/namespaces/all').then((page) => page.records),
    }).data ?? []
  );
}

/** The namespace a registry or config page shows, chosen from every namespace; `public` first. */
export function useNamespacePicker() {
  const { t } = useTranslation();
  const namespaces = useNamespaces();
  const [namespaceId, setNamespaceId] = useState(publicNamespace);
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
  return { namespaceId, namespaces, picker };
}
