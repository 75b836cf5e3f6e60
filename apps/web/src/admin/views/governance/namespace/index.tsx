import { SafetyOutlined } from '@ant-design/icons';
import { governanceRules, type Namespace } from '@qiming/shared';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Access } from '../../../crud/Access.tsx';
import { ResourceTable } from '../../../crud/ResourceTable.tsx';
import type { ResourceDeclaration } from '../../../crud/resource.ts';
import { namespaceLabel } from '../shared/namespaces.tsx';
import { NamespaceGrants } from './NamespaceGrants.tsx';

export default function NamespacePage() {
  const { t } = useTranslation();
  const [granting, setGranting] = useState<Namespace | null>(null);
  const namespaces: ResourceDeclaration<Namespace> = {
    name: 'governance.namespaceName',
    apiPath: '/admin/namespaces',
    permissions: { create: 'namespace:add', update: 'namespace:edit', delete: 'namespace:delete' },
    columns: [
      { key: 'namespaceId', title: 'governance.namespaceId', sortable: true },
      { key: 'name', title: 'governance.name', sortable: true, render: (row) => namespaceLabel(row, t) },
      { key: 'description', title: 'governance.description' },
      { key: 'configCount', title: 'governance.configCount', width: 110 },
      { key: 'serviceCount', title: 'governance.serviceCount', width: 110 },
    ],
    formFields: [
      { name: 'namespaceId', label: 'governance.namespaceId', rules: governanceRules.namespaceId, readOnlyOnEdit: true },
      { name: 'name', label: 'governance.name', rules: governanceRules.namespaceName },
      { name: 'description', label: 'governance.description', rules: governanceRules.description, input: 'textarea' },
    ],
    rowActions: (row) => (
      <Access code="namespace:grant">
        <Button type="link" size="small" icon={<SafetyOutlined />} onClick={() => setGranting(row)}>
          {t('namespaceGrants.open')}
        </Button>
      </Access>
    ),
  };
  return (
    <>
      <ResourceTable resource={namespaces} />
      <NamespaceGrants namespace={granting} onClose={() => setGranting(null)} />
    </>
  );
}
