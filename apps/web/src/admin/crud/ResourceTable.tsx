import { DeleteOutlined, DownloadOutlined, EditOutlined, PlusOutlined, SearchOutlined, UndoOutlined } from '@ant-design/icons';
import { defaultPageSize } from '@qiming/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Form, Space, Table, type TableColumnsType, type TableProps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess, toastWarning } from '../../core/request/notify.ts';
import { Access, useAccess } from './Access.tsx';
import { confirmAndDelete, dataProvider, type ListQuery, saveBlob } from './dataProvider.ts';
import { FieldInput } from './FieldInput.tsx';
import { ResourceFormDialog } from './ResourceFormDialog.tsx';
import type { ResourceDeclaration } from './resource.ts';
import styles from './resourceTable.module.css';
import { useSubmit } from './useSubmit.ts';

type Editing<Row> = { mode: 'create' } | { mode: 'edit'; row: Row } | null;

/** List, search, pager, create/edit dialog, delete with confirmation, batch delete and export of one resource. */
export function ResourceTable<Row extends { id: number }>({ resource }: { resource: ResourceDeclaration<Row> }) {
  const { t } = useTranslation();
  const can = useAccess();
  const provider = useMemo(() => dataProvider<Row>(resource.apiPath), [resource.apiPath]);
  const [query, setQuery] = useState<ListQuery>({ page: 1, limit: defaultPageSize, filters: {} });
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<Editing<Row>>(null);
  const { busy: saving, submit } = useSubmit();
  const [searchForm] = Form.useForm();
  // Field ids derive from the form name: the search and edit forms share field names but never ids.
  const formName = resource.apiPath.replace(/\W+/g, '-');

  const list = useQuery({
    queryKey: [resource.apiPath, query],
    queryFn: () => provider.getList(query),
    placeholderData: keepPreviousData,
    refetchInterval: resource.refreshEveryMs,
  });

  const reload = async () => {
    setSelected([]);
    await list.refetch();
  };

  // Search (and reset) always asks the server again: with the same filters the user means "refresh".
  const search = (filters: Record<string, unknown>) => {
    const next = { ...query, filters, page: 1 };
    if (JSON.stringify(next) === JSON.stringify(query)) void list.refetch();
    else setQuery(next);
  };

  const remove = async (ids: number[]) => {
    if (ids.length === 0) {
      toastWarning(t('validation.nothingSelected'));
      return;
    }
    if (await confirmAndDelete(t, `${resource.apiPath}/delete`, ids)) await reload();
  };

  const save = async (values: Record<string, unknown>) => {
    if (!editing) return;
    const input = resource.submitValues ? resource.submitValues(values) : values;
    await submit(async () => {
      if (editing.mode === 'create') await provider.create(input);
      else await provider.update(editing.row.id, input);
      toastSuccess(t('confirm.saved'));
      setEditing(null);
      await reload();
    });
  };

  const exportRows = async () => {
    saveBlob(await provider.exportFile(query.filters), `${t(resource.name)}.xlsx`);
  };

  const columns: TableColumnsType<Row> = [
    ...resource.columns.map((column) => ({
      key: column.key,
      dataIndex: column.key,
      title: t(column.title),
      width: column.width,
      sorter: column.sortable,
      sortOrder: query.sort === column.key ? (query.order === 'desc' ? ('descend' as const) : ('ascend' as const)) : null,
      render: column.render ? (_value: unknown, row: Row) => column.render?.(row) : undefined,
    })),
    {
      key: 'actions',
      title: t('table.actions'),
      render: (_value, row) => (
        <Space size="small" wrap>
          {resource.rowActions?.(row)}
          {resource.formFields && can(resource.permissions.update) && (resource.editable?.(row, can) ?? true) && (
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing({ mode: 'edit', row })}>
              {t('table.edit')}
            </Button>
          )}
          <Access code={resource.permissions.delete}>
            <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => void remove([row.id])}>
              {t('table.delete')}
            </Button>
          </Access>
        </Space>
      ),
    },
  ];

  // antd reports paging and sorting through this one callback; only a new sort goes back to page 1.
  const onTableChange: TableProps<Row>['onChange'] = (pagination, _filters, sorter, { action }) => {
    if (action === 'paginate') {
      const limit = pagination.pageSize ?? defaultPageSize;
      setQuery((current) => ({ ...current, page: limit === current.limit ? (pagination.current ?? 1) : 1, limit }));
      return;
    }
    if (action !== 'sort') return;
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    const sort = single?.order ? String(single.columnKey) : undefined;
    setQuery((current) => ({ ...current, sort, order: single?.order === 'descend' ? 'desc' : 'asc', page: 1 }));
  };

  return (
    <div className={styles.resource}>
      {resource.searchFields && (
        <Form form={searchForm} name={`${formName}-search`} layout="inline" className={styles.search} onFinish={search} role="search">
          {resource.searchFields.map((field) => (
            <Form.Item key={field.name} name={field.name} label={t(field.label)}>
              <FieldInput field={field} />
            </Form.Item>
          ))}
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                {t('table.search')}
              </Button>
              <Button
                icon={<UndoOutlined />}
                onClick={() => {
                  searchForm.resetFields();
                  search({});
                }}
              >
                {t('table.reset')}
              </Button>
            </Space>
          </Form.Item>
        </Form>
      )}
      <Space className={styles.toolbar} wrap>
        {resource.formFields && (
          <Access code={resource.permissions.create}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'create' })}>
              {t('table.add')}
            </Button>
          </Access>
        )}
        <Access code={resource.permissions.delete}>
          <Button danger icon={<DeleteOutlined />} onClick={() => void remove(selected)}>
            {t('table.batchDelete')}
          </Button>
        </Access>
        <Access code={resource.permissions.export}>
          <Button icon={<DownloadOutlined />} onClick={() => void exportRows()}>
            {t('table.export')}
          </Button>
        </Access>
        {resource.toolbar?.({ selected, reload })}
      </Space>
      <Table<Row>
        className={styles.table}
        rowKey="id"
        columns={columns}
        dataSource={list.data?.records ?? []}
        loading={list.isFetching}
        onChange={onTableChange}
        expandable={resource.expandedRow ? { expandedRowRender: (row) => resource.expandedRow?.(row) } : undefined}
        rowSelection={
          can(resource.permissions.delete) || resource.toolbar
            ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }
            : undefined
        }
        // While the first answer is on its way the table says so, rather than that there is nothing.
        locale={{ emptyText: <span className={styles.empty}>{t(list.isFetching ? 'table.loading' : 'table.empty')}</span> }}
        pagination={{
          current: query.page,
          pageSize: query.limit,
          total: list.data?.total ?? 0,
          showTotal: (total) => t('table.total', { total }),
          showSizeChanger: true,
          showQuickJumper: true,
          pageSizeOptions: [10, 20, 50, 100],
          placement: ['bottomEnd'],
        }}
      />
      {resource.formFields && (
        <ResourceFormDialog
          formName={`${formName}-edit`}
          title={t(editing?.mode === 'edit' ? 'table.editTitle' : 'table.createTitle', { name: t(resource.name) })}
          open={editing !== null}
          fields={resource.formFields}
          initialValues={
            editing?.mode === 'edit'
              ? (resource.formValues?.(editing.row) ?? (editing.row as Record<string, unknown>))
              : resource.createValues?.()
          }
          width={resource.dialogWidth}
          actions={
            resource.dialogActions &&
            ((values) => resource.dialogActions?.({ values, row: editing?.mode === 'edit' ? editing.row : undefined }))
          }
          editing={editing?.mode === 'edit'}
          saving={saving}
          onSave={(values) => void save(values)}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}
