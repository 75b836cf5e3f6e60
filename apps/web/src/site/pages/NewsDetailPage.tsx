import type { NewsDetail } from '@qiming/shared';
import { Suspense, use } from 'react';
import { useSearchParams } from '../../hashLocation.ts';
import { ContentBoundary } from '../ContentBoundary.tsx';
import { loadPublic, previewToken } from '../publicData.ts';
import { PageHeading } from './PageHeading.tsx';
import styles from './pages.module.css';
import { formatDate } from './queryIndex.ts';

function Article({ id }: { id: number }) {
  const item = use(loadPublic<NewsDetail>(`news/${id}`));
  return (
    <article className={styles.article}>
      <h2 className={styles.articleTitle}>{item.title}</h2>
      <time dateTime={new Date(item.publishedAt).toISOString()}>{formatDate(item.publishedAt)}</time>
      {item.cover && <img className={styles.articleCover} src={item.cover} alt="" width={640} height={360} />}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitises the body; no script, handler or javascript: link reaches here. */}
      <div className={styles.richText} data-testid="news-body" dangerouslySetInnerHTML={{ __html: item.body }} />
      <nav aria-label="上一篇与下一篇" className={styles.neighbours}>
        {item.previous && <a href={`#/newsDetail?id=${item.previous.id}`}>上一篇：{item.previous.title}</a>}
        {item.next && <a href={`#/newsDetail?id=${item.next.id}`}>下一篇：{item.next.title}</a>}
      </nav>
    </article>
  );
}

function Missing() {
  return (
    <div className={styles.article}>
      <p>该新闻不存在或已下线。</p>
      <a href="#/newsPage">返回新闻列表</a>
    </div>
  );
}

/** One news item (`?id=`); an unknown id shows a notice, never a broken page. */
export default function NewsDetailPage() {
  const search = useSearchParams();
  const id = Number(search.get('id'));
  // A preview of a news item not saved yet stands in for id 0.
  const valid = Number.isInteger(id) && (id > 0 || (id === 0 && previewToken() !== null));
  return (
    <>
      <PageHeading path="/newsDetail" />
      <div className={styles.section}>
        {valid ? (
          <ContentBoundary resetKey={String(id)} fallback={() => <Missing />}>
            <Suspense fallback={<div className={styles.pending} aria-busy="true" />}>
              <Article id={id} />
            </Suspense>
          </ContentBoundary>
        ) : (
          <Missing />
        )}
      </div>
    </>
  );
}
