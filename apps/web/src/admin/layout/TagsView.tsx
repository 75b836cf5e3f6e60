import { CloseOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { type RefObject, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import type { AppRoute } from '../../core/permission/appRoute.ts';
import { type TagView, useTagsStore } from '../../core/stores/tagsStore.ts';
import { prefersReducedMotion } from '../../core/ui/reducedMotion.ts';
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
  const overflow = useStripOverflow(strip, visitedViews.length);

  // The page on screen always has its tab in sight, however many tabs (and however long their
  // Spanish or Japanese titles) are open.
  // The tab of a newly opened page appears a render after its address does.
  const activeShown = visitedViews.some((view) => view.path === pathname);
  // biome-ignore lint/correctness/useExhaustiveDependencies: arrows appearing narrow the strip, which can hide the active tab
  useEffect(() => {
    if (!activeShown) return;
    strip.current?.querySelector(`[data-path="${CSS.escape(pathname)}"]`)?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [pathname, activeShown, overflow.overflowing]);

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

  const scrollBy = (direction: -1 | 1) => {
    const element = strip.current;
    if (element) element.scrollBy({ left: direction * element.clientWidth * 0.8, behavior: prefersReducedMotion() ? 'instant' : 'smooth' });
  };

  return (
    <div className={styles.tagsBar}>
      {overflow.overflowing && (
        <button
          type="button"
          className={styles.tagsArrow}
          aria-label={t('shell.scrollLeft')}
          disabled={!overflow.before}
          onClick={() => scrollBy(-1)}
        >
          <LeftOutlined />
        </button>
      )}
      <nav
        ref={strip}
        className={styles.tags}
        aria-label={t('tagsView.label')}
        data-testid="tags-view"
        // A mouse wheel scrolls the strip sideways, where its hidden tabs are.
        onWheel={(event) => {
          if (strip.current && event.deltaY !== 0) strip.current.scrollLeft += event.deltaY;
        }}
        onScroll={overflow.measure}
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
      {overflow.overflowing && (
        <button
          type="button"
          className={styles.tagsArrow}
          aria-label={t('shell.scrollRight')}
          disabled={!overflow.after}
          onClick={() => scrollBy(1)}
        >
          <RightOutlined />
        </button>
      )}
    </div>
  );
}

/**
 * Whether the tabs overflow the strip, and lie hidden left or right of its visible part; re-measured on
 * scroll, resize and new tabs. The arrows stay while the tabs overflow (disabled at an end), so the
 * strip's width does not change as it scrolls.
 */
const edgeSlack = 6;

function useStripOverflow(strip: RefObject<HTMLElement | null>, tabCount: number) {
  const [edges, setEdges] = useState({ overflowing: false, before: false, after: false });
  const measure = useCallback(() => {
    const element = strip.current;
    if (!element) return;
    // Within the strip's own padding counts as the end: scrolling a tab into view leaves that much.
    const before = element.scrollLeft > edgeSlack;
    const after = element.scrollLeft + element.clientWidth < element.scrollWidth - edgeSlack;
    const overflowing = element.scrollWidth > element.clientWidth + 1;
    setEdges((old) =>
      old.overflowing === overflowing && old.before === before && old.after === after ? old : { overflowing, before, after },
    );
  }, [strip]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a tab more or less changes the strip's width
  useLayoutEffect(measure, [measure, tabCount]);
  useEffect(() => {
    const element = strip.current;
    if (!element) return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [strip, measure]);
  return { ...edges, measure };
}
