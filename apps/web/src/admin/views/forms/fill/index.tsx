import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Result, Select, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormRenderer } from '../../../formRenderer/FormRenderer.tsx';
import { formRunApi } from '../../../formRenderer/formRunApi.ts';

/** Filling in a form: pick one of the published forms, fill it in, and see it kept or its problems at their fields. */
export default function FillFormPage() {
  const { t } = useTranslation();
  const [formId, setFormId] = useState<number>();
  const [sent, setSent] = useState(0);
  const [done, setDone] = useState(false);
  const published = useQuery({ queryKey: ['forms', 'published'], queryFn: formRunApi.published });
  const schema = useQuery({
    queryKey: ['forms', 'schema', formId],
    queryFn: () => formRunApi.schema(formId as number),
    enabled: formId !== undefined,
  });
  const chosen = published.data?.find((form) => form.id === formId);

  const pick = (id: number | undefined) => {
    setFormId(id);
    setDone(false);
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card>
        <Space wrap align="center">
          <label htmlFor="fill-form-picker">{t('formRun.form')}</label>
          <Select
            id="fill-form-picker"
            style={{ minWidth: 280 }}
            showSearch={{ optionFilterProp: 'label' }}
            allowClear
            loading={published.isLoading}
            placeholder={t('formRun.pickForm')}
            value={formId}
            onChange={pick}
            options={(published.data ?? []).map((form) => ({ value: form.id, label: form.name }))}
          />
        </Space>
        {published.data?.length === 0 && <Empty description={t('formRun.noPublished')} />}
      </Card>
      {chosen && (
        <Card title={chosen.name} extra={t('formRun.versionOf', { version: schema.data?.version ?? chosen.version })}>
          {chosen.description && <Typography.Paragraph type="secondary">{chosen.description}</Typography.Paragraph>}
          {done ? (
            <Result
              status="success"
              title={t('formRun.submitted')}
              extra={
                <Button
                  type="primary"
                  onClick={() => {
                    setDone(false);
                    setSent((count) => count + 1);
                  }}
                >
                  {t('formRun.fillAgain')}
                </Button>
              }
            />
          ) : schema.data ? (
            <FormRenderer
              key={`${chosen.id}-${schema.data.version}-${sent}`}
              schema={schema.data.field}
              mode="edit"
              onSubmit={async (values) => {
                const problems = await formRunApi.submit(chosen.id, values);
                if (!problems) setDone(true);
                return problems;
              }}
            />
          ) : (
            <Skeleton active />
          )}
        </Card>
      )}
    </Space>
  );
}
