import type { ConfigItem, ConfigListener } from '@qiming/shared';
import { useQuery } from '@tanstack/react-query';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../core/i18n/formatTimeAgo.ts';
import { api } from '../../../../core/request/client.ts';

/** Clients holding a long poll on the config right now, on any server; it re-reads every few seconds. */
export function ConfigListeners({ namespaceId, config }: { namespaceId: string; config: ConfigItem }) {
  const { t } = useTranslation();
  const listeners = useQuery({
    queryKey: [namespaceId, config.id, 'listeners'],
    queryFn: () => api.get('/api/admin/configs/{namespaceId}/items/{id}/listeners', { path: { namespaceId, id: config.id } }),
    refetchInterval: 5_000,
  });
  return (
    <Table<ConfigListener>
      rowKey={(row) => `${row.clientIp}-${row.since}`}
      size="small"
      loading={listeners.isFetching}
      dataSource={listeners.data ?? []}
      pagination={false}
      locale={{ emptyText: t('table.empty') }}
      columns={[
        { key: 'clientIp', dataIndex: 'clientIp', title: t('governance.clientIp') },
        { key: 'md5', dataIndex: 'md5', title: t('governance.md5') },
        { key: 'clientVersion', dataIndex: 'clientVersion', title: t('governance.clientVersion') },
        { key: 'since', title: t('governance.since'), render: (_value, row) => formatDateTime(row.since) },
      ]}
    />
  );
}
