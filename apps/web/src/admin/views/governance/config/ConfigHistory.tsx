import type { ConfigItem, ConfigVersion } from '@qiming/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Modal, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../core/i18n/formatTimeAgo.ts';
import { api } from '../../../../core/request/client.ts';
import { confirmBox, toastSuccess } from '../../../../core/request/notify.ts';
import { Access } from '../../../crud/Access.tsx';
import { ContentDiff } from './ContentDiff.tsx';

/** The versions of a config, newest first: each can be compared with the current content and published again. */
export function ConfigHistory({ namespaceId, config, onRolledBack }: { namespaceId: string; config: ConfigItem; onRolledBack(): void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [comparing, setComparing] = useState<ConfigVersion | null>(null);
  const base = `/admin/configs/${namespaceId}/items/${config.id}`;
  const versions = useQuery({
    queryKey: [base, 'versions', page],
    queryFn: () =>
      api.get('/api/admin/configs/{namespaceId}/items/{id}/versions', { path: { namespaceId, id: config.id }, query: { page, limit: 10 } }),
  });
  const current = useQuery({
    queryKey: [base],
    queryFn: () => api.get('/api/admin/configs/{namespaceId}/items/{id}', { path: { namespaceId, id: config.id } }),
  });

  const rollback = async (version: ConfigVersion) => {
    const confirmed = await confirmBox({
      title: t('confirm.warningTitle'),
      content: t('governance.rollbackConfirm'),
      okText: t('governance.rollback'),
      cancelText: t('table.cancel'),
    });
    if (!confirmed) return;
    await api.post('/api/admin/configs/{namespaceId}/items/{id}/rollback', {
      path: { namespaceId, id: config.id },
      body: { versionId: version.id },
    });
    toastSuccess(t('governance.rolledBack'));
    await Promise.all([versions.refetch(), current.refetch()]);
    onRolledBack();
  };

  return (
    <>
      <Table<ConfigVersion>
        rowKey="id"
        size="small"
        loading={versions.isFetching}
        dataSource={versions.data?.records ?? []}
        pagination={{
          current: page,
          total: versions.data?.total ?? 0,
          pageSize: 10,
          onChange: setPage,
          showTotal: (total) => t('table.total', { total }),
        }}
        columns={[
          { key: 'changedAt', title: t('governance.updatedAt'), render: (_value, row) => formatDateTime(row.changedAt) },
          { key: 'changedBy', dataIndex: 'changedBy', title: t('governance.updatedBy') },
          { key: 'operation', title: t('governance.operation'), render: (_value, row) => t(`governance.operations.${row.operation}`) },
          { key: 'type', dataIndex: 'type', title: t('governance.type') },
          { key: 'md5', dataIndex: 'md5', title: t('governance.md5') },
          {
            key: 'actions',
            title: t('table.actions'),
            render: (_value, row) => (
              <Space size="small">
                <Button type="link" size="small" onClick={() => setComparing(row)}>
                  {t('governance.compare')}
                </Button>
                <Access code="config:edit">
                  <Button type="link" size="small" onClick={() => void rollback(row)}>
                    {t('governance.rollback')}
                  </Button>
                </Access>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        title={comparing ? t('governance.diffTitle', { time: formatDateTime(comparing.changedAt) }) : ''}
        open={comparing !== null}
        onCancel={() => setComparing(null)}
        footer={null}
        width={820}
        destroyOnHidden
      >
        {comparing && current.data && <ContentDiff before={comparing.content} after={current.data.content} />}
      </Modal>
    </>
  );
}
