import { SiteIcon } from '../SiteIcon.tsx';
import { sitePages } from '../sitePages.ts';
import styles from './pages.module.css';

/** A page's banner: its icon and heading from the page table, and an optional lead. */
export function PageHeading({ path, lead }: { path: (typeof sitePages)[number]['path']; lead?: string }) {
  const page = sitePages.find((candidate) => candidate.path === path);
  return (
    <div className={styles.banner}>
      <div className={styles.bannerInner}>
        <h1>
          <SiteIcon name={page?.icon ?? 'home'} size={28} />
          {page?.label}
        </h1>
        {lead && <p>{lead}</p>}
      </div>
    </div>
  );
}
