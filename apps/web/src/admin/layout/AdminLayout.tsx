import { Layout, theme } from 'antd';
import type { CSSProperties } from 'react';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { sidebarWidth, useAppStore } from '../../core/stores/appStore.ts';
import { useSettingsStore } from '../../core/stores/settingsStore.ts';
import { useTagsStore } from '../../core/stores/tagsStore.ts';
import { useUserStore } from '../../core/stores/userStore.ts';
import { AppMain } from './AppMain.tsx';
import styles from './adminLayout.module.css';
import { EditPasswordDialog, SettingsDrawer } from './lazyPanels.ts';
import { Navbar } from './Navbar.tsx';
import { OnceOpened } from './OnceOpened.tsx';
import { Sidebar } from './Sidebar.tsx';
import { TagsView } from './TagsView.tsx';
import { useAdminRoutes } from './useAdminRoutes.ts';

const mobileBreakpoint = 992;

export function AdminLayout() {
  const { pathname } = useLocation();
  const { tree, flat } = useAdminRoutes();
  const { sidebarOpened, setDevice, closeSidebar } = useAppStore();
  const { tagsView, fixedHeader, fixedSidebar, drawerOpen } = useSettingsStore();
  const { token } = theme.useToken();
  const addView = useTagsStore((state) => state.addView);
  const user = useUserStore((state) => state.user);
  const setUser = useUserStore((state) => state.setUser);

  useEffect(() => {
    for (const route of flat) {
      if (route.meta.affix) addView({ path: route.path, title: route.meta.title, affix: true, noCache: route.meta.noCache });
    }
  }, [flat, addView]);

  useEffect(() => {
    const route = flat.find((candidate) => candidate.path === pathname && candidate.kind === 'page');
    if (route) addView({ path: route.path, title: route.meta.title, affix: route.meta.affix, noCache: route.meta.noCache });
  }, [pathname, flat, addView]);

  useEffect(() => {
    const onResize = () => {
      const mobile = window.innerWidth < mobileBreakpoint;
      setDevice(mobile ? 'mobile' : 'desktop');
      if (mobile) closeSidebar();
    };
    onResize();
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [setDevice, closeSidebar]);

  const siderWidth = sidebarOpened ? sidebarWidth.opened : sidebarWidth.collapsed;
  // The shell's own boxes (header, tab strip) take the theme's colours, light or dark.
  const shellColours = {
    '--shell-bg': token.colorBgContainer,
    '--shell-border': token.colorBorderSecondary,
    '--shell-text': token.colorText,
    '--shell-hover': token.colorFillSecondary,
    '--shell-primary': token.colorPrimary,
  } as CSSProperties;
  return (
    <Layout className={styles.root} style={shellColours}>
      <Sidebar routes={tree} fixed={fixedSidebar} />
      <Layout style={{ marginLeft: siderWidth }} className={styles.body}>
        <header
          className={fixedHeader ? styles.fixedHeader : styles.header}
          style={fixedHeader ? { width: `calc(100% - ${siderWidth}px)` } : undefined}
        >
          <Navbar routes={tree} />
          {tagsView && <TagsView routes={flat} />}
        </header>
        {/* antd's Content is the page's one <main> landmark. */}
        <Layout.Content id="admin-main" className={styles.content} style={fixedHeader ? { paddingTop: tagsView ? 98 : 64 } : undefined}>
          <AppMain routes={flat} />
        </Layout.Content>
      </Layout>
      <OnceOpened open={drawerOpen}>
        <SettingsDrawer />
      </OnceOpened>
      {/* An expired password (a grace sign-in) must be replaced before anything else. */}
      <OnceOpened open={user?.passwordExpired === true}>
        <EditPasswordDialog
          forced
          open={user?.passwordExpired === true}
          onClose={() => user && setUser({ ...user, passwordExpired: false })}
        />
      </OnceOpened>
    </Layout>
  );
}
