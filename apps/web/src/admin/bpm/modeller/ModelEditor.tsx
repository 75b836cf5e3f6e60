import { ArrowLeftOutlined, CloudUploadOutlined, DownloadOutlined, FileImageOutlined, SaveOutlined } from '@ant-design/icons';
import { type BpmModel, bpmKeyPattern, bpmModelRules } from '@qiming/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Space, Spin, Typography } from 'antd';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../core/request/notify.ts';
import { Access } from '../../crud/Access.tsx';
import { saveBlob } from '../../crud/dataProvider.ts';
import { useSubmit } from '../../crud/useSubmit.ts';
import { bpmAccess } from '../bpmAccess.ts';
import { bpmApi } from '../bpmApi.ts';
import { releaseModel } from '../releaseModel.ts';
import type { ModellerHandle } from './BpmnModeller.tsx';
import { blankDiagram } from './blankDiagram.ts';
import { XmlFileButton } from './XmlFileButton.tsx';

// bpmn-js (about 300 kB gzipped) loads only when a model is opened.
const BpmnModeller = lazy(() => import('./BpmnModeller.tsx'));

interface Props {
  /** The model to edit; a new one starts from a blank diagram. */
  modelId?: number;
  onClose(): void;
  /** Told after a save or release, so the list reloads. */
  onSaved(): void;
}

interface Meta {
  key: string;
  name: string;
  category: string;
  description: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Reads a chosen file as text (an imported BPMN XML). */
export function readFileText(file: File): Promise<string> {
  return file.text();
}

/** The modeller page of one model: its key and name, the diagram with properties, save, import, export and release. */
export function ModelEditor({ modelId, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const [id, setId] = useState(modelId);
  const loaded = useQuery({
    queryKey: ['bpmModel', modelId],
    queryFn: () => bpmApi.model(modelId as number),
    enabled: modelId !== undefined,
    gcTime: 0,
  });
  const model: BpmModel | undefined = loaded.data;
  if (modelId !== undefined && !model) {
    return loaded.isError ? <Alert type="error" showIcon title={t('bpm.model.loadFailed')} /> : <Spin />;
  }
  return <EditorBody key={model?.id ?? 'new'} model={model} id={id} setId={setId} onClose={onClose} onSaved={onSaved} />;
}

function EditorBody({
  model,
  id,
  setId,
  onClose,
  onSaved,
}: {
  model?: BpmModel;
  id?: number;
  setId(id: number): void;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Meta>();
  const modeller = useRef<ModellerHandle>(null);
  const [dirty, setDirty] = useState(model === undefined);
  const [importProblem, setImportProblem] = useState<string>();
  const { busy, submit } = useSubmit();
  const [initialXml] = useState(() => model?.xml ?? blankDiagram('Process_1', ''));
  const initial: Meta = {
    key: model?.key ?? '',
    name: model?.name ?? '',
    category: model?.category ?? '',
    description: model?.description ?? '',
  };

  const save = async (): Promise<number | undefined> => {
    let meta: Meta;
    try {
      meta = await form.validateFields();
    } catch {
      return undefined;
    }
    modeller.current?.syncProcess(meta.key, meta.name);
    const xml = (await modeller.current?.saveXml()) ?? '';
    let savedId: number | undefined;
    const ok = await submit(async () => {
      const input = { key: meta.key, name: meta.name, category: text(meta.category), description: text(meta.description), xml };
      const saved = id === undefined ? await bpmApi.createModel(input) : await bpmApi.updateModel(id, input);
      savedId = saved.id;
      setId(saved.id);
    });
    if (!ok) return undefined;
    setDirty(false);
    toastSuccess(t('confirm.saved'));
    onSaved();
    return savedId;
  };

  const release = async () => {
    const savedId = dirty || id === undefined ? await save() : id;
    if (savedId === undefined) return;
    if (await releaseModel(t, savedId, form.getFieldValue('name') as string)) onSaved();
  };

  const importFile = async (file: File) => {
    const xml = await readFileText(file);
    try {
      await modeller.current?.importXml(xml);
      setImportProblem(undefined);
      setDirty(true);
      toastSuccess(t('bpm.model.imported'));
    } catch (error) {
      setImportProblem((error as Error).message);
    }
  };

  const exportXml = async () => {
    const xml = (await modeller.current?.saveXml()) ?? '';
    saveBlob(new Blob([xml], { type: 'application/xml' }), `${form.getFieldValue('key') || 'process'}.bpmn`);
  };

  const exportSvg = async () => {
    const svg = (await modeller.current?.saveSvg()) ?? '';
    saveBlob(new Blob([svg], { type: 'image/svg+xml' }), `${form.getFieldValue('key') || 'process'}.svg`);
  };

  return (
    <section aria-label={t('bpm.model.editorTitle')}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Button icon={<ArrowLeftOutlined />} onClick={onClose}>
          {t('bpm.model.back')}
        </Button>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {id === undefined ? t('bpm.model.newTitle') : t('bpm.model.editTitle', { name: initial.name })}
        </Typography.Title>
        {/* antd's warning yellow reaches 1.9:1 on white; orange-8 reaches 5.6:1. */}
        {dirty && <Typography.Text style={{ color: '#ad4e00' }}>{t('bpm.model.unsaved')}</Typography.Text>}
      </Space>
      <Form form={form} name="bpm-model-meta" layout="inline" initialValues={initial} style={{ marginBottom: 12, rowGap: 8 }}>
        <Form.Item
          name="key"
          label={t('bpm.model.key')}
          tooltip={t('bpm.model.keyHelp')}
          rules={[
            { required: true, message: t('validation.required') },
            { pattern: bpmKeyPattern, message: t('bpm.model.keyInvalid') },
          ]}
        >
          <Input style={{ width: 180 }} />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('bpm.model.name')}
          rules={[
            { required: true, message: t('validation.required') },
            { max: bpmModelRules.name.length > 0 ? 100 : 100, message: t('validation.maxLength', { n: 100 }) },
          ]}
        >
          <Input style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="category" label={t('bpm.model.category')} rules={[{ max: 50, message: t('validation.maxLength', { n: 50 }) }]}>
          <Input style={{ width: 140 }} />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('bpm.model.description')}
          rules={[{ max: 500, message: t('validation.maxLength', { n: 500 }) }]}
        >
          <Input style={{ width: 260 }} />
        </Form.Item>
      </Form>
      <Space wrap style={{ marginBottom: 12 }}>
        <Access code={id === undefined ? bpmAccess.modelAdd : bpmAccess.modelEdit}>
          <Button type="primary" icon={<SaveOutlined />} loading={busy} onClick={() => void save()}>
            {t('bpm.model.save')}
          </Button>
        </Access>
        <XmlFileButton label={t('bpm.model.importIntoEditor')} testId="bpm-editor-import-file" onFile={(file) => void importFile(file)} />
        <Button icon={<DownloadOutlined />} onClick={() => void exportXml()}>
          {t('bpm.model.exportXml')}
        </Button>
        <Button icon={<FileImageOutlined />} onClick={() => void exportSvg()}>
          {t('bpm.model.exportSvg')}
        </Button>
        <Access code={bpmAccess.modelRelease}>
          <Button icon={<CloudUploadOutlined />} onClick={() => void release()}>
            {t('bpm.model.release')}
          </Button>
        </Access>
      </Space>
      {importProblem && (
        <Alert type="error" showIcon closable title={t('bpm.model.importFailed', { reason: importProblem })} style={{ marginBottom: 12 }} />
      )}
      <Suspense fallback={<Spin />}>
        <BpmnModeller
          ref={modeller}
          xml={initialXml}
          onChange={() => setDirty(true)}
          onImportError={(message) => setImportProblem(message)}
        />
      </Suspense>
    </section>
  );
}
