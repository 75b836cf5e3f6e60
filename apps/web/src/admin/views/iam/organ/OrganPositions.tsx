import { PlusOutlined } from '@ant-design/icons';
import { identityRules, type OrganPosition } from '@qiming/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../../core/request/client.ts';
import { toastSuccess } from '../../../../core/request/notify.ts';
import { Access } from '../../../crud/Access.tsx';
import { confirmAndDelete } from '../../../crud/dataProvider.ts';
import { ResourceFormDialog } from '../../../crud/ResourceFormDialog.tsx';
import { useSubmit } from '../../../crud/useSubmit.ts';
import { RowActions } from './RowActions.tsx';

export const positionsQuery = (organId: number) => ({
  queryKey: ['/admin/positions', organId],
  queryFn: () => api.get('/api/admin/positions', { query: { organId } }),
});

const fields = [
  { name: 'positionCode', label: 'identity.positionCode', rules: identityRules.code },
  { name: 'positionName', label: 'identity.positionName', rules: identityRules.name },
];

/** An organ's positions with the employee holding each; added, renamed and deleted (a held one only once freed). */
export function OrganPositions({ organId }: { organId: number }) {
  const { t } = useTranslation();
  const positions = useQuery(positionsQuery(organId));
  const [editing, setEditing] = useState<OrganPosition | 'new' | null>(null);
  const { busy, submit } = useSubmit();

  const save = (values: Record<string, unknown>) =>
    submit(async () => {
      if (editing === 'new') await api.post('/api/admin/positions', { body: { ...values, organId } });
      else if (editing) await api.put('/api/admin/positions/{id}', { path: { id: editing.id }, body: values });
      toastSuccess(t('confirm.saved'));
      setEditing(null);
      await positions.refetch();
    });

  const remove = async (position: OrganPosition) => {
    if (await confirmAndDelete(t, '/admin/positions/delete', [position.id])) await positions.refetch();
  };

  return (
    <>
      <Access code="organ:add">
        <Button icon={<PlusOutlined />} onClick={() => setEditing('new')} style={{ marginBottom: 12 }}>
          {t('table.add')}
        </Button>
      </Access>
      <Table<OrganPosition>
        rowKey="id"
        size="small"
        pagination={false}
        loading={positions.isFetching}
        dataSource={positions.data?.records ?? []}
        columns={[
          { key: 'positionCode', dataIndex: 'positionCode', title: t('identity.positionCode') },
          { key: 'positionName', dataIndex: 'positionName', title: t('identity.positionName') },
          { key: 'staffName', dataIndex: 'staffName', title: t('identity.holder') },
          {
            key: 'actions',
            title: t('table.actions'),
            render: (_value, row) => (
              <RowActions name={row.positionName} onEdit={() => setEditing(row)} onDelete={() => void remove(row)} />
            ),
          },
        ]}
      />
      <ResourceFormDialog
        formName="organ-position"
        title={t(editing === 'new' ? 'table.createTitle' : 'table.editTitle', { name: t('identity.position') })}
        open={editing !== null}
        fields={fields}
        initialValues={editing && editing !== 'new' ? { ...editing } : undefined}
        editing={editing !== 'new'}
        saving={busy}
        onSave={(values) => void save(values)}
        onClose={() => setEditing(null)}
      />
    </>
  );
}
