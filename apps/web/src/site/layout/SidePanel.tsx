import type { SiteSettings } from '@qiming/shared';
import { Suspense, use } from 'react';
import { ContentBoundary } from '../ContentBoundary.tsx';
import { loadPublic } from '../publicData.ts';
import { SiteIcon } from '../SiteIcon.tsx';
import { useScroll } from '../useScroll.ts';
import styles from './layout.module.css';

/** Spec section 2: the panel shows once scrolled past 200 px, or whenever the visitor scrolls down. */
export const sidePanelAt = 200;

function Contacts() {
  const site = use(loadPublic<SiteSettings>('site'));
  return (
    <>
      {site.consultationPhone && (
        <li className={styles.panelItem}>
          <button type="button" className={styles.panelButton} aria-describedby="panel-phone">
            <SiteIcon name="phone" />
            <span className={styles.visuallyHidden}>电话咨询</span>
          </button>
          <div id="panel-phone" role="tooltip" className={styles.popover}>
            <strong>电话咨询</strong>
            <a href={`tel:${site.consultationPhone.replace(/\s/g, '')}`}>{site.consultationPhone}</a>
            <span>{site.workingHours}</span>
          </div>
        </li>
      )}
      {site.contactQr && (
        <li className={styles.panelItem}>
          <button type="button" className={styles.panelButton} aria-describedby="panel-qr">
            <SiteIcon name="qr" />
            <span className={styles.visuallyHidden}>微信咨询</span>
          </button>
          <div id="panel-qr" role="tooltip" className={styles.popover}>
            <strong>扫码添加客服微信</strong>
            <img src={site.contactQr} alt="客服微信二维码" width="120" height="120" loading="lazy" />
          </div>
        </li>
      )}
    </>
  );
}

export function SidePanel() {
  const { y, direction } = useScroll();
  const visible = y > sidePanelAt || direction === 'down';
  return (
    <aside
      className={`${styles.sidePanel} ${visible ? styles.panelVisible : ''}`}
      aria-label="快捷服务"
      data-testid="side-panel"
      hidden={!visible}
    >
      <ul>
        <ContentBoundary fallback={() => null}>
          <Suspense>
            <Contacts />
          </Suspense>
        </ContentBoundary>
        <li className={styles.panelItem}>
          <button type="button" className={styles.panelButton} onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}>
            <SiteIcon name="top" />
            <span className={styles.visuallyHidden}>返回顶部</span>
          </button>
        </li>
      </ul>
    </aside>
  );
}
