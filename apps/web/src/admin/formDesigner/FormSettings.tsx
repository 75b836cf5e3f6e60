import { formRules } from '@qiming/shared';
import { Col, Form, type FormInstance, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { antdRules } from '../../core/ui/antdRules.ts';

export interface SettingsValues {
  name: string;
  description: string;
  modelName: string;
  action: string;
  url: string;
}

const settings = [
  { name: 'name', span: 8 },
  { name: 'modelName', span: 8 },
  { name: 'action', span: 8 },
  { name: 'description', span: 12 },
  { name: 'url', span: 12 },
] as const;

/** The form's own settings: its name, where submissions are kept (model) and where they are also posted. */
export function FormSettings({
  form,
  initialValues,
  onChange,
}: {
  form: FormInstance<SettingsValues>;
  initialValues: SettingsValues;
  onChange(): void;
}) {
  const { t } = useTranslation();
  return (
    <Form
      form={form}
      name="form-settings"
      layout="vertical"
      initialValues={initialValues}
      onValuesChange={onChange}
      aria-label={t('formDesigner.settings')}
    >
      <Row gutter={12}>
        {settings.map(({ name, span }) => (
          <Col key={name} xs={24} md={span}>
            <Form.Item name={name} label={t(`formDesigner.${name}`)} rules={antdRules(formRules[name], t)}>
              <Input />
            </Form.Item>
          </Col>
        ))}
      </Row>
    </Form>
  );
}
