import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import '../core/i18n/i18n.ts';
import { readTokens } from '../core/auth/tokenStorage.ts';
import styles from './errorPage.module.css';

const texts = { '404': 'errorPage.notFound', '403': 'errorPage.forbidden', '401': 'errorPage.unauthorized' } as const;

/** 404, 403 and 401, shared by the website and the back-office. */
export default function ErrorPage({ status }: { status: keyof typeof texts }) {
  const { t } = useTranslation();
  const signedIn = readTokens() !== null;
  return (
    <main className={styles.page}>
      <h1 className={styles.status}>{status}</h1>
      <p>{t(texts[status])}</p>
      <nav className={styles.links}>
        <Link to="/homePage">{t('errorPage.backHome')}</Link>
        {signedIn ? <Link to="/dashboard">{t('errorPage.dashboard')}</Link> : <Link to="/login">{t('errorPage.signIn')}</Link>}
      </nav>
    </main>
  );
}
