import type { BpmIncident } from '@qiming/shared';
import { Button, Form, Input, Modal, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../core/i18n/formatTimeAgo.ts';
import { toastSuccess } from '../../../core/request/notify.ts';
import { Access } from '../../crud/Access.tsx';
import { bpmAccess } from '../bpmAccess.ts';
import { bpmApi } from '../bpmApi.ts';

interface Props {
  incidents: BpmIncident[];
  /** Reloads the instance once an incident was retried or resolved. */
  onChanged(): Promise<unknown>;
}

/** Variables typed as a JSON object; undefined when the text is no object. */
function parseVariables(text: string): Record<string, unknown> | undefined {
  if (!text.trim()) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The instance's incidents: where the engine stopped and why, retried (variables corrected first, as the
 * element needs them) or resolved, which leaves the instance where it was.
 */
export function IncidentSection({ incidents, onChanged }: Props) {
  const { t } = useTranslation();
  const [retrying, setRetrying] = useState<BpmIncident | null>(null);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const variables = parseVariables(text);

  const act = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      toastSuccess(done);
      setRetrying(null);
    } finally {
      setBusy(false);
      await onChanged();
    }
  };

  return (
    <section aria-label={t('bpm.runtime.incidents')}>
      <Typography.Title level={5}>{t('bpm.runtime.incidents')}</Typography.Title>
      {incidents.length === 0 ? (
        <Typography.Text type="secondary">{t('bpm.runtime.noIncidents')}</Typography.Text>
      ) : (
        <Table<BpmIncident>
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={incidents}
          columns={[
            { key: 'elementId', dataIndex: 'elementId', title: t('bpm.runtime.element') },
            {
              key: 'kind',
              title: t('bpm.runtime.kind'),
              render: (_value, row) => t(`bpm.runtime.kinds.${row.kind}`, { defaultValue: row.kind }),
            },
            { key: 'message', dataIndex: 'message', title: t('bpm.runtime.message') },
            { key: 'createdAt', title: t('bpm.runtime.raisedAt'), render: (_value, row) => formatDateTime(row.createdAt) },
            {
              key: 'state',
              title: t('bpm.monitor.state'),
              render: (_value, row) => (
                <Tag color={row.state === 'open' ? 'error' : 'default'}>
                  {row.state === 'open' ? t('bpm.runtime.open') : t('bpm.runtime.resolvedBy', { name: row.resolvedBy ?? '' })}
                </Tag>
              ),
            },
            { key: 'retries', dataIndex: 'retries', title: t('bpm.runtime.retries') },
            {
              key: 'actions',
              title: t('table.actions'),
              render: (_value, row) =>
                row.state === 'open' ? (
                  <Access code={bpmAccess.instanceIncident}>
                    <Space size={0}>
                      <Button
                        type="link"
                        size="small"
                        aria-label={t('bpm.runtime.retryOf', { element: row.elementId })}
                        onClick={() => {
                          setText('');
                          setRetrying(row);
                        }}
                      >
                        {t('bpm.runtime.retry')}
                      </Button>
                      <Button
                        type="link"
                        size="small"
                        danger
                        aria-label={t('bpm.runtime.resolveOf', { element: row.elementId })}
                        onClick={() => act(() => bpmApi.resolveIncident(row.id), t('bpm.runtime.resolved'))}
                      >
                        {t('bpm.runtime.resolve')}
                      </Button>
                    </Space>
                  </Access>
                ) : null,
            },
          ]}
        />
      )}
      <Modal
        open={retrying !== null}
        title={t('bpm.runtime.retryTitle', { element: retrying?.elementId ?? '' })}
        okText={t('bpm.runtime.retry')}
        okButtonProps={{ disabled: variables === undefined, loading: busy }}
        onCancel={() => setRetrying(null)}
        onOk={() => {
          if (retrying && variables) void act(() => bpmApi.retryIncident(retrying.id, variables), t('bpm.runtime.retried'));
        }}
        destroyOnHidden
      >
        <Typography.Paragraph>{retrying?.message}</Typography.Paragraph>
        <Form layout="vertical">
          <Form.Item
            label={t('bpm.runtime.retryVariables')}
            help={variables === undefined ? t('bpm.runtime.variablesInvalid') : t('bpm.runtime.retryVariablesHelp')}
            validateStatus={variables === undefined ? 'error' : undefined}
          >
            <Input.TextArea rows={4} value={text} onChange={(event) => setText(event.target.value)} placeholder='{"approved": true}' />
          </Form.Item>
        </Form>
      </Modal>
    </section>
  );
}
