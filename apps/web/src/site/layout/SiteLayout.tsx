import type { SiteSettings } from '@qiming/shared';
import { type ReactNode, Suspense, useEffect } from 'react';
import { useHashLocation } from '../../hashLocation.ts';
import { ContentBoundary } from '../ContentBoundary.tsx';
import { loadPublic, previewToken } from '../publicData.ts';
import { sitePage } from '../sitePages.ts';
import styles from './layout.module.css';
import { SidePanel } from './SidePanel.tsx';
import { SiteFooter } from './SiteFooter.tsx';
import { SiteHeader } from './SiteHeader.tsx';

function LoadFailed({ retry }: { retry(): void }) {
  return (
    <div className={styles.loadFailed} role="alert">
      <p>内容加载失败，请检查网络后重试。</p>
      <button type="button" onClick={retry}>
        重试
      </button>
    </div>
  );
}

/** The public layout of spec section 2: header, routed view, footer and the floating side panel. */
export function SiteLayout({ children }: { children: ReactNode }) {
  const { pathname, search } = useHashLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: every navigation scrolls to the top, also between queries of one page.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname, search]);

  useEffect(() => {
    const title = sitePage(pathname)?.path.slice(1) ?? '';
    document.title = title;
    let current = true;
    loadPublic<SiteSettings>('site')
      .then((site) => {
        if (current) document.title = [title, site.companyName].filter(Boolean).join(' - ');
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [pathname]);

  return (
    <div className={styles.layout}>
      {/* A "#main" link would be read as a route: the skip control moves the focus instead. */}
      <button type="button" className={styles.skipLink} onClick={() => document.getElementById('main')?.focus()}>
        跳到正文
      </button>
      {previewToken() && (
        <p className={styles.previewBanner} role="status">
          预览模式：本页显示尚未保存的内容，访客看不到
        </p>
      )}
      <SiteHeader />
      <main id="main" tabIndex={-1} className={styles.main}>
        <ContentBoundary resetKey={pathname + search} fallback={(retry) => <LoadFailed retry={retry} />}>
          <Suspense fallback={<div className={styles.pending} aria-busy="true" />}>{children}</Suspense>
        </ContentBoundary>
      </main>
      <SiteFooter />
      <SidePanel />
    </div>
  );
}
