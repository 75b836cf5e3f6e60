import { useLocation } from 'react-router-dom';
import { sitePages } from './sitePages.ts';

/** Stands in for a public page until the website issue builds it. */
export function PlaceholderPage() {
  const { pathname } = useLocation();
  const page = sitePages.find((candidate) => candidate.path === pathname);
  return (
    <section>
      <h1>{page?.label}</h1>
      <p>本栏目内容正在建设中，敬请期待。</p>
    </section>
  );
}
