import { useEffect } from 'react';
import { NavLink, Outlet, useLocation, useMatches } from 'react-router-dom';
import styles from './site.module.css';
import { sitePages } from './sitePages.ts';

const companyName = '启明教育科技有限公司';

/** The public layout: header, routed view, footer. The full website arrives with its own issue. */
export function SiteLayout() {
  const { pathname } = useLocation();
  const matches = useMatches();
  const title = (matches.at(-1)?.handle as { title?: string } | undefined)?.title;

  // biome-ignore lint/correctness/useExhaustiveDependencies: every navigation scrolls to the top, even between pages of one title.
  useEffect(() => {
    window.scrollTo(0, 0);
    document.title = title ? `${title} - ${companyName}` : companyName;
  }, [pathname, title]);

  return (
    <div className={styles.layout}>
      <header className={styles.header}>
        <NavLink to="/homePage" className={styles.logo}>
          启明教育
        </NavLink>
        <nav className={styles.nav} aria-label="主导航">
          {sitePages
            .filter((page) => page.path !== '/newsDetail' && page.path !== '/test')
            .map((page) => (
              <NavLink key={page.path} to={page.path}>
                {page.label}
              </NavLink>
            ))}
        </nav>
      </header>
      <main className={styles.main}>
        <Outlet />
      </main>
      <footer className={styles.footer}>
        <p>
          © 2014-{new Date().getFullYear()} {companyName}
        </p>
        <p>
          <NavLink to="/login">员工登录</NavLink>
        </p>
      </footer>
    </div>
  );
}
