import { useEffect, useState } from 'react';
import { useHashLocation } from '../../hashLocation.ts';
import { SiteIcon } from '../SiteIcon.tsx';
import { activeNavKey, navItems } from '../siteNavigation.ts';
import { useScroll } from '../useScroll.ts';
import styles from './layout.module.css';
import { NavDropdown } from './NavDropdown.tsx';

/** Spec section 2: the shadow style from 30 px of scroll. */
export const headerShadowAt = 30;

export function SiteHeader() {
  const location = useHashLocation();
  const { y } = useScroll();
  const [menuOpen, setMenuOpen] = useState(false);
  const active = activeNavKey(location.pathname);
  const close = () => setMenuOpen(false);

  // Any new address (Back, a typed one, a link) closes the mobile menu: each comes as a new location.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location is the trigger, not an input.
  useEffect(close, [location]);

  return (
    <header className={`${styles.header} ${y >= headerShadowAt ? styles.scrolled : ''}`} data-testid="site-header">
      <div className={styles.headerInner}>
        {/* biome-ignore lint/a11y/useValidAnchor: a link to the hash route; the click also closes the mobile menu, even on the home page. */}
        <a href="#/homePage" className={styles.logo} aria-label="启明教育 首页" onClick={close}>
          <img src="/favicon.svg" alt="" width="32" height="32" />
          <span>启明教育</span>
        </a>
        <button
          type="button"
          className={styles.menuButton}
          aria-expanded={menuOpen}
          aria-controls="site-nav"
          onClick={() => setMenuOpen(!menuOpen)}
        >
          <SiteIcon name="menu" />
          <span className={styles.visuallyHidden}>导航菜单</span>
        </button>
        <nav id="site-nav" aria-label="主导航" className={`${styles.nav} ${menuOpen ? styles.navOpen : ''}`}>
          <ul className={styles.navList}>
            {navItems.map((item) =>
              item.children ? (
                <NavDropdown key={item.key} item={item} active={item.key === active} onNavigate={close} />
              ) : (
                <li key={item.key} className={`${styles.navItem} ${item.key === active ? styles.active : ''}`} data-nav={item.key}>
                  <a
                    href={`#${item.to ?? '/'}`}
                    className={styles.navLink}
                    aria-current={item.key === active ? 'page' : undefined}
                    onClick={close}
                  >
                    {item.label}
                  </a>
                </li>
              ),
            )}
          </ul>
        </nav>
      </div>
    </header>
  );
}
