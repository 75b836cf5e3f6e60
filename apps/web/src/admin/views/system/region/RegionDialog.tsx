import { type Region, type RegionInput, regionRules } from '@qiming/shared';
import { Form, Input, Modal } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../../core/request/client.ts';
import { antdRules } from '../../../../core/ui/antdRules.ts';
import { useSubmit } from '../../../crud/useSubmit.ts';

export type RegionEditing = { mode: 'add'; parent: Region | null } | { mode: 'rename'; region: Region } | null;

/** The level a region added below `parent` gets: a province at the top, a town below a district. */
const childType = (parent: Region | null) => (parent ? Math.min(parent.cantType + 1, 4) : 1);

/** Adds a region below another (or a province), or renames one; the code is fixed once given. */
export function RegionDialog({ editing, onClose, onSaved }: { editing: RegionEditing; onClose(): void; onSaved(region: Region): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RegionInput>();
  const { busy, submit } = useSubmit();
  // Read when the dialog opens, never after: see ResourceFormDialog.
  const opening = useRef(editing);
  opening.current = editing;
  const open = editing !== null;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    const current = opening.current;
    if (current?.mode === 'rename') form.setFieldsValue(current.region);
    if (current?.mode === 'add') form.setFieldsValue({ cantCode: current.parent?.cantCode.slice(0, current.parent.cantType * 2) ?? '' });
  }, [open, form]);

  const save = (values: RegionInput) =>
    submit(async () => {
      const saved =
        editing?.mode === 'rename'
          ? await api.put('/api/admin/regions/{code}', {
              path: { code: editing.region.cantCode },
              body: {
                cantName: values.cantName,
                shortName: values.shortName ?? '',
              },
            })
          : await api.post('/api/admin/regions', {
              body: {
                ...values,
                shortName: values.shortName ?? '',
                cantType: childType(editing?.mode === 'add' ? editing.parent : null),
                superCode: editing?.mode === 'add' ? (editing.parent?.cantCode ?? '') : '',
              },
            });
      onSaved(saved);
    });

  const title =
    editing?.mode === 'rename'
      ? t('region.renameTitle', { name: editing.region.cantName })
      : editing?.parent
        ? t('region.addBelow', { name: editing.parent.cantName })
        : t('region.addProvince');
  return (
    <Modal
      title={title}
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('table.save')}
      cancelText={t('table.cancel')}
      confirmLoading={busy}
      mask={{ closable: false }}
    >
      <Form form={form} name="region" layout="vertical" onFinish={(values) => void save(values)}>
        <Form.Item
          name="cantCode"
          label={t('region.code')}
          rules={antdRules(regionRules.cantCode, t)}
          extra={editing?.mode === 'add' ? t('region.codeHint') : undefined}
        >
          <Input disabled={editing?.mode === 'rename'} inputMode="numeric" />
        </Form.Item>
        <Form.Item name="cantName" label={t('region.name')} rules={antdRules(regionRules.cantName, t)}>
          <Input />
        </Form.Item>
        <Form.Item name="shortName" label={t('region.shortName')} rules={antdRules(regionRules.shortName, t)}>
          <Input />
        </Form.Item>
      </Form>
    </Modal>
  );
}
