import { CloudUploadOutlined, EditOutlined, HistoryOutlined, PlusOutlined } from '@ant-design/icons';
import type { Form } from '@qiming/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Spin } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../core/i18n/formatTimeAgo.ts';
import { Access } from '../../../crud/Access.tsx';
import { ResourceTable } from '../../../crud/ResourceTable.tsx';
import type { ResourceDeclaration } from '../../../crud/resource.ts';
import { confirmAndPublish } from '../../../formDesigner/publishForm.ts';
import { formsPath } from '../../../formRenderer/formRunApi.ts';
import { VersionsDrawer } from './VersionsDrawer.tsx';

// The designer (dnd-kit, the property editors) loads only when a form is opened.
const FormDesigner = lazy(() => import('../../../formDesigner/FormDesigner.tsx'));

/** Cloud forms: the list of forms, and the designer that opens in its place. */
export default function FormDesignerPage() {
  const { t } = useTranslation();
  const queries = useQueryClient();
  const [designing, setDesigning] = useState<{ formId?: number } | null>(null);
  const [versionsOf, setVersionsOf] = useState<Form | null>(null);
  const reload = () => queries.invalidateQueries({ queryKey: [formsPath] });

  const publish = async (form: Form) => {
    try {
      if (await confirmAndPublish(t, form)) await reload();
    } catch {
      // The request client has told the user why.
    }
  };

  const resource: ResourceDeclaration<Form> = {
    name: 'formDesigner.form',
    apiPath: formsPath,
    permissions: { delete: 'form:delete' },
    columns: [
      { key: 'name', title: 'formDesigner.name', sortable: true },
      { key: 'modelName', title: 'formDesigner.modelName', sortable: true },
      {
        key: 'version',
        title: 'formDesigner.version',
        render: (row) => (row.version === null ? t('formDesigner.draftOnly') : t('formDesigner.versionNumber', { version: row.version })),
      },
      { key: 'updatedAt', title: 'formDesigner.updatedAt', sortable: true, render: (row) => formatDateTime(row.updatedAt) },
    ],
    searchFields: [{ name: 'name', label: 'formDesigner.name' }],
    toolbar: () => (
      <Access code="form:add">
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDesigning({})}>
          {t('formDesigner.create')}
        </Button>
      </Access>
    ),
    rowActions: (row) => (
      <>
        <Access code="form:edit">
          <Button
            type="link"
            size="small"
            icon={<EditOutlined />}
            onClick={() => setDesigning({ formId: row.id })}
            aria-label={`${t('formDesigner.design')} ${row.name}`}
          >
            {t('formDesigner.design')}
          </Button>
        </Access>
        <Access code="form:publish">
          <Button
            type="link"
            size="small"
            icon={<CloudUploadOutlined />}
            onClick={() => void publish(row)}
            aria-label={`${t('formDesigner.publish')} ${row.name}`}
          >
            {t('formDesigner.publish')}
          </Button>
        </Access>
        <Button
          type="link"
          size="small"
          icon={<HistoryOutlined />}
          onClick={() => setVersionsOf(row)}
          aria-label={`${t('formDesigner.versions')} ${row.name}`}
        >
          {t('formDesigner.versions')}
        </Button>
      </>
    ),
  };

  return (
    <>
      {/* The list stays mounted under the designer, so that its search and page are as they were on return. */}
      <div hidden={designing !== null}>
        <ResourceTable resource={resource} />
      </div>
      {designing && (
        <Suspense fallback={<Spin size="large" />}>
          <FormDesigner formId={designing.formId} onClose={() => setDesigning(null)} onSaved={() => void reload()} />
        </Suspense>
      )}
      <VersionsDrawer form={versionsOf} onClose={() => setVersionsOf(null)} />
    </>
  );
}
