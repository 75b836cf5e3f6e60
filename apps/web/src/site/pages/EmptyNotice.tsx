import styles from './pages.module.css';

/** What a page shows before the back-office portal has given it any content (a new installation). */
export function EmptyNotice() {
  return <p className={styles.empty}>暂无内容，敬请期待</p>;
}
