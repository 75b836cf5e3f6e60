import type { Position, SiteSettings } from '@qiming/shared';
import { use } from 'react';
import { loadPublic } from '../publicData.ts';
import { EmptyNotice } from './EmptyNotice.tsx';
import { PageHeading } from './PageHeading.tsx';
import styles from './pages.module.css';

export default function JoinPage() {
  const positions = use(loadPublic<Position[]>('positions'));
  const site = use(loadPublic<SiteSettings>('site'));
  return (
    <>
      <PageHeading path="/joinus" lead="和我们一起，让技术真正服务教育" />
      <section className={styles.section} aria-label="招聘职位">
        {site.mailbox && (
          <p>
            简历请发送至 <a href={`mailto:${site.mailbox}`}>{site.mailbox}</a>，邮件标题注明“应聘职位 + 姓名”。
          </p>
        )}
        {positions.length === 0 && <EmptyNotice />}
        {positions.map((position) => (
          <article key={position.id} className={styles.position}>
            <h2>{position.title}</h2>
            <p className={styles.meta}>
              {position.department} · {position.location} · 招聘 {position.headcount} 人
            </p>
            <h3>岗位职责</h3>
            <p>{position.duties}</p>
            <h3>任职要求</h3>
            <p>{position.requirements}</p>
          </article>
        ))}
      </section>
    </>
  );
}
