import { Card, Descriptions, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { usePermissionStore } from '../../../core/stores/permissionStore.ts';
import { useUserStore } from '../../../core/stores/userStore.ts';
import { routeTitle } from '../../routeTitle.ts';

export default function Dashboard() {
  const { t } = useTranslation();
  const user = useUserStore((state) => state.user);
  const routes = usePermissionStore((state) => state.routes);
  return (
    <Card>
      <Typography.Title level={2}>{t('dashboard.welcome', { name: user?.name ?? '' })}</Typography.Title>
      <Typography.Paragraph>{t('dashboard.intro')}</Typography.Paragraph>
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label={t('dashboard.roles')}>
          {user?.roles.map((role) => (
            <Tag key={role}>{role}</Tag>
          ))}
        </Descriptions.Item>
        <Descriptions.Item label={t('dashboard.menus')}>
          {routes.flatMap((group) =>
            (group.children ?? [group])
              .filter((route) => route.kind === 'page')
              .map((route) => (
                <Tag key={route.path}>
                  <Link to={route.path}>{routeTitle(t, route.meta)}</Link>
                </Tag>
              )),
          )}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
