import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Access } from '../../../crud/Access.tsx';

/** Edit and delete links of one row in the organisation page's small tables; each shown to whom its grant allows. */
export function RowActions({ name, onEdit, onDelete }: { name: string; onEdit(): void; onDelete(): void }) {
  const { t } = useTranslation();
  return (
    <Space size={0}>
      <Access code="organ:edit">
        <Button type="link" size="small" icon={<EditOutlined />} aria-label={`${t('table.edit')} ${name}`} onClick={onEdit}>
          {t('table.edit')}
        </Button>
      </Access>
      <Access code="organ:delete">
        <Button type="link" size="small" danger icon={<DeleteOutlined />} aria-label={`${t('table.delete')} ${name}`} onClick={onDelete}>
          {t('table.delete')}
        </Button>
      </Access>
    </Space>
  );
}
