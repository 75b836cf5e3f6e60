import type { SiteSettings } from '@qiming/shared';
import { use } from 'react';
import { loadPublic } from '../publicData.ts';
import { PageHeading } from './PageHeading.tsx';
import styles from './pages.module.css';

/** A drawn map that needs no network; the link opens the online map when there is one. */
function MapCard({ site }: { site: SiteSettings }) {
  return (
    <figure className={styles.mapCard}>
      <svg viewBox="0 0 400 220" role="img" aria-label={`公司位置示意图：${site.address}`}>
        <rect width="400" height="220" fill="#eaf2fb" />
        <path d="M0 150 400 110M120 0 160 220M0 60 400 40M300 0 280 220" stroke="#fff" strokeWidth="14" />
        <path d="M0 150 400 110M120 0 160 220" stroke="#c9d8ea" strokeWidth="2" />
        <circle cx="214" cy="98" r="10" fill="#096dd9" />
        <path d="M214 118 204 100h20z" fill="#096dd9" />
        <text x="230" y="92" fontSize="14" fill="#1f2329">
          启明大厦
        </text>
      </svg>
      <figcaption>
        {site.address}{' '}
        <a href={site.mapUrl} target="_blank" rel="noopener noreferrer">
          在地图中查看
        </a>
      </figcaption>
    </figure>
  );
}

export default function ContactPage() {
  const site = use(loadPublic<SiteSettings>('site'));
  return (
    <>
      <PageHeading path="/contactUs" lead="期待与您携手，共建智慧校园" />
      <div className={styles.split}>
        <address className={styles.article}>
          <h2>{site.companyName}</h2>
          <p>地址：{site.address}</p>
          <p>
            咨询热线：<a href={`tel:${site.consultationPhone.replace(/\s/g, '')}`}>{site.consultationPhone}</a>（{site.workingHours}）
          </p>
          <p>座机：{site.landline}</p>
          <p>手机：{site.mobile}</p>
          <p>
            邮箱：<a href={`mailto:${site.mailbox}`}>{site.mailbox}</a>
          </p>
        </address>
        <MapCard site={site} />
      </div>
    </>
  );
}
