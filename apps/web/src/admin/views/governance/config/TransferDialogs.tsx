import { InboxOutlined } from '@ant-design/icons';
import { type ConflictPolicy, conflictPolicies, type Namespace, type TransferReport } from '@qiming/shared';
import { Form, Modal, Radio, Select, Typography, Upload } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, http } from '../../../../core/request/client.ts';
import { useSubmit } from '../../../crud/useSubmit.ts';
import { namespaceLabel } from '../shared/namespaces.tsx';

function PolicyField() {
  const { t } = useTranslation();
  return (
    <Form.Item name="policy" label={t('governance.policy')} initialValue="abort">
      <Radio.Group options={conflictPolicies.map((policy) => ({ value: policy, label: t(`governance.policies.${policy}`) }))} />
    </Form.Item>
  );
}

/** What an import or clone did, config by config. */
export function showTransferReport(report: TransferReport, t: TFunction): void {
  const section = (key: 'created' | 'overwritten' | 'skipped') => (
    <div key={key}>
      <Typography.Text strong>{t(`governance.${key}`, { count: report[key].length })}</Typography.Text>
      <Typography.Paragraph>{report[key].join(', ') || '—'}</Typography.Paragraph>
    </div>
  );
  Modal.info({ title: t('governance.report'), content: (['created', 'overwritten', 'skipped'] as const).map(section) });
}

export function ImportDialog({
  namespace,
  open,
  onClose,
  onDone,
}: {
  namespace: Namespace;
  open: boolean;
  onClose(): void;
  onDone(): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ policy: ConflictPolicy }>();
  const [file, setFile] = useState<File | null>(null);
  const { busy, submit } = useSubmit();

  const importFile = async ({ policy }: { policy: ConflictPolicy }) => {
    if (!file) return;
    await submit(async () => {
      const report = await http.upload<TransferReport>(
        `/admin/configs/${namespace.namespaceId}/archive`,
        new Blob([file], { type: 'application/zip' }),
        { policy },
      );
      showTransferReport(report, t);
      onDone();
      onClose();
    });
  };

  return (
    <Modal
      title={t('governance.importTitle', { namespace: namespaceLabel(namespace, t) })}
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ disabled: !file }}
      confirmLoading={busy}
      okText={t('governance.importZip')}
      cancelText={t('table.cancel')}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Form form={form} name="config-import" layout="vertical" onFinish={(values) => void importFile(values)}>
        <Upload.Dragger
          accept=".zip,application/zip"
          maxCount={1}
          beforeUpload={(chosen) => {
            setFile(chosen);
            return false;
          }}
          onRemove={() => setFile(null)}
        >
          <p>
            <InboxOutlined />
          </p>
          <p>{t('governance.chooseFile')}</p>
        </Upload.Dragger>
        <PolicyField />
      </Form>
    </Modal>
  );
}

export function CloneDialog({
  from,
  ids,
  namespaces,
  open,
  onClose,
}: {
  from: string;
  ids: number[];
  namespaces: Namespace[];
  open: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ target: string; policy: ConflictPolicy }>();
  const { busy, submit } = useSubmit();

  const clone = (values: { target: string; policy: ConflictPolicy }) =>
    submit(async () => {
      showTransferReport(
        await api.post('/api/admin/configs/{namespaceId}/clone', { path: { namespaceId: from }, body: { ids, ...values } }),
        t,
      );
      onClose();
    });

  return (
    <Modal
      title={t('governance.cloneTitle', { count: ids.length })}
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={busy}
      okText={t('governance.clone')}
      cancelText={t('table.cancel')}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Form form={form} name="config-clone" layout="vertical" onFinish={(values) => void clone(values)}>
        <Form.Item name="target" label={t('governance.target')} rules={[{ required: true, message: t('validation.selectRequired') }]}>
          <Select
            options={namespaces
              .filter((namespace) => namespace.namespaceId !== from)
              .map((namespace) => ({ value: namespace.namespaceId, label: namespaceLabel(namespace, t) }))}
          />
        </Form.Item>
        <PolicyField />
      </Form>
    </Modal>
  );
}
