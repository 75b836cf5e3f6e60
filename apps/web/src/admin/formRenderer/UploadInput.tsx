import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { referenceLabelKey } from '@qiming/shared';
import { Button, Image, Space } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { acceptedImages, uploadImage } from '../crud/uploadImage.ts';

interface Props {
  value?: number[];
  onChange?: (ids: number[] | undefined) => void;
  id?: string;
  disabled?: boolean;
  labels: Record<string, string>;
  'aria-label'?: string;
}

/** Images kept in the attachment store: the value is their ids, each shown with a button that removes it. */
export function UploadInput({ value = [], onChange, id, disabled, labels, 'aria-label': ariaLabel }: Props) {
  const { t } = useTranslation();
  const picker = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  // Where each image uploaded here is served; earlier ones come with the labels.
  const [urls, setUrls] = useState<Record<number, string>>({});

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    try {
      const stored = await uploadImage(file, t);
      if (stored) {
        setUrls((known) => ({ ...known, [stored.id]: stored.url }));
        onChange?.([...value, stored.id]);
      }
    } catch {
      // The request client has told the user why.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space wrap align="center">
      {value.map((attachment, index) => {
        const url = urls[attachment] ?? labels[referenceLabelKey('upload', attachment)];
        const name = t('formRun.attachment', { n: index + 1 });
        return (
          <Space key={attachment} size={4}>
            {url ? <Image src={url} alt={name} width={64} height={64} style={{ objectFit: 'cover' }} /> : <span>{name}</span>}
            <Button
              size="small"
              icon={<DeleteOutlined />}
              disabled={disabled}
              aria-label={t('formRun.removeAttachment', { n: index + 1 })}
              onClick={() => {
                const rest = value.filter((each) => each !== attachment);
                onChange?.(rest.length > 0 ? rest : undefined);
              }}
            />
          </Space>
        );
      })}
      <input
        ref={picker}
        type="file"
        accept={acceptedImages}
        hidden
        aria-label={ariaLabel ?? t('formRun.upload')}
        onChange={(event) => {
          void upload(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <Button id={id} icon={<UploadOutlined />} loading={busy} disabled={disabled} onClick={() => picker.current?.click()}>
        {t('formRun.upload')}
      </Button>
    </Space>
  );
}
