import { Form, Modal } from 'antd';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { antdRules } from '../../core/ui/antdRules.ts';
import { FieldInput } from './FieldInput.tsx';
import type { FieldDeclaration } from './resource.ts';

interface Props {
  formName: string;
  title: string;
  open: boolean;
  fields: FieldDeclaration[];
  initialValues?: Record<string, unknown>;
  /** Editing an existing record rather than creating one. */
  editing: boolean;
  saving: boolean;
  onSave(values: Record<string, unknown>): void;
  onClose(): void;
  width?: number;
  /** Buttons beside Save, given the form's current values. */
  actions?: (values: () => Record<string, unknown>) => ReactNode;
}

/** The create/edit dialog; a click on the mask does not close it (spec section 9). */
export function ResourceFormDialog({
  formName,
  title,
  open,
  fields,
  initialValues,
  editing,
  saving,
  onSave,
  onClose,
  width,
  actions,
}: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm();

  // The record's values are read when the dialog opens, and only then: the list behind it refreshes
  // (every 5 s on the registry) and hands over equal values in new objects, which must not reset
  // what the user is typing.
  const opening = useRef(initialValues);
  opening.current = initialValues;
  useEffect(() => {
    if (open) {
      form.resetFields();
      form.setFieldsValue(opening.current ?? {});
    }
  }, [open, form]);

  return (
    <Modal
      title={title}
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('table.save')}
      cancelText={t('table.cancel')}
      confirmLoading={saving}
      mask={{ closable: false }}
      width={width}
      footer={(buttons) => (
        <>
          {actions?.(() => form.getFieldsValue(true))}
          {buttons}
        </>
      )}
    >
      <Form form={form} name={formName} layout="vertical" onFinish={onSave}>
        {fields
          .filter((field) => !(editing && field.createOnly))
          .map((field) => {
            const item = (
              <Form.Item
                key={field.name}
                name={field.name}
                label={t(field.label)}
                rules={field.rules ? antdRules(field.rules, t) : undefined}
              >
                <FieldInput field={field} disabled={editing && field.readOnlyOnEdit} />
              </Form.Item>
            );
            const shownWhen = field.shownWhen;
            if (!shownWhen) return item;
            // A field out of view is not registered, so neither checked nor sent.
            return (
              <Form.Item key={field.name} noStyle shouldUpdate>
                {({ getFieldsValue }) => (shownWhen(getFieldsValue(true)) ? item : null)}
              </Form.Item>
            );
          })}
      </Form>
    </Modal>
  );
}
