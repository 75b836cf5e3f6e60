import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Select, Space, Switch, Typography } from 'antd';
import type { JSX } from 'react';
import { useTranslation } from 'react-i18next';
import { type VariableRow, valueProblem, variableNamePattern, variableTypes } from './variableRows.ts';

interface Props {
  /** The list's name in the enclosing antd Form; read its rows with `rowsToVariables`. */
  name: string;
}

/**
 * Process variables as rows of name, type and value: the last resort where a model gives its start or task
 * no form. Must sit inside an antd Form, which checks each row before it is sent.
 */
export function VariableEditor({ name }: Props): JSX.Element {
  const { t } = useTranslation();
  return (
    <Form.List name={name}>
      {(rows, { add, remove }) => (
        <section aria-label={t('bpm.forms.editor.title')}>
          <Typography.Text strong>{t('bpm.forms.editor.title')}</Typography.Text>
          {rows.length === 0 && (
            <Typography.Paragraph type="secondary" style={{ margin: '4px 0' }}>
              {t('bpm.forms.editor.empty')}
            </Typography.Paragraph>
          )}
          {rows.map((row, index) => (
            <Space key={row.key} align="start" wrap style={{ display: 'flex', marginTop: 8 }}>
              <Form.Item
                name={[row.name, 'name']}
                rules={[
                  { required: true, message: t('bpm.forms.editor.nameRequired') },
                  { pattern: variableNamePattern, message: t('bpm.forms.editor.nameInvalid') },
                  ({ getFieldValue }) => ({
                    validator: (_rule, value: string | undefined) => {
                      const names = ((getFieldValue(name) as VariableRow[] | undefined) ?? []).map((each) => each?.name?.trim());
                      return value && names.filter((each) => each === value.trim()).length > 1
                        ? Promise.reject(new Error(t('bpm.forms.editor.nameTaken')))
                        : Promise.resolve();
                    },
                  }),
                ]}
                style={{ marginBottom: 0 }}
              >
                <Input aria-label={t('bpm.forms.editor.nameOf', { n: index + 1 })} placeholder={t('bpm.forms.editor.name')} />
              </Form.Item>
              <Form.Item name={[row.name, 'type']} initialValue="text" style={{ marginBottom: 0, minWidth: 120 }}>
                <Select
                  aria-label={t('bpm.forms.editor.typeOf', { n: index + 1 })}
                  options={variableTypes.map((type) => ({ value: type, label: t(`bpm.forms.editor.types.${type}`) }))}
                />
              </Form.Item>
              <Form.Item noStyle shouldUpdate>
                {({ getFieldValue }) => {
                  const type = getFieldValue([name, row.name, 'type']);
                  const label = t('bpm.forms.editor.valueOf', { n: index + 1 });
                  return type === 'boolean' ? (
                    <Form.Item name={[row.name, 'value']} valuePropName="checked" initialValue={false} style={{ marginBottom: 0 }}>
                      <Switch aria-label={label} />
                    </Form.Item>
                  ) : (
                    <Form.Item
                      name={[row.name, 'value']}
                      rules={[
                        {
                          validator: (_rule, value: unknown) => {
                            const problem = valueProblem(type, value);
                            return problem ? Promise.reject(new Error(t(`bpm.forms.editor.${problem}`))) : Promise.resolve();
                          },
                        },
                      ]}
                      style={{ marginBottom: 0, minWidth: 240 }}
                    >
                      <Input aria-label={label} placeholder={t('bpm.forms.editor.value')} />
                    </Form.Item>
                  );
                }}
              </Form.Item>
              <Button
                aria-label={t('bpm.forms.editor.remove', { n: index + 1 })}
                icon={<DeleteOutlined />}
                onClick={() => remove(row.name)}
              />
            </Space>
          ))}
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ type: 'text', value: '' })} style={{ marginTop: 8 }}>
            {t('bpm.forms.editor.add')}
          </Button>
        </section>
      )}
    </Form.List>
  );
}
