import type { SiteSettings } from '@qiming/shared';
import { Suspense, use } from 'react';
import { Link } from 'react-router-dom';
import { ContentBoundary } from '../ContentBoundary.tsx';
import { loadPublic } from '../publicData.ts';
import { aboutSectionNames } from '../siteNavigation.ts';
import styles from './layout.module.css';
import { UnderConstructionDialog } from './UnderConstructionDialog.tsx';

const foundedIn = 2014;

function Contacts() {
  const site = use(loadPublic<SiteSettings>('site'));
  return (
    <>
      <address className={styles.contacts}>
        <h2 className={styles.footerTitle}>联系方式</h2>
        <p>地址：{site.address}</p>
        <p>
          邮箱：<a href={`mailto:${site.mailbox}`}>{site.mailbox}</a>
        </p>
        <p>座机：{site.landline}</p>
        <p>手机：{site.mobile}</p>
      </address>
      <figure className={styles.qr}>
        <img src={site.publicAccountQr} alt="启明教育公众号二维码" width="112" height="112" loading="lazy" />
        <figcaption>关注公众号</figcaption>
      </figure>
      <p className={styles.copyright}>
        © {foundedIn}-{new Date().getFullYear()} {site.companyName}{' '}
        <a href={site.filingUrl} target="_blank" rel="noopener noreferrer">
          {site.filingNumber}
        </a>
      </p>
    </>
  );
}

export function SiteFooter() {
  return (
    <footer className={styles.footer}>
      <div className={styles.footerInner}>
        <nav aria-label="关于我们" className={styles.footerColumn}>
          <h2 className={styles.footerTitle}>关于我们</h2>
          {aboutSectionNames.map((name, index) => (
            <Link key={name} to={`/aboutUs?activeIndex=${index}`}>
              {name}
            </Link>
          ))}
          <Link to="/contactUs">联系我们</Link>
        </nav>
        <nav aria-label="产品与服务" className={styles.footerColumn}>
          <h2 className={styles.footerTitle}>产品与服务</h2>
          <Link to="/toProducts">信息化服务</Link>
          <Link to="/toCases">科创服务</Link>
          <Link to="/customers">典型客户</Link>
        </nav>
        <nav aria-label="新闻与招聘" className={styles.footerColumn}>
          <h2 className={styles.footerTitle}>新闻与招聘</h2>
          <Link to="/newsPage">新闻动态</Link>
          <Link to="/joinus">加入我们</Link>
        </nav>
        <ContentBoundary fallback={() => null}>
          <Suspense>
            <Contacts />
          </Suspense>
        </ContentBoundary>
      </div>
      <UnderConstructionDialog open={false} onClose={() => undefined} />
    </footer>
  );
}
