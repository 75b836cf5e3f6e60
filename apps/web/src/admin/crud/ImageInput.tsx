import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Image, Progress, Space, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { acceptedImages, uploadImage } from './uploadImage.ts';

/** An image field: the current picture, a button that uploads another one, and one that clears it. */
export function ImageInput({
  value,
  onChange,
  id,
  disabled,
}: {
  value?: unknown;
  onChange?: (url: string) => void;
  id?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<number | null>(null);
  const url = typeof value === 'string' ? value : '';

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setProgress(0);
    try {
      const stored = await uploadImage(file, t, (share) => setProgress(Math.round(share * 100)));
      if (stored) onChange?.(stored.url);
    } finally {
      setProgress(null);
    }
  };

  return (
    <Space align="center" wrap>
      {url && <Image src={url} alt={t('portal.currentImage')} width={96} height={64} style={{ objectFit: 'cover' }} />}
      {/* antd's picker, not the browser's bare "Choose File" box; the upload itself goes through `uploadImage`. */}
      <Upload
        accept={acceptedImages}
        showUploadList={false}
        disabled={disabled || progress !== null}
        beforeUpload={(file) => {
          void upload(file);
          return Upload.LIST_IGNORE;
        }}
      >
        <Button id={id} icon={<UploadOutlined />} disabled={disabled || progress !== null}>
          {url ? t('portal.replaceImage') : t('portal.uploadImage')}
        </Button>
      </Upload>
      {url && <Button icon={<DeleteOutlined />} disabled={disabled} aria-label={t('portal.removeImage')} onClick={() => onChange?.('')} />}
      {progress !== null && <Progress percent={progress} size="small" style={{ width: 120 }} />}
    </Space>
  );
}
