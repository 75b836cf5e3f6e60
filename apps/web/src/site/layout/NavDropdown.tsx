import { type KeyboardEvent, useId, useRef, useState } from 'react';
import type { NavItem } from '../siteNavigation.ts';
import styles from './layout.module.css';

/** A header tab with a drop-down: hovering opens it, leaving closes it; Enter, Space or ↓ open it too. */
export function NavDropdown({ item, active, onNavigate }: { item: NavItem; active: boolean; onNavigate(): void }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);

  const focusItem = (index: number) => list.current?.querySelectorAll('a')[index]?.focus();
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      setOpen(false);
      button.current?.focus();
    } else if (event.key === 'ArrowDown' && event.target === button.current) {
      event.preventDefault();
      setOpen(true);
      requestAnimationFrame(() => focusItem(0));
    }
  };

  return (
    <li
      className={`${styles.navItem} ${active ? styles.active : ''}`}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}
      data-nav={item.key}
    >
      <button
        ref={button}
        type="button"
        className={styles.navButton}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
      >
        {item.label}
        <span className={styles.caret} aria-hidden="true" />
      </button>
      <ul id={menuId} ref={list} className={styles.dropdown} hidden={!open}>
        {item.children?.map((child) => (
          <li key={child.to}>
            <a
              href={`#${child.to}`}
              onClick={() => {
                setOpen(false);
                onNavigate();
              }}
            >
              {child.label}
            </a>
          </li>
        ))}
      </ul>
    </li>
  );
}
