import { InboxOutlined } from '@ant-design/icons';
import type { ModelImportReport } from '@qiming/shared';
import { Alert, Modal, Progress, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, RequestError } from '../../../../core/request/client.ts';

/**
 * Imports a zip of INSERT statements. The bar shows the upload (a large archive takes a while on a slow
 * line); the server then adds everything in one transaction or nothing, and the dialog shows either
 * what was added or the file, line and reason of the first problem.
 */
export function ModelImportDialog({ open, onClose, onImported }: { open: boolean; onClose(): void; onImported(): void }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [report, setReport] = useState<ModelImportReport | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const reset = () => {
    setFile(null);
    setProgress(null);
    setReport(null);
    setProblem(null);
  };

  const upload = async () => {
    if (!file) return;
    setReport(null);
    setProblem(null);
    setProgress(0);
    try {
      const added = await api.upload('/api/admin/function-model/import', new Blob([file], { type: 'application/zip' }), {
        onProgress: (sent) => setProgress(Math.round(sent * 100)),
      });
      setReport(added);
      onImported();
    } catch (error) {
      setProblem(error instanceof RequestError ? error.message : t('request.networkProblem'));
    } finally {
      setProgress(null);
    }
  };

  return (
    <Modal
      title={t('functionModel.importTitle')}
      open={open}
      onCancel={onClose}
      afterClose={reset}
      onOk={() => (report ? onClose() : void upload())}
      okButtonProps={{ disabled: !file && !report }}
      confirmLoading={progress !== null}
      okText={report ? t('functionModel.done') : t('functionModel.importModel')}
      cancelText={t('table.cancel')}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('functionModel.importHint')}</Typography.Paragraph>
      <Upload.Dragger
        accept=".zip,application/zip"
        maxCount={1}
        beforeUpload={(chosen) => {
          setFile(chosen);
          setReport(null);
          setProblem(null);
          return false;
        }}
        onRemove={() => setFile(null)}
      >
        <p>
          <InboxOutlined />
        </p>
        <p>{t('functionModel.chooseFile')}</p>
      </Upload.Dragger>
      {progress !== null && (
        <Progress
          percent={progress}
          status="active"
          aria-label={t('functionModel.uploading', { percent: progress })}
          style={{ marginTop: 12 }}
        />
      )}
      {report && (
        <Alert
          type="success"
          showIcon
          style={{ marginTop: 12 }}
          title={t('functionModel.report', { ...report.added, files: report.files, statements: report.statements })}
        />
      )}
      {problem && <Alert type="error" showIcon style={{ marginTop: 12 }} title={problem} />}
    </Modal>
  );
}
