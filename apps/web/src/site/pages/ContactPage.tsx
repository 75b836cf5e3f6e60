import type { SiteSettings } from '@qiming/shared';
import { use, useEffect, useMemo, useState } from 'react';
import { ContactLine } from '../ContactLine.tsx';
import { LiveMap } from '../map/LiveMap.tsx';
import { type AmapNamespace, loadAmap } from '../map/loadAmap.ts';
import { loadPublic } from '../publicData.ts';
import { EmptyNotice } from './EmptyNotice.tsx';
import { PageHeading } from './PageHeading.tsx';
import styles from './pages.module.css';

/** The company's position on AMap, when the portal has set one. */
const mapLink = (site: SiteSettings) =>
  site.mapLongitude && site.mapLatitude
    ? `https://uri.amap.com/marker?${new URLSearchParams({ position: `${site.mapLongitude},${site.mapLatitude}`, name: site.companyName })}`
    : '';

/** A drawn map that needs no network; the link opens the online map at the set position. */
function MapCard({ site }: { site: SiteSettings }) {
  const link = mapLink(site);
  return (
    <figure className={styles.mapCard}>
      <svg viewBox="0 0 400 220" role="img" aria-label={`公司位置示意图：${site.address}`}>
        <rect width="400" height="220" fill="#eaf2fb" />
        <path d="M0 150 400 110M120 0 160 220M0 60 400 40M300 0 280 220" stroke="#fff" strokeWidth="14" />
        <path d="M0 150 400 110M120 0 160 220" stroke="#c9d8ea" strokeWidth="2" />
        <circle cx="214" cy="98" r="10" fill="#096dd9" />
        <path d="M214 118 204 100h20z" fill="#096dd9" />
        <text x="230" y="92" fontSize="14" fill="#1f2329">
          {site.shortName || site.companyName}
        </text>
      </svg>
      <figcaption>
        {site.address}{' '}
        {link && (
          <a href={link} target="_blank" rel="noopener noreferrer">
            在地图中查看
          </a>
        )}
      </figcaption>
    </figure>
  );
}

/**
 * Spec: the contact page's map. AMap's live map when the portal has set a key and a position; the drawn
 * map while it loads, and for good when no key is set or AMap cannot be reached.
 */
function ContactMap({ site }: { site: SiteSettings }) {
  const position = useMemo<[number, number] | null>(
    () => (site.mapLongitude && site.mapLatitude ? [Number(site.mapLongitude), Number(site.mapLatitude)] : null),
    [site.mapLongitude, site.mapLatitude],
  );
  const [amap, setAmap] = useState<AmapNamespace | null>(null);
  const [unreachable, setUnreachable] = useState(false);
  useEffect(() => {
    if (!site.amapKey || !position) return;
    let current = true;
    loadAmap(site.amapKey, site.amapSecurityCode).then(
      (loaded) => current && setAmap(loaded),
      () => current && setUnreachable(true),
    );
    return () => {
      current = false;
    };
  }, [site.amapKey, site.amapSecurityCode, position]);

  if (amap && position) return <LiveMap amap={amap} position={position} companyName={site.shortName || site.companyName} />;
  return (
    <div>
      <MapCard site={site} />
      {unreachable && (
        <p className={styles.meta} role="status">
          在线地图暂时无法打开，上图为示意位置。
        </p>
      )}
    </div>
  );
}

export default function ContactPage() {
  const site = use(loadPublic<SiteSettings>('site'));
  return (
    <>
      <PageHeading path="/contactUs" lead="期待与您携手，共建智慧校园" />
      <div className={styles.split}>
        <address className={styles.article}>
          {site.companyName ? <h2>{site.companyName}</h2> : <EmptyNotice />}
          <ContactLine label="地址" value={site.address} />
          <ContactLine label="咨询热线" value={site.consultationPhone}>
            <a href={`tel:${site.consultationPhone.replace(/\s/g, '')}`}>{site.consultationPhone}</a>
            {site.workingHours && `（${site.workingHours}）`}
          </ContactLine>
          <ContactLine label="座机" value={site.landline} />
          <ContactLine label="手机" value={site.mobile} />
          <ContactLine label="邮箱" value={site.mailbox}>
            <a href={`mailto:${site.mailbox}`}>{site.mailbox}</a>
          </ContactLine>
        </address>
        {site.address && <ContactMap site={site} />}
      </div>
    </>
  );
}
