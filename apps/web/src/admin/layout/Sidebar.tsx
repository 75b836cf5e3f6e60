import { Layout, Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { AppRoute } from '../../core/permission/appRoute.ts';
import { sidebarWidth, useAppStore } from '../../core/stores/appStore.ts';
import { useSettingsStore } from '../../core/stores/settingsStore.ts';
import { menuIcon } from '../menuIcons.tsx';
import { routeTitle } from '../routeTitle.ts';
import styles from './adminLayout.module.css';
import { routeTrail } from './useAdminRoutes.ts';

type MenuItem = Required<MenuProps>['items'][number];

/** The menu; `fixed` keeps it in place while the page scrolls, else it scrolls away with the page. */
export function Sidebar({ routes, fixed }: { routes: AppRoute[]; fixed: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const opened = useAppStore((state) => state.sidebarOpened);
  const sidebarLogo = useSettingsStore((state) => state.sidebarLogo);

  const items = useMemo(() => {
    const toItems = (list: AppRoute[]): MenuItem[] =>
      list
        .filter((route) => !route.meta.hidden && route.kind !== 'action')
        .map((route) => ({
          key: route.path,
          icon: menuIcon(route.meta.icon),
          label: routeTitle(t, route.meta),
          children: route.kind === 'group' ? toItems(route.children ?? []) : undefined,
        }));
    return toItems(routes);
  }, [routes, t]);

  const trail = useMemo(() => routeTrail(routes, pathname).map((route) => route.path), [routes, pathname]);
  const [openKeys, setOpenKeys] = useState<string[]>(trail);
  useEffect(() => setOpenKeys((open) => [...new Set([...open, ...trail])]), [trail]);
  return (
    <Layout.Sider
      className={fixed ? styles.sider : styles.siderScrolling}
      width={sidebarWidth.opened}
      collapsedWidth={sidebarWidth.collapsed}
      collapsed={!opened}
      trigger={null}
      aria-label={t('app.title')}
    >
      {sidebarLogo && (
        <Link to="/dashboard" className={styles.logo}>
          <img src="/favicon.svg" alt="" />
          {opened && <span>{t('app.title')}</span>}
        </Link>
      )}
      <Menu
        theme="dark"
        mode="inline"
        items={items}
        selectedKeys={[pathname]}
        openKeys={opened ? openKeys : undefined}
        onOpenChange={setOpenKeys}
        onClick={({ key }) => navigate(key)}
      />
    </Layout.Sider>
  );
}
