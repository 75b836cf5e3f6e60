import { type FormSubField, isEmpty, type Language, localized, referenceLabelKey } from '@qiming/shared';
import { Image, Rate, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from './formRenderer.module.css';

interface Props {
  field: FormSubField;
  value: unknown;
  labels: Record<string, string>;
  language: Language;
}

/** A submitted value as a reader sees it: option labels and record names in place of codes and ids. */
export function ReadOnlyValue({ field, value, labels, language }: Props) {
  const { t } = useTranslation();
  if (isEmpty(value)) return <span className={styles.empty}>{t('formRun.noValue')}</span>;
  const list = Array.isArray(value) ? (value as (string | number)[]) : [value as string | number];
  const name = (kind: 'organ' | 'account' | 'region', item: string | number) => labels[referenceLabelKey(kind, item)] ?? String(item);
  switch (field.kind) {
    case 'money':
      return <span>¥{Number(value).toFixed(2)}</span>;
    case 'dateRange':
      return <span>{list.join(' ~ ')}</span>;
    case 'switch':
      return <span>{t(value ? 'formRun.yes' : 'formRun.no')}</span>;
    case 'rate':
      return <Rate disabled value={Number(value)} aria-label={localized(field.label, language)} />;
    case 'select':
    case 'radio':
    case 'checkbox': {
      const options = field.options;
      const label = (item: string | number) =>
        Array.isArray(options)
          ? localized(options.find((option) => option.value === item)?.label ?? { zh: String(item) }, language)
          : (labels[referenceLabelKey('dict', item, options?.dictCode)] ?? String(item));
      return <span>{list.map(label).join(', ')}</span>;
    }
    case 'region':
      return <span>{list.map((code) => name('region', code)).join(' / ')}</span>;
    case 'organ':
    case 'account':
      return <span>{name(field.kind, value as number)}</span>;
    case 'upload':
      return (
        <Space wrap>
          {list.map((id, index) => {
            const url = labels[referenceLabelKey('upload', id)];
            const alt = t('formRun.attachment', { n: index + 1 });
            return url ? (
              <Image key={id} src={url} alt={alt} width={64} height={64} style={{ objectFit: 'cover' }} />
            ) : (
              <span key={id}>{alt}</span>
            );
          })}
        </Space>
      );
    case 'richText':
      // Only text is markup: anything else shown as markup could carry unsanitised HTML through String().
      return typeof value === 'string' ? (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitises rich text before keeping it and before a task shows it; no script, handler or javascript: link reaches here.
        <div className={styles.richText} dangerouslySetInnerHTML={{ __html: value }} />
      ) : (
        <span className={styles.text}>{t('formRun.noValue')}</span>
      );
    default:
      return <span className={styles.text}>{String(value)}</span>;
  }
}
