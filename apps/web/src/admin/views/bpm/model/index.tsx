import { CloudUploadOutlined, DownloadOutlined, EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import type { BpmModel } from '@qiming/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Modal, Spin, Tag } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../core/i18n/formatTimeAgo.ts';
import { toastSuccess } from '../../../../core/request/notify.ts';
import { bpmAccess } from '../../../bpm/bpmAccess.ts';
import { bpmApi, bpmPaths } from '../../../bpm/bpmApi.ts';
import { ModelEditor } from '../../../bpm/modeller/ModelEditor.tsx';
import { XmlFileButton } from '../../../bpm/modeller/XmlFileButton.tsx';
import { releaseModel } from '../../../bpm/releaseModel.ts';
import { Access } from '../../../crud/Access.tsx';
import { saveBlob } from '../../../crud/dataProvider.ts';
import { ResourceTable } from '../../../crud/ResourceTable.tsx';
import type { ResourceDeclaration } from '../../../crud/resource.ts';

const BpmnDiagram = lazy(() => import('../../../bpm/diagram/BpmnDiagram.tsx'));

/** Process models: drafts listed, opened in the modeller, imported, exported, previewed and released. */
export default function BpmModelPage() {
  const { t } = useTranslation();
  const queries = useQueryClient();
  const [editing, setEditing] = useState<{ modelId?: number } | null>(null);
  const [preview, setPreview] = useState<{ name: string; xml: string } | null>(null);
  const reload = () => queries.invalidateQueries({ queryKey: [bpmPaths.models] });

  const exportXml = async (row: BpmModel) => {
    try {
      saveBlob(await bpmApi.exportModel(row.id), `${row.key}.bpmn`);
    } catch {
      // The request client has told the user why.
    }
  };

  const showPreview = async (row: BpmModel) => {
    const model = await bpmApi.model(row.id);
    setPreview({ name: row.name, xml: model.xml ?? '' });
  };

  const importFile = async (file: File) => {
    try {
      const model = await bpmApi.importModel(await file.text());
      toastSuccess(t('bpm.model.importedAs', { key: model.key }));
      await reload();
    } catch {
      // The request client has told the user why.
    }
  };

  if (editing) {
    return <ModelEditor modelId={editing.modelId} onClose={() => setEditing(null)} onSaved={() => void reload()} />;
  }

  const resource: ResourceDeclaration<BpmModel> = {
    name: 'bpm.model.entity',
    apiPath: bpmPaths.models,
    permissions: { delete: bpmAccess.modelDelete },
    columns: [
      { key: 'key', title: 'bpm.model.key', sortable: true },
      { key: 'name', title: 'bpm.model.name', sortable: true },
      { key: 'category', title: 'bpm.model.category' },
      {
        key: 'latestVersion',
        title: 'bpm.model.releasedVersion',
        render: (row) =>
          row.latestVersion === null ? (
            <Tag>{t('bpm.model.neverReleased')}</Tag>
          ) : (
            <Tag color="success">{t('bpm.common.version', { version: row.latestVersion })}</Tag>
          ),
      },
      { key: 'updatedAt', title: 'bpm.model.updatedAt', sortable: true, render: (row) => formatDateTime(row.updatedAt) },
      { key: 'updatedBy', title: 'bpm.model.updatedBy' },
    ],
    searchFields: [
      { name: 'key', label: 'bpm.model.key' },
      { name: 'name', label: 'bpm.model.name' },
    ],
    toolbar: () => (
      <>
        <Access code={bpmAccess.modelAdd}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
            {t('bpm.model.create')}
          </Button>
        </Access>
        <Access code={bpmAccess.modelImport}>
          <XmlFileButton label={t('bpm.model.import')} testId="bpm-model-import-file" onFile={(file) => void importFile(file)} />
        </Access>
      </>
    ),
    rowActions: (row) => (
      <>
        <Access code={bpmAccess.modelEdit}>
          <Button
            type="link"
            size="small"
            icon={<EditOutlined />}
            aria-label={t('bpm.model.designOf', { name: row.name })}
            onClick={() => setEditing({ modelId: row.id })}
          >
            {t('bpm.model.design')}
          </Button>
        </Access>
        <Button
          type="link"
          size="small"
          icon={<EyeOutlined />}
          aria-label={t('bpm.model.previewOf', { name: row.name })}
          onClick={() => void showPreview(row)}
        >
          {t('bpm.model.preview')}
        </Button>
        <Access code={bpmAccess.modelExport}>
          <Button
            type="link"
            size="small"
            icon={<DownloadOutlined />}
            aria-label={t('bpm.model.exportOf', { name: row.name })}
            onClick={() => void exportXml(row)}
          >
            {t('bpm.model.exportXml')}
          </Button>
        </Access>
        <Access code={bpmAccess.modelRelease}>
          <Button
            type="link"
            size="small"
            icon={<CloudUploadOutlined />}
            aria-label={t('bpm.model.releaseOf', { name: row.name })}
            onClick={async () => {
              if (await releaseModel(t, row.id, row.name)) await reload();
            }}
          >
            {t('bpm.model.release')}
          </Button>
        </Access>
      </>
    ),
  };

  return (
    <>
      <ResourceTable resource={resource} />
      <Modal
        open={preview !== null}
        title={t('bpm.model.previewTitle', { name: preview?.name ?? '' })}
        width={960}
        footer={null}
        onCancel={() => setPreview(null)}
        destroyOnHidden
      >
        {preview && (
          <Suspense fallback={<Spin />}>
            <BpmnDiagram xml={preview.xml} label={t('bpm.diagram.labelOf', { name: preview.name })} />
          </Suspense>
        )}
      </Modal>
    </>
  );
}
