import { NumberOutlined } from '@ant-design/icons';
import { type SerialRule, serialRules, serialTypes } from '@qiming/shared';
import { Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../../../core/request/client.ts';
import { Access } from '../../../crud/Access.tsx';
import { confirmAction } from '../../../crud/confirmAction.ts';
import { ResourceTable } from '../../../crud/ResourceTable.tsx';
import type { ResourceDeclaration } from '../../../crud/resource.ts';
import { organOptions, useOrganTree } from '../../iam/shared/organTree.ts';

const yesNo = [
  { value: 'true', label: 'serial.yes' },
  { value: 'false', label: 'serial.no' },
];

/** What the rule's numbers look like, with the counter as zeros: YYYY0000-QJ. */
const patternOf = (rule: SerialRule) =>
  `${rule.isPrefix ? rule.idPrefix : ''}${'0'.repeat(rule.idLength)}${rule.isSuffix ? rule.idSuffix : ''}`;

/** Serial-number rules: their format, scope and counter, and a number drawn on demand. */
export default function SerialRulePage() {
  const { t } = useTranslation();
  const organs = useOrganTree();

  const draw = async (rule: SerialRule) => {
    // A number drawn is used up: ask first.
    if (!(await confirmAction(t, t('serial.draw')))) return;
    const { number } = await api.post('/api/admin/serial-numbers/{idId}/next', {
      path: { idId: rule.idId },
      query: rule.isGlobal ? {} : { organId: rule.organId },
    });
    Modal.info({ title: t('serial.drawn', { name: rule.idName }), content: <Typography.Text copyable>{number}</Typography.Text> });
  };

  const resource: ResourceDeclaration<SerialRule> = {
    name: 'serial.rule',
    apiPath: '/admin/serial-rules',
    permissions: { create: 'serial:add', update: 'serial:edit', delete: 'serial:delete' },
    columns: [
      { key: 'idId', title: 'serial.idId', sortable: true },
      { key: 'idName', title: 'serial.idName', sortable: true },
      { key: 'isGlobal', title: 'serial.scope', render: (row) => (row.isGlobal ? t('serial.global') : row.organName) },
      { key: 'idType', title: 'serial.idType', render: (row) => t(`serial.types.${row.idType}`) },
      { key: 'idPrefix', title: 'serial.pattern', render: (row) => <code>{patternOf(row)}</code> },
      { key: 'idValue', title: 'serial.idValue', render: (row) => (row.period ? `${row.period}: ${row.idValue}` : row.idValue) },
    ],
    searchFields: [
      { name: 'idId', label: 'serial.idId' },
      { name: 'idName', label: 'serial.idName' },
    ],
    formFields: [
      { name: 'idId', label: 'serial.idId', rules: serialRules.idId },
      { name: 'idName', label: 'serial.idName', rules: serialRules.idName },
      { name: 'isGlobal', label: 'serial.isGlobal', input: 'select', options: yesNo },
      { name: 'organId', label: 'serial.organ', input: 'tree', tree: organOptions(organs.data ?? []) },
      {
        name: 'idType',
        label: 'serial.idType',
        input: 'select',
        rules: serialRules.idType,
        options: serialTypes.map((type) => ({ value: type, label: `serial.types.${type}` })),
      },
      { name: 'idLength', label: 'serial.idLength', input: 'number', rules: serialRules.idLength },
      { name: 'isPrefix', label: 'serial.isPrefix', input: 'select', options: yesNo },
      { name: 'idPrefix', label: 'serial.idPrefix', rules: serialRules.idPrefix },
      { name: 'isSuffix', label: 'serial.isSuffix', input: 'select', options: yesNo },
      { name: 'idSuffix', label: 'serial.idSuffix', rules: serialRules.idSuffix },
    ],
    formValues: (row) => ({
      ...row,
      isGlobal: String(row.isGlobal),
      isPrefix: String(row.isPrefix),
      isSuffix: String(row.isSuffix),
      organId: row.organId ?? undefined,
    }),
    rowActions: (row) => (
      <Access code="serial:next">
        <Button type="link" size="small" icon={<NumberOutlined />} onClick={() => void draw(row)}>
          {t('serial.draw')}
        </Button>
      </Access>
    ),
  };
  return <ResourceTable resource={resource} />;
}
