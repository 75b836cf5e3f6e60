import {
  type FormField,
  type FormSchema,
  isFieldRequired,
  isFieldShown,
  type Language,
  localized,
  validateSubmission,
} from '@qiming/shared';
import { Alert, Button, Col, Form, Row, Typography } from 'antd';
import { type JSX, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../core/i18n/i18n.ts';
import { FieldWidget } from './FieldWidget.tsx';
import styles from './formRenderer.module.css';
import { namePathOf } from './problemPath.ts';
import { ReadOnlyValue } from './ReadOnlyValue.tsx';
import { SubTableInput } from './SubTableInput.tsx';

export interface FormRendererProps {
  schema: FormSchema;
  mode: 'edit' | 'readOnly';
  /** Initial values (edit) or the submission's values (readOnly). */
  values?: Record<string, unknown>;
  /** Labels for organ/account/region/dict/upload values in readOnly mode, as the submission API answers them. */
  labels?: Record<string, string>;
  /** edit: called with values that passed the shared checks in the browser; resolves to the server's problems (field path + message) to show at their fields, or nothing on success. */
  onSubmit?: (values: Record<string, unknown>) => Promise<Array<{ field: string; message: string }> | undefined>;
  /** 'mobile' puts every field on its own row (the designer previews both). */
  layout?: 'desktop' | 'mobile';
  /** The designer's preview: lookups still work, submitting only runs the browser checks and shows the result. */
  preview?: boolean;
  submitLabel?: string;
}

type Values = Record<string, unknown>;
type Problem = { field: string; message: string };

const noLabels: Record<string, string> = {};

/** Each field's given value, or its default: a sub-table's rows get their cells' defaults too. */
function startingValues(fields: readonly FormField[], given: Values = {}): Values {
  const values: Values = {};
  for (const field of fields) {
    const value = given[field.key] ?? field.defaultValue;
    if (value !== undefined) values[field.key] = value;
  }
  return values;
}

/** The store without what antd keeps for nothing (cleared inputs), so the shared checks see what a person filled in. */
function filledIn(values: Values): Values {
  return JSON.parse(JSON.stringify(values, (_key, value) => (value === null ? undefined : value))) as Values;
}

function StaticText({ field, language }: { field: FormField; language: Language }) {
  return (
    <>
      <Typography.Title level={4}>{localized(field.label, language)}</Typography.Title>
      {field.help && <Typography.Paragraph>{localized(field.help, language)}</Typography.Paragraph>}
    </>
  );
}

/** One form from a published schema: filled in and checked as the server checks it, or shown as submitted. */
export function FormRenderer(props: FormRendererProps): JSX.Element {
  return props.mode === 'readOnly' ? <ReadOnlyForm {...props} /> : <EditForm {...props} />;
}

function EditForm({ schema, values, labels = noLabels, onSubmit, layout = 'desktop', preview = false, submitLabel }: FormRendererProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [form] = Form.useForm<Values>();
  const name = `form${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const initial = useMemo(() => startingValues(schema.fields, values), [schema, values]);
  const [current, setCurrent] = useState<Values>(initial);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ passed: boolean; unplaced: Problem[] }>();
  const marked = useRef<(string | number)[][]>([]);

  const shown = schema.fields.filter((field) => isFieldShown(field, schema.fields, current));
  const topKeys = new Set(shown.filter((field) => field.kind !== 'staticText').map((field) => field.key));

  /** Shows each problem at its field (a sub-table's at its cell); those with no field here above the form. */
  const showProblems = (problems: Problem[]) => {
    form.setFields(marked.current.map((path) => ({ name: path, errors: [] })));
    const placed = problems.filter((problem) => topKeys.has(problem.field.split('.')[0] ?? ''));
    marked.current = placed.map((problem) => namePathOf(problem.field));
    form.setFields(placed.map((problem) => ({ name: namePathOf(problem.field), errors: [problem.message] })));
    setOutcome({ passed: problems.length === 0, unplaced: problems.filter((problem) => !placed.includes(problem)) });
    if (placed[0]) form.scrollToField(namePathOf(placed[0].field), { focus: true });
  };

  const submit = async () => {
    const checked = validateSubmission(schema, filledIn(form.getFieldsValue(true)), language);
    const problems = checked.problems.map((problem) => ({ field: problem.field, message: problem.text }));
    if (problems.length > 0 || preview) {
      showProblems(problems);
      return;
    }
    setBusy(true);
    try {
      showProblems((await onSubmit?.(checked.values)) ?? []);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form
      form={form}
      name={name}
      layout="vertical"
      initialValues={initial}
      onValuesChange={(_changed, all) => setCurrent(all)}
      onFinish={() => void submit()}
    >
      {outcome && outcome.unplaced.length > 0 && (
        <Alert type="error" showIcon style={{ marginBottom: 16 }} title={outcome.unplaced.map((problem) => problem.message).join('; ')} />
      )}
      <Row gutter={16}>
        {shown.map((field) => (
          <Col key={field.key} span={layout === 'mobile' ? 24 : field.span}>
            {field.kind === 'staticText' ? (
              <StaticText field={field} language={language} />
            ) : field.kind === 'subTable' ? (
              <Form.Item
                label={localized(field.label, language)}
                required={isFieldRequired(field, schema.fields, current)}
                extra={field.help && localized(field.help, language)}
              >
                <SubTableInput
                  field={field}
                  language={language}
                  labels={labels}
                  rows={(current[field.key] as Values[] | undefined) ?? []}
                  disabled={field.readOnly}
                />
              </Form.Item>
            ) : (
              <Form.Item
                name={field.key}
                label={localized(field.label, language)}
                required={isFieldRequired(field, schema.fields, current)}
                extra={field.help && localized(field.help, language)}
              >
                <FieldWidget field={field} language={language} labels={labels} disabled={field.readOnly} />
              </Form.Item>
            )}
          </Col>
        ))}
      </Row>
      {preview && outcome?.passed && <Alert type="success" showIcon style={{ marginBottom: 16 }} title={t('formRun.previewPassed')} />}
      <Button type="primary" htmlType="submit" loading={busy}>
        {submitLabel ?? t('formRun.submit')}
      </Button>
    </Form>
  );
}

function ReadOnlyForm({ schema, values = {}, labels = noLabels, layout = 'desktop' }: FormRendererProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const shown = schema.fields.filter((field) => isFieldShown(field, schema.fields, values));
  return (
    <Row gutter={16}>
      {shown.map((field) => (
        <Col key={field.key} span={layout === 'mobile' ? 24 : field.span} className={styles.readOnlyItem}>
          {field.kind === 'staticText' ? (
            <StaticText field={field} language={language} />
          ) : (
            <section aria-label={localized(field.label, language)}>
              <div className={styles.readOnlyLabel}>{localized(field.label, language)}</div>
              {field.kind === 'subTable' ? (
                <ReadOnlyTable field={field} rows={(values[field.key] as Values[] | undefined) ?? []} labels={labels} language={language} />
              ) : (
                <ReadOnlyValue field={field} value={values[field.key]} labels={labels} language={language} />
              )}
            </section>
          )}
        </Col>
      ))}
      {shown.length === 0 && <Col span={24}>{t('formRun.noValue')}</Col>}
    </Row>
  );
}

function ReadOnlyTable({
  field,
  rows,
  labels,
  language,
}: {
  field: FormField;
  rows: Values[];
  labels: Record<string, string>;
  language: Language;
}) {
  const subFields = (field.fields ?? []).filter((sub) => !sub.hidden && sub.kind !== 'staticText');
  return (
    <div className={styles.subTableWrap}>
      <table className={styles.subTable}>
        <thead>
          <tr>
            <th scope="col">#</th>
            {subFields.map((sub) => (
              <th scope="col" key={sub.key}>
                {localized(sub.label, language)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            // Rows of a kept submission never move: their place is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above.
            <tr key={index}>
              <td>{index + 1}</td>
              {subFields.map((sub) => (
                <td key={sub.key}>
                  {isFieldShown(sub, subFields, row) && (
                    <ReadOnlyValue field={sub} value={row[sub.key]} labels={labels} language={language} />
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
