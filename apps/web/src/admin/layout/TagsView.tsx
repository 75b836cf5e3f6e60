import { CloseOutlined } from '@ant-design/icons';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import type { AppRoute } from '../../core/permission/appRoute.ts';
import { type TagView, useTagsStore } from '../../core/stores/tagsStore.ts';
import { routeTitle } from '../routeTitle.ts';
import styles from './adminLayout.module.css';

interface ContextMenu {
  x: number;
  y: number;
  view: TagView;
}

/** The tab bar of visited pages with its context menu: refresh, close, close others, close all. */
export function TagsView({ routes }: { routes: AppRoute[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { visitedViews, delView, delOthersViews, delAllViews, refreshView } = useTagsStore();
  const [menu, setMenu] = useState<ContextMenu | null>(null);
  const strip = useRef<HTMLElement>(null);
  const menuBox = useRef<HTMLDivElement>(null);

  // The page on screen always has its tab in sight, however many tabs (and however long their
  // Spanish or Japanese titles) are open.
  // The tab of a newly opened page appears a render after its address does.
  const activeShown = visitedViews.some((view) => view.path === pathname);
  useEffect(() => {
    if (!activeShown) return;
    strip.current?.querySelector(`[data-path="${CSS.escape(pathname)}"]`)?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [pathname, activeShown]);

  // The context menu opens where the pointer is, but never past the window's edge.
  useLayoutEffect(() => {
    const box = menuBox.current;
    if (!menu || !box) return;
    const { width, height } = box.getBoundingClientRect();
    box.style.left = `${Math.max(0, Math.min(menu.x, window.innerWidth - width - 4))}px`;
    box.style.top = `${Math.max(0, Math.min(menu.y, window.innerHeight - height - 4))}px`;
  }, [menu]);

  useEffect(() => {
    if (!menu) return;
    const close = () => setMenu(null);
    window.addEventListener('click', close);
    return () => window.removeEventListener('click', close);
  }, [menu]);

  const titleOf = (view: TagView) => {
    const route = routes.find((candidate) => candidate.path === view.path);
    return route ? routeTitle(t, route.meta) : t(view.title);
  };

  /** After closing the page on screen, show the last tab left, else the dashboard. */
  const leaveIfClosed = (path: string) => {
    if (path !== pathname && useTagsStore.getState().visitedViews.some((view) => view.path === pathname)) return;
    const remaining = useTagsStore.getState().visitedViews;
    navigate(remaining.at(-1)?.path ?? '/dashboard');
  };

  const close = (view: TagView) => {
    delView(view.path);
    leaveIfClosed(view.path);
  };

  const actions = menu && [
    {
      key: 'refresh',
      label: t('tagsView.refresh'),
      // Refreshing another tab's page shows it, reloaded.
      run: () => {
        refreshView(menu.view.path);
        navigate(menu.view.path);
      },
    },
    ...(menu.view.affix ? [] : [{ key: 'close', label: t('tagsView.close'), run: () => close(menu.view) }]),
    {
      key: 'closeOthers',
      label: t('tagsView.closeOthers'),
      run: () => {
        delOthersViews(menu.view.path);
        navigate(menu.view.path);
      },
    },
    {
      key: 'closeAll',
      label: t('tagsView.closeAll'),
      run: () => {
        delAllViews();
        leaveIfClosed(pathname);
      },
    },
  ];

  return (
    <nav
      ref={strip}
      className={styles.tags}
      aria-label={t('tagsView.label')}
      data-testid="tags-view"
      // A mouse wheel scrolls the strip sideways, where its hidden tabs are.
      onWheel={(event) => {
        if (strip.current && event.deltaY !== 0) strip.current.scrollLeft += event.deltaY;
      }}
    >
      {visitedViews.map((view) => {
        const active = view.path === pathname;
        return (
          <span key={view.path} className={`${styles.tag} ${active ? styles.tagActive : ''}`} data-path={view.path}>
            <button
              type="button"
              className={styles.tagLabel}
              aria-current={active ? 'page' : undefined}
              onClick={() => navigate(view.path)}
              onContextMenu={(event) => {
                event.preventDefault();
                setMenu({ x: event.clientX, y: event.clientY, view });
              }}
            >
              {titleOf(view)}
            </button>
            {!view.affix && (
              <button
                type="button"
                className={styles.tagClose}
                aria-label={`${t('tagsView.close')} ${titleOf(view)}`}
                onClick={() => close(view)}
              >
                <CloseOutlined />
              </button>
            )}
          </span>
        );
      })}
      {menu && actions && (
        <div ref={menuBox} className={styles.contextMenu} style={{ left: menu.x, top: menu.y }} role="menu">
          {actions.map((action) => (
            <button key={action.key} type="button" role="menuitem" onClick={action.run}>
              {action.label}
            </button>
          ))}
        </div>
      )}
    </nav>
  );
}
