import { DownloadOutlined } from '@ant-design/icons';
import type { FormPostStatus, SubmissionSearch, SubmissionSummary } from '@qiming/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Drawer, Empty, Form, Input, Select, Skeleton, Space, Table, Tag, Tooltip } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../core/i18n/formatTimeAgo.ts';
import { Access } from '../../../crud/Access.tsx';
import { saveBlob } from '../../../crud/dataProvider.ts';
import { FormRenderer } from '../../../formRenderer/FormRenderer.tsx';
import { formRunApi } from '../../../formRenderer/formRunApi.ts';

const statusColours: Record<FormPostStatus, string> = { none: 'default', pending: 'processing', posted: 'success', failed: 'error' };

interface SearchForm {
  submittedBy?: string;
  submitted?: [Dayjs, Dayjs] | null;
}

const searchOf = (values: SearchForm): SubmissionSearch => ({
  submittedBy: values.submittedBy?.trim() || undefined,
  submittedFrom: values.submitted?.[0]?.startOf('day').valueOf(),
  submittedTo: values.submitted?.[1]?.endOf('day').valueOf(),
});

/** One submission as it was submitted, with the schema of its own version. */
function SubmissionDrawer({ formId, submissionId, onClose }: { formId: number; submissionId: number | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useQuery({
    queryKey: ['forms', formId, 'submission', submissionId],
    queryFn: () => formRunApi.submission(formId, submissionId as number),
    enabled: submissionId !== undefined,
  });
  return (
    <Drawer
      open={submissionId !== undefined}
      onClose={onClose}
      size="large"
      title={t('formRun.submissionTitle', { id: submissionId ?? '' })}
    >
      {detail.data ? (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <span>
            {t('formRun.submittedLine', {
              name: detail.data.submittedByName,
              time: formatDateTime(detail.data.submittedAt),
              version: detail.data.version,
            })}
          </span>
          <FormRenderer schema={detail.data.field} mode="readOnly" values={detail.data.values} labels={detail.data.labels} />
        </Space>
      ) : (
        <Skeleton active />
      )}
    </Drawer>
  );
}

/** Submissions of one form: searched by submitter and date, paged, opened one at a time, exported to Excel. */
export default function SubmissionsPage() {
  const { t } = useTranslation();
  const [formId, setFormId] = useState<number>();
  const [search, setSearch] = useState<SubmissionSearch>({});
  const [page, setPage] = useState({ page: 1, limit: 10 });
  const [opened, setOpened] = useState<number>();
  const [exporting, setExporting] = useState(false);
  const [searchForm] = Form.useForm<SearchForm>();
  const names = useQuery({ queryKey: ['forms', 'names'], queryFn: formRunApi.names });
  const list = useQuery({
    queryKey: ['forms', formId, 'submissions', search, page],
    queryFn: () => formRunApi.submissions(formId as number, { ...search, ...page }),
    enabled: formId !== undefined,
  });
  const formName = names.data?.find((form) => form.id === formId)?.name ?? '';

  const exportAll = async () => {
    if (formId === undefined) return;
    setExporting(true);
    try {
      saveBlob(await formRunApi.exportSubmissions(formId, search), `${formName || 'submissions'}.xlsx`);
    } catch {
      // The request client has told the user why.
    } finally {
      setExporting(false);
    }
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card>
        <Space wrap align="center">
          <label htmlFor="submissions-form-picker">{t('formRun.form')}</label>
          <Select
            id="submissions-form-picker"
            style={{ minWidth: 280 }}
            showSearch={{ optionFilterProp: 'label' }}
            loading={names.isLoading}
            placeholder={t('formRun.pickForm')}
            value={formId}
            onChange={(id: number) => {
              setFormId(id);
              setPage((current) => ({ ...current, page: 1 }));
            }}
            options={(names.data ?? []).map((form) => ({ value: form.id, label: form.name }))}
          />
        </Space>
      </Card>
      {formId === undefined ? (
        <Card>
          <Empty description={t('formRun.pickFormFirst')} />
        </Card>
      ) : (
        <Card>
          <Form
            form={searchForm}
            layout="inline"
            name="submissionSearch"
            style={{ marginBottom: 16, rowGap: 8 }}
            onFinish={(values) => {
              setSearch(searchOf(values));
              setPage((current) => ({ ...current, page: 1 }));
            }}
          >
            <Form.Item name="submittedBy" label={t('formRun.submittedBy')}>
              <Input allowClear />
            </Form.Item>
            <Form.Item name="submitted" label={t('formRun.submittedAt')}>
              <DatePicker.RangePicker />
            </Form.Item>
            <Form.Item>
              <Space>
                <Button type="primary" htmlType="submit">
                  {t('formRun.search')}
                </Button>
                <Button
                  onClick={() => {
                    searchForm.resetFields();
                    setSearch({});
                    setPage((current) => ({ ...current, page: 1 }));
                  }}
                >
                  {t('formRun.reset')}
                </Button>
                <Access code="submission:export">
                  <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportAll()}>
                    {t('formRun.export')}
                  </Button>
                </Access>
              </Space>
            </Form.Item>
          </Form>
          <Table<SubmissionSummary>
            rowKey="id"
            loading={list.isFetching}
            dataSource={list.data?.records ?? []}
            pagination={{
              current: page.page,
              pageSize: page.limit,
              total: list.data?.total ?? 0,
              showSizeChanger: true,
              onChange: (next, limit) => setPage({ page: next, limit }),
            }}
            columns={[
              { key: 'submittedAt', title: t('formRun.submittedAt'), render: (_, row) => formatDateTime(row.submittedAt) },
              { key: 'submittedBy', title: t('formRun.submittedBy'), dataIndex: 'submittedByName' },
              { key: 'version', title: t('formRun.version'), dataIndex: 'version' },
              {
                key: 'postStatus',
                title: t('formRun.postStatus'),
                render: (_, row) => (
                  <Tooltip title={row.postError ?? undefined}>
                    <Tag color={statusColours[row.postStatus]}>{t(`formRun.post.${row.postStatus}`)}</Tag>
                  </Tooltip>
                ),
              },
              {
                key: 'actions',
                title: t('formRun.actions'),
                render: (_, row) => (
                  <Button type="link" onClick={() => setOpened(row.id)} aria-label={t('formRun.viewSubmission', { id: row.id })}>
                    {t('formRun.view')}
                  </Button>
                ),
              },
            ]}
          />
          <SubmissionDrawer formId={formId} submissionId={opened} onClose={() => setOpened(undefined)} />
        </Card>
      )}
    </Space>
  );
}
