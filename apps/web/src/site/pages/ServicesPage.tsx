import type { PortalService, ServiceKind } from '@qiming/shared';
import { use } from 'react';
import { useSearchParams } from '../../hashLocation.ts';
import { labelledLines } from '../labelledLines.ts';
import { loadPublic } from '../publicData.ts';
import { EmptyNotice } from './EmptyNotice.tsx';
import { PageHeading } from './PageHeading.tsx';
import styles from './pages.module.css';
import { queryIndex } from './queryIndex.ts';

const pages = {
  information: { path: '/toProducts', lead: '覆盖招生入学、教学管理与教师发展的教育信息化平台' },
  innovation: { path: '/toCases', lead: '面向校园安全、研学实践与学生健康的科创服务' },
} as const;

/** A customer's story with the service and its results as figures. */
function CaseStory({ service }: { service: PortalService }) {
  const results = labelledLines(service.results);
  if (!service.story && results.length === 0) return null;
  return (
    <section className={styles.story} aria-label="客户案例">
      <p className={styles.storyLabel}>客户案例</p>
      {service.story && <p>{service.story}</p>}
      {results.length > 0 && (
        <ul className={styles.results}>
          {results.map((result) => (
            <li key={result.label + result.text}>
              <strong>{result.label}</strong>
              <span>{result.text}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Information services (`/toProducts`) or innovation services (`/toCases`); `index` picks the one shown. */
export default function ServicesPage({ kind }: { kind: ServiceKind }) {
  const services = use(loadPublic<PortalService[]>(`services?kind=${kind}`));
  const search = useSearchParams();
  const selected = services[queryIndex(search.get('index'), services.length)];
  const page = pages[kind];
  return (
    <>
      <PageHeading path={page.path} lead={page.lead} />
      {services.length === 0 && <EmptyNotice />}
      <div className={styles.split} hidden={services.length === 0}>
        <nav aria-label="服务列表" className={styles.sideNav}>
          <ul>
            {services.map((service) => (
              <li key={service.index}>
                <a href={`#${page.path}?index=${service.index}`} aria-current={service === selected ? 'page' : undefined}>
                  {service.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {selected && (
          <article className={styles.article} data-testid="service-detail">
            <h2>{selected.name}</h2>
            {selected.image && (
              <img
                key={selected.image}
                className={styles.serviceImage}
                src={selected.image}
                alt={`${selected.name}界面示意`}
                width={640}
                height={360}
              />
            )}
            <p>{selected.summary}</p>
            <h3>主要功能</h3>
            <ul className={styles.features}>
              {selected.features.map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </ul>
            <CaseStory service={selected} />
          </article>
        )}
      </div>
    </>
  );
}
