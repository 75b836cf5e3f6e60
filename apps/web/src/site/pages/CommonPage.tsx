import styles from './pages.module.css';

/** The child named `page` that `/common` redirects to (spec section 2). */
export default function CommonPage() {
  return (
    <main className={styles.section}>
      <h1>通用页面</h1>
      <p>此页面用于承载通用内容。</p>
    </main>
  );
}
