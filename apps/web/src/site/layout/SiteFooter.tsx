import type { SiteSettings } from '@qiming/shared';
import { Suspense, use } from 'react';
import { ContactLine } from '../ContactLine.tsx';
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
        <ContactLine label="地址" value={site.address} />
        <ContactLine label="邮箱" value={site.mailbox}>
          <a href={`mailto:${site.mailbox}`}>{site.mailbox}</a>
        </ContactLine>
        <ContactLine label="座机" value={site.landline} />
        <ContactLine label="手机" value={site.mobile} />
      </address>
      {site.publicAccountQr && (
        <figure className={styles.qr}>
          <img src={site.publicAccountQr} alt={`${site.shortName}公众号二维码`} width="112" height="112" loading="lazy" />
          <figcaption>关注公众号</figcaption>
        </figure>
      )}
      <p className={styles.copyright}>
        © {foundedIn}-{new Date().getFullYear()} {site.companyName}{' '}
        {site.filingNumber && (
          <a href={site.filingUrl || 'https://beian.miit.gov.cn/'} target="_blank" rel="noopener noreferrer">
            {site.filingNumber}
          </a>
        )}
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
            <a key={name} href={`#/aboutUs?activeIndex=${index}`}>
              {name}
            </a>
          ))}
          <a href="#/contactUs">联系我们</a>
        </nav>
        <nav aria-label="产品与服务" className={styles.footerColumn}>
          <h2 className={styles.footerTitle}>产品与服务</h2>
          <a href="#/toProducts">信息化服务</a>
          <a href="#/toCases">科创服务</a>
          <a href="#/customers">典型客户</a>
        </nav>
        <nav aria-label="新闻与招聘" className={styles.footerColumn}>
          <h2 className={styles.footerTitle}>新闻与招聘</h2>
          <a href="#/newsPage">新闻动态</a>
          <a href="#/joinus">加入我们</a>
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
