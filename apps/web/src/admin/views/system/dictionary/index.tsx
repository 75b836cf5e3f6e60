import { UnorderedListOutlined } from '@ant-design/icons';
import { type Dictionary, type DictionaryItem, dictionaryRules } from '@qiming/shared';
import { Button, Drawer } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../core/i18n/formatTimeAgo.ts';
import { ResourceTable } from '../../../crud/ResourceTable.tsx';
import type { ResourceDeclaration, ResourcePermissions } from '../../../crud/resource.ts';

const permissions: ResourcePermissions = { create: 'dict:add', update: 'dict:edit', delete: 'dict:delete', export: 'dict:view' };

function itemsResource(dictionary: Dictionary): ResourceDeclaration<DictionaryItem> {
  return {
    name: 'dictionary.itemName',
    apiPath: `/admin/dicts/${dictionary.id}/items`,
    permissions,
    columns: [
      { key: 'itemCode', title: 'field.itemCode', sortable: true },
      { key: 'itemValue', title: 'field.itemValue', sortable: true },
      { key: 'index', title: 'field.index', sortable: true, width: 100 },
    ],
    searchFields: [
      { name: 'itemCode', label: 'field.itemCode' },
      { name: 'itemValue', label: 'field.itemValue' },
    ],
    formFields: [
      { name: 'itemCode', label: 'field.itemCode', rules: dictionaryRules.itemCode },
      { name: 'itemValue', label: 'field.itemValue', rules: dictionaryRules.itemValue },
      { name: 'index', label: 'field.index', rules: dictionaryRules.index, input: 'number' },
    ],
  };
}

export default function DictionaryPage() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Dictionary | null>(null);

  const dictionaries: ResourceDeclaration<Dictionary> = {
    name: 'dictionary.name',
    apiPath: '/admin/dicts',
    permissions,
    columns: [
      { key: 'dictCode', title: 'field.dictCode', sortable: true },
      { key: 'dictName', title: 'field.dictName', sortable: true },
      { key: 'note', title: 'field.note' },
      { key: 'itemCount', title: 'field.itemCount', width: 90 },
      { key: 'updatedAt', title: 'field.updatedAt', sortable: true, render: (row) => formatDateTime(row.updatedAt) },
    ],
    searchFields: [
      { name: 'dictCode', label: 'field.dictCode' },
      { name: 'dictName', label: 'field.dictName' },
    ],
    formFields: [
      { name: 'dictCode', label: 'field.dictCode', rules: dictionaryRules.dictCode },
      { name: 'dictName', label: 'field.dictName', rules: dictionaryRules.dictName },
      { name: 'note', label: 'field.note', rules: dictionaryRules.note, input: 'textarea' },
    ],
    rowActions: (row) => (
      <Button type="link" size="small" icon={<UnorderedListOutlined />} onClick={() => setOpen(row)}>
        {t('dictionary.items')}
      </Button>
    ),
  };

  return (
    <>
      <ResourceTable resource={dictionaries} />
      <Drawer
        title={open ? t('dictionary.itemsOf', { name: open.dictName }) : ''}
        open={open !== null}
        onClose={() => setOpen(null)}
        size={720}
        destroyOnHidden
      >
        {open && <ResourceTable resource={itemsResource(open)} />}
      </Drawer>
    </>
  );
}
