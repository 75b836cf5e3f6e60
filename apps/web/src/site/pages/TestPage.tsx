import { useState } from 'react';
import { UnderConstructionDialog } from '../layout/UnderConstructionDialog.tsx';
import { SiteIcon } from '../SiteIcon.tsx';
import { PageHeading } from './PageHeading.tsx';
import styles from './pages.module.css';

/** A harmless page that shows the website's building blocks. */
export default function TestPage() {
  const [dialogOpen, setDialogOpen] = useState(false);
  return (
    <>
      <PageHeading path="/test" lead="网站组件一览" />
      <section className={styles.section} aria-label="按钮">
        <h2>按钮</h2>
        <div className={styles.heroActions}>
          <a href="#/homePage" className={styles.primaryButton}>
            主要按钮
          </a>
          <button type="button" className={styles.outlineButton} onClick={() => setDialogOpen(true)}>
            打开“建设中”对话框
          </button>
        </div>
      </section>
      <section className={styles.section} aria-label="卡片">
        <h2>卡片与图标</h2>
        <ul className={styles.cards}>
          {(['home', 'products', 'cases', 'news'] as const).map((icon) => (
            <li key={icon} className={styles.card}>
              <SiteIcon name={icon} size={32} />
              <h3>{icon}</h3>
            </li>
          ))}
        </ul>
      </section>
      <UnderConstructionDialog open={dialogOpen} onClose={() => setDialogOpen(false)} />
    </>
  );
}
