import {
  ColumnHeightOutlined,
  LockOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  SettingOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Avatar, Breadcrumb, Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { signOut } from '../../core/auth/session.ts';
import type { AppRoute } from '../../core/permission/appRoute.ts';
import { type ComponentSize, useAppStore } from '../../core/stores/appStore.ts';
import { useSettingsStore } from '../../core/stores/settingsStore.ts';
import { useUserStore } from '../../core/stores/userStore.ts';
import { LanguageSwitch } from '../../core/ui/LanguageSwitch.tsx';
import { routeTitle } from '../routeTitle.ts';
import { AlarmBell } from './AlarmBell.tsx';
import styles from './adminLayout.module.css';
import { EditPasswordDialog } from './lazyPanels.ts';
import { OnceOpened } from './OnceOpened.tsx';
import { routeTrail } from './useAdminRoutes.ts';

const sizes: ComponentSize[] = ['large', 'middle', 'small'];

export function Navbar({ routes }: { routes: AppRoute[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { sidebarOpened, toggleSidebar, size, setSize } = useAppStore();
  const { showSettings, setDrawerOpen } = useSettingsStore();
  const user = useUserStore((state) => state.user);
  const [editingPassword, setEditingPassword] = useState(false);

  const trail = routeTrail(routes, pathname);
  const crumbs = [
    { title: <Link to="/dashboard">{t('route.dashboard')}</Link> },
    ...trail.filter((route) => route.path !== '/dashboard').map((route) => ({ title: routeTitle(t, route.meta) })),
  ];

  return (
    <div className={styles.navbar}>
      <Button
        type="text"
        icon={sidebarOpened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        onClick={toggleSidebar}
        aria-label={t('app.toggleSidebar')}
        aria-expanded={sidebarOpened}
      />
      <nav aria-label={t('app.breadcrumb')}>
        <Breadcrumb items={crumbs} />
      </nav>
      <div className={styles.navbarRight}>
        {showSettings && (
          <Button type="text" icon={<SettingOutlined />} aria-label={t('app.settings')} onClick={() => setDrawerOpen(true)} />
        )}
        <AlarmBell />
        <LanguageSwitch />
        <Dropdown
          trigger={['click']}
          menu={{
            selectable: true,
            selectedKeys: [size],
            items: sizes.map((option) => ({ key: option, label: t(`app.sizes.${option}`) })),
            onClick: ({ key }) => setSize(key as ComponentSize),
          }}
        >
          <Button type="text" icon={<ColumnHeightOutlined />} aria-label={t('app.size')} />
        </Dropdown>
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'profile', icon: <UserOutlined />, label: t('route.profile') },
              { key: 'password', icon: <LockOutlined />, label: t('route.editPassword') },
              { key: 'settings', icon: <SettingOutlined />, label: t('app.settings') },
              { type: 'divider' },
              { key: 'logout', icon: <LogoutOutlined />, label: t('route.logOut'), danger: true },
            ],
            onClick: ({ key }) => {
              if (key === 'profile') navigate('/profile');
              if (key === 'password') setEditingPassword(true);
              if (key === 'settings') setDrawerOpen(true);
              if (key === 'logout') void signOut();
            },
          }}
        >
          <Button type="text" aria-label={`${t('app.userMenu')}: ${user?.name ?? ''}`} data-testid="user-menu">
            <Avatar size="small" src={user?.avatar || undefined} icon={<UserOutlined />} />
            {user?.name}
          </Button>
        </Dropdown>
      </div>
      <OnceOpened open={editingPassword}>
        <EditPasswordDialog open={editingPassword} onClose={() => setEditingPassword(false)} />
      </OnceOpened>
    </div>
  );
}
