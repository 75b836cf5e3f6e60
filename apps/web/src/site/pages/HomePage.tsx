import type { HomeContent, PortalService, SiteSettings } from '@qiming/shared';
import { Suspense, use } from 'react';
import { labelledLines } from '../labelledLines.ts';
import { loadPublic } from '../publicData.ts';
import { EmptyNotice } from './EmptyNotice.tsx';
import styles from './pages.module.css';
import { formatDate } from './queryIndex.ts';

function Hero() {
  const site = use(loadPublic<SiteSettings>('site'));
  return (
    <>
      <div className={styles.heroText}>
        <h1>{site.slogan || site.companyName || '欢迎访问'}</h1>
        {site.heroText && <p>{site.heroText}</p>}
        <HeroActions />
      </div>
      {site.heroImage && (
        // The one picture above the fold: fetched first, never lazily; its box is reserved by its size.
        <img className={styles.heroImage} src={site.heroImage} alt="智慧校园插画" width={560} height={403} fetchPriority="high" />
      )}
    </>
  );
}

function HeroActions() {
  return (
    <div className={styles.heroActions}>
      <a href="#/toProducts" className={styles.primaryButton}>
        了解产品
      </a>
      <a href="#/contactUs" className={styles.ghostButton}>
        联系我们
      </a>
    </div>
  );
}

/** The company's key figures from the portal (`3000+|服务学校` a line). */
function KeyFigures() {
  const site = use(loadPublic<SiteSettings>('site'));
  const figures = labelledLines(site.keyFigures ?? '');
  if (figures.length === 0) return null;
  return (
    <section className={styles.figures} aria-label="关键数据">
      <ul>
        {figures.map((figure) => (
          <li key={figure.label + figure.text}>
            <strong>{figure.label}</strong>
            <span>{figure.text}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Cards linking each service to its page by `index`, each with its screen or illustration. */
function ServiceCards({ services, path }: { services: PortalService[]; path: '/toProducts' | '/toCases' }) {
  if (services.length === 0) return <EmptyNotice />;
  return (
    <ul className={styles.cards}>
      {services.map((service) => (
        <li key={service.index}>
          <a href={`#${path}?index=${service.index}`} className={`${styles.card} ${styles.pictureCard}`}>
            {service.image && (
              <img src={service.image} alt={`${service.name}界面示意`} width={320} height={180} loading="lazy" decoding="async" />
            )}
            <h3>{service.name}</h3>
            <p>{service.summary}</p>
          </a>
        </li>
      ))}
    </ul>
  );
}

function Sections() {
  const home = use(loadPublic<HomeContent>('home'));
  return (
    <>
      <section className={styles.section} aria-labelledby="home-information">
        <h2 id="home-information">信息化服务</h2>
        <ServiceCards services={home.information} path="/toProducts" />
      </section>
      <section className={`${styles.section} ${styles.tinted}`} aria-labelledby="home-innovation">
        <h2 id="home-innovation">科创服务</h2>
        <ServiceCards services={home.innovation} path="/toCases" />
      </section>
      <section className={styles.section} aria-labelledby="home-news">
        <h2 id="home-news">新闻动态</h2>
        {home.news.length === 0 && <EmptyNotice />}
        <ul className={styles.newsGrid}>
          {home.news.map((item) => (
            <li key={item.id}>
              {item.cover && <img src={item.cover} alt="" width={320} height={180} loading="lazy" decoding="async" />}
              <a href={`#/newsDetail?id=${item.id}`}>
                {item.pinned && <span className={styles.pinned}>置顶</span>}
                {item.title}
              </a>
              <time dateTime={new Date(item.publishedAt).toISOString()}>{formatDate(item.publishedAt)}</time>
            </li>
          ))}
        </ul>
        <a href="#/newsPage" className={styles.more}>
          查看全部新闻
        </a>
      </section>
      <section className={`${styles.section} ${styles.tinted}`} aria-labelledby="home-customers">
        <h2 id="home-customers">典型客户</h2>
        {home.customers.length === 0 && <EmptyNotice />}
        <ul className={styles.customers}>
          {home.customers.map((customer) => (
            <li key={customer.id}>
              {customer.logo ? (
                <img src={customer.logo} alt={customer.name} width={240} height={72} loading="lazy" decoding="async" />
              ) : (
                <strong>{customer.name}</strong>
              )}
              <span>{customer.region}</span>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

export function HomePage() {
  return (
    <>
      <div className={styles.hero}>
        <div className={styles.heroInner}>
          <Suspense
            fallback={
              <div className={styles.heroText}>
                <h1>启明教育</h1>
                <HeroActions />
              </div>
            }
          >
            <Hero />
          </Suspense>
        </div>
      </div>
      <Suspense fallback={<div className={styles.pending} aria-busy="true" />}>
        <KeyFigures />
        <Sections />
      </Suspense>
    </>
  );
}
