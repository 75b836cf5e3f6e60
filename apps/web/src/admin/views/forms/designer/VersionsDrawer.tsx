import { EyeOutlined } from '@ant-design/icons';
import type { Form, FormVersion } from '@qiming/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../core/i18n/formatTimeAgo.ts';
import { formApi } from '../../../formDesigner/formApi.ts';
import { PreviewPane } from '../../../formDesigner/PreviewPane.tsx';
import { formsPath } from '../../../formRenderer/formRunApi.ts';

/** A form's published versions, newest first, each previewed as it was frozen. */
export function VersionsDrawer({ form, onClose }: { form: Form | null; onClose(): void }) {
  const { t } = useTranslation();
  const [previewed, setPreviewed] = useState<FormVersion | null>(null);
  const versions = useQuery({
    queryKey: [formsPath, form?.id, 'versions'],
    queryFn: () => formApi.versions(form?.id as number),
    enabled: form !== null,
  });
  return (
    <Drawer
      open={form !== null}
      size="large"
      title={form ? t('formDesigner.versionsOf', { name: form.name }) : ''}
      onClose={() => {
        setPreviewed(null);
        onClose();
      }}
    >
      <Table<FormVersion>
        rowKey="version"
        size="small"
        loading={versions.isFetching}
        dataSource={versions.data ?? []}
        pagination={false}
        locale={{ emptyText: t('formDesigner.noVersions') }}
        columns={[
          {
            key: 'version',
            title: t('formDesigner.version'),
            render: (_value, row) => t('formDesigner.versionNumber', { version: row.version }),
          },
          { key: 'publishedAt', title: t('formDesigner.publishedAt'), render: (_value, row) => formatDateTime(row.publishedAt) },
          { key: 'publishedBy', dataIndex: 'publishedBy', title: t('formDesigner.publishedBy') },
          {
            key: 'preview',
            title: t('formDesigner.preview'),
            render: (_value, row) => (
              <Button
                type="link"
                size="small"
                icon={<EyeOutlined />}
                aria-pressed={previewed?.version === row.version}
                onClick={() => setPreviewed(row)}
              >
                {t('formDesigner.previewOf', { version: row.version })}
              </Button>
            ),
          },
        ]}
      />
      {previewed && (
        <>
          <h2>{t('formDesigner.previewOf', { version: previewed.version })}</h2>
          <PreviewPane key={previewed.version} schema={previewed.field} layout="desktop" />
        </>
      )}
    </Drawer>
  );
}
