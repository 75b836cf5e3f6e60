import { ImportOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** A button that picks a BPMN XML file and hands it on; the same file may be picked twice in a row. */
export function XmlFileButton({ label, testId, onFile }: { label: string; testId: string; onFile: (file: File) => void }) {
  const { t } = useTranslation();
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button icon={<ImportOutlined />} onClick={() => fileInput.current?.click()}>
        {label}
      </Button>
      <input
        ref={fileInput}
        type="file"
        accept=".bpmn,.xml,application/xml,text/xml"
        hidden
        aria-label={t('bpm.model.importFile')}
        data-testid={testId}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </>
  );
}
