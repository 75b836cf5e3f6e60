import { PlusOutlined } from '@ant-design/icons';
import { identityRules, type OrganType } from '@qiming/shared';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
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

export function useOrganTypes(): UseQueryResult<{ records: OrganType[] }> {
  return useQuery({ queryKey: ['/admin/organ-types'], queryFn: () => api.get('/api/admin/organ-types') });
}

/** Organ types and the type each sits under; a type keeps its code, and goes only once no organ or type uses it. */
export function OrganTypes() {
  const { t } = useTranslation();
  const types = useOrganTypes();
  const [editing, setEditing] = useState<OrganType | 'new' | null>(null);
  const { busy, submit } = useSubmit();
  const records = types.data?.records ?? [];
  const nameOf = (code: string | null) => records.find((type) => type.typeCode === code)?.typeName ?? code;

  const fields = [
    { name: 'typeCode', label: 'identity.typeCode', rules: identityRules.typeCode, readOnlyOnEdit: true },
    { name: 'typeName', label: 'identity.typeName', rules: identityRules.name },
    {
      name: 'parentTypeCode',
      label: 'identity.parentTypeCode',
      input: 'select' as const,
      options: records
        .filter((type) => editing === 'new' || type.id !== editing?.id)
        .map((type) => ({ value: type.typeCode, label: type.typeName })),
    },
  ];

  const save = (values: Record<string, unknown>) =>
    submit(async () => {
      const body = { ...values, parentTypeCode: values.parentTypeCode ?? '' };
      if (editing === 'new') await api.post('/api/admin/organ-types', { body: body });
      else if (editing)
        await api.put('/api/admin/organ-types/{id}', { path: { id: editing.id }, body: { ...body, typeCode: editing.typeCode } });
      toastSuccess(t('confirm.saved'));
      setEditing(null);
      await types.refetch();
    });

  const remove = async (type: OrganType) => {
    if (await confirmAndDelete(t, '/admin/organ-types/delete', [type.id])) await types.refetch();
  };

  return (
    <>
      <Access code="organ:add">
        <Button icon={<PlusOutlined />} onClick={() => setEditing('new')} style={{ marginBottom: 12 }}>
          {t('table.add')}
        </Button>
      </Access>
      <Table<OrganType>
        rowKey="id"
        size="small"
        pagination={false}
        loading={types.isFetching}
        dataSource={records}
        columns={[
          { key: 'typeCode', dataIndex: 'typeCode', title: t('identity.typeCode') },
          { key: 'typeName', dataIndex: 'typeName', title: t('identity.typeName') },
          { key: 'parentTypeCode', title: t('identity.parentTypeCode'), render: (_value, row) => nameOf(row.parentTypeCode) },
          {
            key: 'actions',
            title: t('table.actions'),
            render: (_value, row) => <RowActions name={row.typeName} onEdit={() => setEditing(row)} onDelete={() => void remove(row)} />,
          },
        ]}
      />
      <ResourceFormDialog
        formName="organ-type"
        title={t(editing === 'new' ? 'table.createTitle' : 'table.editTitle', { name: t('identity.organType') })}
        open={editing !== null}
        fields={fields}
        initialValues={editing && editing !== 'new' ? { ...editing, parentTypeCode: editing.parentTypeCode ?? undefined } : undefined}
        editing={editing !== 'new'}
        saving={busy}
        onSave={(values) => void save(values)}
        onClose={() => setEditing(null)}
      />
    </>
  );
}
