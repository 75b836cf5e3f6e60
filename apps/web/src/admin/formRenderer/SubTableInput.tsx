import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type FormField, isFieldRequired, isFieldShown, type Language, localized } from '@qiming/shared';
import { Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { FieldWidget } from './FieldWidget.tsx';
import styles from './formRenderer.module.css';

interface Props {
  field: FormField;
  language: Language;
  labels: Record<string, string>;
  rows: Record<string, unknown>[];
  disabled: boolean;
}

/** A sub-table's rows as an editable table: one form item per cell, so a problem shows in its cell. */
export function SubTableInput({ field, language, labels, rows, disabled }: Props) {
  const { t } = useTranslation();
  const subFields = (field.fields ?? []).filter((sub) => !sub.hidden && sub.kind !== 'staticText');
  const label = localized(field.label, language);
  return (
    <Form.List name={field.key}>
      {(items, { add, remove }, { errors }) => (
        <div className={styles.subTableWrap}>
          <table className={styles.subTable} aria-label={label}>
            <thead>
              <tr>
                <th scope="col">#</th>
                {subFields.map((sub) => (
                  <th scope="col" key={sub.key}>
                    {localized(sub.label, language)}
                    {isFieldRequired(sub, subFields, {}) && <span aria-hidden="true"> *</span>}
                  </th>
                ))}
                <th scope="col">
                  <span className={styles.visuallyHidden}>{t('formRun.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => {
                const row = rows[item.name] ?? {};
                return (
                  <tr key={item.key}>
                    <td>{item.name + 1}</td>
                    {subFields.map((sub) => (
                      <td key={sub.key}>
                        {isFieldShown(sub, subFields, row) && (
                          <Form.Item name={[item.name, sub.key]} required={isFieldRequired(sub, subFields, row)}>
                            <FieldWidget
                              field={sub}
                              language={language}
                              labels={labels}
                              disabled={disabled || sub.readOnly}
                              aria-label={t('formRun.cell', { column: localized(sub.label, language), row: item.name + 1 })}
                            />
                          </Form.Item>
                        )}
                      </td>
                    ))}
                    <td>
                      <Button
                        icon={<DeleteOutlined />}
                        disabled={disabled}
                        aria-label={t('formRun.removeRow', { row: item.name + 1 })}
                        onClick={() => remove(item.name)}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <Button icon={<PlusOutlined />} disabled={disabled} onClick={() => add(defaultsOf(subFields))}>
            {t('formRun.addRow', { table: label })}
          </Button>
          <Form.ErrorList errors={errors} />
        </div>
      )}
    </Form.List>
  );
}

function defaultsOf(fields: readonly FormField[]): Record<string, unknown> {
  return Object.fromEntries(fields.flatMap((sub) => (sub.defaultValue === undefined ? [] : [[sub.key, sub.defaultValue]])));
}
