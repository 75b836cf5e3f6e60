import { PlusOutlined } from '@ant-design/icons';
import { identityRules, type Staff } from '@qiming/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../../core/request/client.ts';
import { toastSuccess } from '../../../../core/request/notify.ts';
import { Access } from '../../../crud/Access.tsx';
import { confirmAndDelete } from '../../../crud/dataProvider.ts';
import { ResourceFormDialog } from '../../../crud/ResourceFormDialog.tsx';
import type { FieldDeclaration } from '../../../crud/resource.ts';
import { useSubmit } from '../../../crud/useSubmit.ts';
import { positionsQuery } from './OrganPositions.tsx';
import { RowActions } from './RowActions.tsx';

/** An organ's employees with how to reach them; the spec's mobile, e-mail and ID number rules check the form. */
export function OrganStaff({ organId }: { organId: number }) {
  const { t } = useTranslation();
  const staff = useQuery({
    queryKey: ['/admin/staff', organId],
    queryFn: () => api.get('/api/admin/staff', { query: { organId } }),
  });
  const positions = useQuery(positionsQuery(organId));
  const [editing, setEditing] = useState<Staff | 'new' | null>(null);
  const { busy, submit } = useSubmit();
  const positionName = (id: number | null) => positions.data?.records.find((position) => position.id === id)?.positionName ?? '';

  const fields: FieldDeclaration[] = [
    { name: 'staffCode', label: 'identity.staffCode', rules: identityRules.code },
    { name: 'staffName', label: 'identity.staffName', rules: identityRules.name },
    {
      name: 'positionId',
      label: 'identity.position',
      input: 'select',
      options: (positions.data?.records ?? [])
        .filter((position) => position.staffName === null || (editing !== 'new' && editing?.positionId === position.id))
        .map((position) => ({ value: String(position.id), label: position.positionName })),
    },
    { name: 'mobile', label: 'identity.mobile', rules: identityRules.mobile },
    { name: 'email', label: 'identity.email', rules: identityRules.email },
    { name: 'idNumber', label: 'identity.idNumber', rules: identityRules.idNumber },
  ];

  const save = (values: Record<string, unknown>) =>
    submit(async () => {
      const body = { ...values, organId, positionId: values.positionId ?? '' };
      if (editing === 'new') await api.post('/api/admin/staff', { body: body });
      else if (editing) await api.put('/api/admin/staff/{id}', { path: { id: editing.id }, body: body });
      toastSuccess(t('confirm.saved'));
      setEditing(null);
      await Promise.all([staff.refetch(), positions.refetch()]);
    });

  const remove = async (row: Staff) => {
    if (await confirmAndDelete(t, '/admin/staff/delete', [row.id])) await Promise.all([staff.refetch(), positions.refetch()]);
  };

  return (
    <>
      <Access code="organ:add">
        <Button icon={<PlusOutlined />} onClick={() => setEditing('new')} style={{ marginBottom: 12 }}>
          {t('table.add')}
        </Button>
      </Access>
      <Table<Staff>
        rowKey="id"
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        loading={staff.isFetching}
        dataSource={staff.data?.records ?? []}
        columns={[
          { key: 'staffCode', dataIndex: 'staffCode', title: t('identity.staffCode') },
          { key: 'staffName', dataIndex: 'staffName', title: t('identity.staffName') },
          { key: 'position', title: t('identity.position'), render: (_value, row) => positionName(row.positionId) },
          { key: 'mobile', dataIndex: 'mobile', title: t('identity.mobile') },
          { key: 'email', dataIndex: 'email', title: t('identity.email') },
          {
            key: 'actions',
            title: t('table.actions'),
            render: (_value, row) => <RowActions name={row.staffName} onEdit={() => setEditing(row)} onDelete={() => void remove(row)} />,
          },
        ]}
      />
      <ResourceFormDialog
        formName="organ-staff"
        title={t(editing === 'new' ? 'table.createTitle' : 'table.editTitle', { name: t('identity.employee') })}
        open={editing !== null}
        fields={fields}
        initialValues={
          editing && editing !== 'new'
            ? { ...editing, positionId: editing.positionId === null ? undefined : String(editing.positionId) }
            : undefined
        }
        editing={editing !== 'new'}
        saving={busy}
        onSave={(values) => void save(values)}
        onClose={() => setEditing(null)}
      />
    </>
  );
}
