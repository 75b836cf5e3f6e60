import { UnorderedListOutlined } from '@ant-design/icons';
import { governanceRules, type RegistryInstance, type RegistryService } from '@qiming/shared';
import { Button, Drawer, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../core/i18n/formatTimeAgo.ts';
import { ResourceTable } from '../../../crud/ResourceTable.tsx';
import type { ResourceDeclaration } from '../../../crud/resource.ts';
import { useNamespacePicker } from '../shared/namespaces.tsx';

/** Instance health changes by itself as beats come and stop; the lists follow it. */
const refreshEveryMs = 5_000;

function instancesResource(
  namespaceId: string,
  service: RegistryService,
  t: (key: string) => string,
): ResourceDeclaration<RegistryInstance> {
  return {
    name: 'governance.instance',
    apiPath: `/admin/registry/${namespaceId}/services/${service.id}/instances`,
    permissions: { update: 'registry:edit', delete: 'registry:delete' },
    refreshEveryMs,
    columns: [
      { key: 'ip', title: 'governance.ip', sortable: true },
      { key: 'port', title: 'governance.port', sortable: true, width: 90 },
      { key: 'clusterName', title: 'governance.cluster', sortable: true },
      { key: 'weight', title: 'governance.weight', sortable: true, width: 90 },
      {
        key: 'healthy',
        title: 'governance.health',
        render: (row) => (
          <Tag color={row.healthy ? 'success' : 'error'}>{t(row.healthy ? 'governance.healthy' : 'governance.unhealthy')}</Tag>
        ),
      },
      {
        key: 'enabled',
        title: 'governance.enabled',
        render: (row) => (
          <Tag color={row.enabled ? 'processing' : 'default'}>{t(row.enabled ? 'governance.enabledYes' : 'governance.enabledNo')}</Tag>
        ),
      },
      { key: 'ephemeral', title: 'governance.kind', render: (row) => t(row.ephemeral ? 'governance.ephemeral' : 'governance.persistent') },
      { key: 'lastBeat', title: 'governance.lastBeat', render: (row) => formatDateTime(row.lastBeat) },
    ],
    formFields: [
      { name: 'weight', label: 'governance.weight', rules: governanceRules.weight, input: 'number' },
      {
        name: 'enabled',
        label: 'governance.enabled',
        input: 'select',
        options: [
          { value: 'true', label: 'governance.enabledYes' },
          { value: 'false', label: 'governance.enabledNo' },
        ],
      },
    ],
    formValues: (row) => ({ weight: row.weight, enabled: String(row.enabled) }),
  };
}

export default function RegistryPage() {
  const { t } = useTranslation();
  const { namespaceId, picker, ready } = useNamespacePicker('serviceCount');
  const [open, setOpen] = useState<RegistryService | null>(null);

  const services: ResourceDeclaration<RegistryService> = {
    name: 'governance.service',
    apiPath: `/admin/registry/${namespaceId}/services`,
    permissions: { create: 'registry:add', update: 'registry:edit', delete: 'registry:delete' },
    refreshEveryMs,
    columns: [
      { key: 'serviceName', title: 'governance.serviceName', sortable: true },
      { key: 'groupName', title: 'governance.groupName', sortable: true },
      { key: 'clusterCount', title: 'governance.clusterCount', width: 100 },
      { key: 'instanceCount', title: 'governance.instanceCount', width: 100 },
      { key: 'healthyCount', title: 'governance.healthyCount', width: 130 },
      { key: 'protectThreshold', title: 'governance.protectThreshold', width: 130 },
    ],
    searchFields: [
      { name: 'serviceName', label: 'governance.serviceName' },
      { name: 'groupName', label: 'governance.groupName' },
    ],
    formFields: [
      { name: 'serviceName', label: 'governance.serviceName', rules: governanceRules.serviceName, readOnlyOnEdit: true },
      { name: 'groupName', label: 'governance.groupName', rules: governanceRules.groupName, readOnlyOnEdit: true },
      { name: 'protectThreshold', label: 'governance.protectThreshold', rules: governanceRules.protectThreshold, input: 'number' },
      { name: 'metadata', label: 'governance.metadata', input: 'textarea' },
    ],
    formValues: (row) => ({ ...row, metadata: JSON.stringify(row.metadata, null, 2) }),
    rowActions: (row) => (
      <Button type="link" size="small" icon={<UnorderedListOutlined />} onClick={() => setOpen(row)}>
        {t('governance.instances')}
      </Button>
    ),
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {picker}
      {ready && <ResourceTable key={namespaceId} resource={services} />}
      <Drawer
        title={open ? t('governance.instancesOf', { name: `${open.groupName}@@${open.serviceName}` }) : ''}
        open={open !== null}
        onClose={() => setOpen(null)}
        size={960}
        destroyOnHidden
      >
        {open && <ResourceTable resource={instancesResource(namespaceId, open, t)} />}
      </Drawer>
    </Space>
  );
}
