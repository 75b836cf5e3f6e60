import { type OperationLogRecord, operationLogTypes } from '@qiming/shared';
import { Badge, Button, Descriptions, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../core/i18n/formatTimeAgo.ts';
import { ResourceTable } from '../../../crud/ResourceTable.tsx';
import type { ResourceDeclaration } from '../../../crud/resource.ts';
import { useOperationName } from '../operationName.ts';

/** A change done, refused by a rule (nothing changed), or failed (rolled back). */
const outcomes = { success: 'success', refused: 'warning', failed: 'error' } as const;

const pretty = (json: string) => JSON.stringify(JSON.parse(json), null, 2);

export default function OperationLogPage() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<OperationLogRecord | null>(null);
  const operationName = useOperationName();
  const logs: ResourceDeclaration<OperationLogRecord> = {
    name: 'menu.audit_operationLog',
    apiPath: '/admin/operation-logs',
    permissions: { export: 'operationLog:export' },
    columns: [
      { key: 'opTime', title: 'identity.opTime', sortable: true, render: (row) => formatDateTime(row.opTime) },
      { key: 'userName', title: 'field.userName', sortable: true },
      {
        key: 'operation',
        title: 'identity.operation',
        sortable: true,
        render: (row) => <span title={row.operation}>{operationName(row.operation)}</span>,
      },
      { key: 'target', title: 'identity.opTarget' },
      {
        key: 'result',
        title: 'field.result',
        render: (row) => <Badge status={outcomes[row.result]} text={t(`operationLog.results.${row.result}`)} />,
      },
      { key: 'durationMs', title: 'identity.durationMs', width: 110 },
    ],
    searchFields: [
      { name: 'userName', label: 'field.userName' },
      {
        name: 'logType',
        label: 'operationLog.type',
        input: 'select',
        options: operationLogTypes.map((type) => ({ value: type, label: `operationLog.types.${type}` })),
      },
      { name: 'operation', label: 'identity.operation' },
      { name: 'target', label: 'identity.opTarget' },
      {
        name: 'result',
        label: 'field.result',
        input: 'select',
        options: Object.keys(outcomes).map((result) => ({ value: result, label: `operationLog.results.${result}` })),
      },
    ],
    rowActions: (row) => (
      <Button type="link" size="small" onClick={() => setOpen(row)}>
        {t('identity.details')}
      </Button>
    ),
  };
  return (
    <>
      <ResourceTable resource={logs} />
      <Modal title={t('identity.details')} open={open !== null} onCancel={() => setOpen(null)} footer={null} width={860} destroyOnHidden>
        {open && (
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t('identity.params')}>
              <pre>{pretty(open.params)}</pre>
            </Descriptions.Item>
            <Descriptions.Item label={t('identity.before')}>
              <pre>{pretty(open.before)}</pre>
            </Descriptions.Item>
            <Descriptions.Item label={t('identity.after')}>
              <pre>{pretty(open.after)}</pre>
            </Descriptions.Item>
          </Descriptions>
        )}
      </Modal>
    </>
  );
}
