import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { identityRules, type MenuRecord, type MenuType } from '@qiming/shared';
import { skipToken, useQuery } from '@tanstack/react-query';
import { Button, Card, Select, Space, Table } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../../core/request/client.ts';
import { toastSuccess } from '../../../../core/request/notify.ts';
import { Access } from '../../../crud/Access.tsx';
import { confirmAction } from '../../../crud/confirmAction.ts';
import { confirmAndDelete } from '../../../crud/dataProvider.ts';
import { ResourceFormDialog } from '../../../crud/ResourceFormDialog.tsx';
import { type FieldDeclaration, yesNoOptions } from '../../../crud/resource.ts';
import { useSubmit } from '../../../crud/useSubmit.ts';
import { routeTitle } from '../../../routeTitle.ts';

/** A stored entry with the entries under it, as the table nests them. */
type MenuRow = MenuRecord & { children?: MenuRow[] };

function nest(rows: MenuRow[], parent: number | null = null): MenuRow[] {
  return rows
    .filter((row) => row.parentMenuId === parent)
    .map((row) => {
      const children = nest(rows, row.id);
      return children.length > 0 ? { ...row, children } : { ...row };
    });
}

/** Menu types and their menu trees; what users see comes from these entries and their grants. */
export default function MenuPage() {
  const { t } = useTranslation();
  const typePicker = useId();
  const types = useQuery({
    queryKey: ['/admin/menu-types'],
    queryFn: () => api.get('/api/admin/menu-types').then((page) => page.records),
  });
  const [typeId, setTypeId] = useState<number | null>(null);
  const activeType = typeId ?? types.data?.[0]?.id ?? null;
  const menus = useQuery({
    queryKey: ['/admin/menu-types', activeType, 'menus'],
    queryFn: activeType === null ? skipToken : () => api.get('/api/admin/menu-types/{typeId}/menus', { path: { typeId: activeType } }),
  });
  const [editing, setEditing] = useState<{ row?: MenuRow; parentMenuId: number | null } | null>(null);
  const [typeDialog, setTypeDialog] = useState<'add' | 'rename' | null>(null);
  const currentType = types.data?.find((type) => type.id === activeType);
  const { busy: saving, submit } = useSubmit();

  const fields: FieldDeclaration[] = [
    { name: 'menuCode', label: 'identity.menuCode', rules: identityRules.code },
    { name: 'menuName', label: 'identity.menuName', rules: identityRules.name },
    {
      name: 'isLeaf',
      label: 'identity.isLeaf',
      input: 'select',
      options: yesNoOptions,
    },
    { name: 'menuPath', label: 'identity.menuPath' },
    { name: 'requestAction', label: 'identity.requestAction' },
    { name: 'icon', label: 'identity.icon' },
    { name: 'seq', label: 'identity.seq', rules: identityRules.seq },
    {
      name: 'target',
      label: 'identity.target',
      input: 'select',
      options: [
        { value: '_self', label: '_self' },
        { value: '_blank', label: '_blank' },
      ],
    },
  ];

  const save = async (values: Record<string, unknown>) => {
    if (!editing) return;
    await submit(async () => {
      const body = { ...values, parentMenuId: editing.row?.parentMenuId ?? editing.parentMenuId ?? '' };
      if (editing.row) await api.put('/api/admin/menus/{id}', { path: { id: editing.row.id }, body });
      else if (activeType !== null) await api.post('/api/admin/menu-types/{typeId}/menus', { path: { typeId: activeType }, body });
      toastSuccess(t('confirm.saved'));
      setEditing(null);
      await menus.refetch();
    });
  };
  const saveType = async (values: Record<string, unknown>) => {
    await submit(async () => {
      const saved =
        typeDialog === 'rename' && currentType
          ? await api.put('/api/admin/menu-types/{typeId}', {
              path: { typeId: currentType.id },
              body: { menuTypeName: values.menuTypeName },
            })
          : await api.post('/api/admin/menu-types', { body: values });
      toastSuccess(t('confirm.saved'));
      setTypeDialog(null);
      await types.refetch();
      setTypeId(saved.id);
    });
  };
  const removeType = async (type: MenuType) => {
    if (!(await confirmAction(t, t('identity.deleteMenuType')))) return;
    await api.post('/api/admin/menu-types/{typeId}/delete', { path: { typeId: type.id } });
    toastSuccess(t('confirm.deleted'));
    setTypeId(null);
    await types.refetch();
  };
  const remove = async (row: MenuRow) => {
    if (await confirmAndDelete(t, '/admin/menus/delete', [row.id])) await menus.refetch();
  };

  return (
    <Card
      title={t('menu.system_menu')}
      extra={
        <Space>
          <label htmlFor={typePicker}>{t('identity.menuType')}</label>
          <Select
            id={typePicker}
            value={activeType ?? undefined}
            onChange={setTypeId}
            style={{ minWidth: 180 }}
            options={(types.data ?? []).map((type) => ({ value: type.id, label: type.menuTypeName }))}
          />
        </Space>
      }
    >
      <Access code="menu:add">
        <Space style={{ marginBottom: 12 }}>
          <Button icon={<PlusOutlined />} onClick={() => setEditing({ parentMenuId: null })}>
            {t('table.add')}
          </Button>
          <Button icon={<PlusOutlined />} onClick={() => setTypeDialog('add')}>
            {t('identity.addMenuType')}
          </Button>
        </Space>
      </Access>
      {currentType && (
        <Space style={{ marginBottom: 12, marginLeft: 8 }}>
          <Access code="menu:edit">
            <Button icon={<EditOutlined />} onClick={() => setTypeDialog('rename')}>
              {t('identity.renameMenuType')}
            </Button>
          </Access>
          {/* A system type cannot be deleted: the server refuses it, so the page does not offer it. */}
          {currentType.isSys !== 1 && (
            <Access code="menu:delete">
              <Button danger icon={<DeleteOutlined />} onClick={() => void removeType(currentType)}>
                {t('identity.deleteMenuType')}
              </Button>
            </Access>
          )}
        </Space>
      )}
      <Table<MenuRow>
        rowKey="id"
        size="small"
        pagination={false}
        loading={menus.isFetching}
        dataSource={nest(menus.data ?? [])}
        columns={[
          {
            key: 'menuName',
            dataIndex: 'menuName',
            title: t('identity.menuName'),
            // As the sidebar names the entry, so the two agree; the edit form keeps the stored name.
            render: (_value, row) => routeTitle(t, { title: `menu.${row.menuCode}`, titleText: row.menuName }),
          },
          { key: 'menuCode', dataIndex: 'menuCode', title: t('identity.menuCode') },
          { key: 'menuPath', dataIndex: 'menuPath', title: t('identity.menuPath') },
          { key: 'requestAction', dataIndex: 'requestAction', title: t('identity.requestAction') },
          { key: 'seq', dataIndex: 'seq', title: t('identity.seq'), width: 80 },
          {
            key: 'actions',
            title: t('table.actions'),
            render: (_value, row) => (
              <Space size="small">
                <Access code="menu:add">
                  {!row.isLeaf && (
                    <Button type="link" size="small" icon={<PlusOutlined />} onClick={() => setEditing({ parentMenuId: row.id })}>
                      {t('table.add')}
                    </Button>
                  )}
                </Access>
                <Access code="menu:edit">
                  <Button
                    type="link"
                    size="small"
                    icon={<EditOutlined />}
                    onClick={() => setEditing({ row, parentMenuId: row.parentMenuId })}
                  >
                    {t('table.edit')}
                  </Button>
                </Access>
                <Access code="menu:delete">
                  <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => void remove(row)}>
                    {t('table.delete')}
                  </Button>
                </Access>
              </Space>
            ),
          },
        ]}
      />
      <ResourceFormDialog
        formName="menu-edit"
        title={t(editing?.row ? 'table.editTitle' : 'table.createTitle', { name: t('identity.menu') })}
        open={editing !== null}
        fields={fields}
        initialValues={
          editing?.row
            ? {
                ...editing.row,
                isLeaf: String(editing.row.isLeaf === 1),
                seq: String(editing.row.seq),
                requestAction: editing.row.requestAction ?? '',
              }
            : { isLeaf: 'true', seq: '0', target: '_self' }
        }
        editing={editing?.row !== undefined}
        saving={saving}
        onSave={(values) => void save(values)}
        onClose={() => setEditing(null)}
      />
      <ResourceFormDialog
        formName="menu-type"
        title={t(typeDialog === 'rename' ? 'identity.renameMenuType' : 'identity.addMenuType')}
        open={typeDialog !== null}
        fields={[
          { name: 'menuTypeName', label: 'identity.menuType', rules: identityRules.name },
          {
            name: 'isSys',
            label: 'identity.isSys',
            input: 'select',
            createOnly: true,
            options: yesNoOptions,
          },
        ]}
        initialValues={typeDialog === 'rename' ? { menuTypeName: currentType?.menuTypeName } : { isSys: 'false' }}
        editing={typeDialog === 'rename'}
        saving={saving}
        onSave={(values) => void saveType(values)}
        onClose={() => setTypeDialog(null)}
      />
    </Card>
  );
}
