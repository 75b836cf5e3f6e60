import { type NewsSummary, type PageResult, publicNewsPageSize } from '@qiming/shared';
import { use } from 'react';
import { useSearchParams } from '../../hashLocation.ts';
import { loadPublic } from '../publicData.ts';
import { EmptyNotice } from './EmptyNotice.tsx';
import { PageHeading } from './PageHeading.tsx';
import styles from './pages.module.css';
import { formatDate } from './queryIndex.ts';

/** The news, pinned first and then newest first, a page at a time (`?page=`). */
export default function NewsPage() {
  const search = useSearchParams();
  const requested = Number(search.get('page') ?? 1);
  const page = Number.isInteger(requested) && requested >= 1 ? requested : 1;
  const news = use(loadPublic<PageResult<NewsSummary>>(`news?page=${page}&limit=${publicNewsPageSize}`));
  const pages = Math.max(1, Math.ceil(news.total / publicNewsPageSize));
  return (
    <>
      <PageHeading path="/newsPage" lead="公司动态与项目进展" />
      <section className={styles.section} aria-label="新闻列表">
        {news.total === 0 && <EmptyNotice />}
        <ul className={styles.newsCards}>
          {news.records.map((item) => (
            <li key={item.id} className={item.cover ? styles.withCover : undefined}>
              {item.cover && <img src={item.cover} alt="" width={160} height={90} loading="lazy" />}
              <a href={`#/newsDetail?id=${item.id}`}>
                <h2>
                  {item.pinned && <span className={styles.pinned}>置顶</span>}
                  {item.title}
                </h2>
              </a>
              <time dateTime={new Date(item.publishedAt).toISOString()}>{formatDate(item.publishedAt)}</time>
              <p>{item.summary}</p>
            </li>
          ))}
        </ul>
        <nav aria-label="分页" className={styles.pager}>
          {Array.from({ length: pages }, (_, index) => index + 1).map((number) => (
            <a key={number} href={`#/newsPage?page=${number}`} aria-current={number === page ? 'page' : undefined}>
              {number}
            </a>
          ))}
        </nav>
      </section>
    </>
  );
}
