import { UserOutlined } from '@ant-design/icons';
import { Avatar, Card, Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUserStore } from '../../../core/stores/userStore.ts';

export default function Profile() {
  const { t } = useTranslation();
  const user = useUserStore((state) => state.user);
  return (
    <Card title={t('profile.title')}>
      <Avatar size={64} src={user?.avatar || undefined} icon={<UserOutlined />} style={{ marginBottom: 16 }} />
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label={t('profile.userName')}>{user?.userName}</Descriptions.Item>
        <Descriptions.Item label={t('profile.name')}>{user?.name}</Descriptions.Item>
        <Descriptions.Item label={t('profile.roles')}>
          {user?.roles.map((role) => (
            <Tag key={role}>{role}</Tag>
          ))}
        </Descriptions.Item>
        <Descriptions.Item label={t('profile.introduction')}>{user?.introduction}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
