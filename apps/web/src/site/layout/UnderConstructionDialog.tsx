import { useEffect, useRef } from 'react';
import styles from './layout.module.css';

/** Spec section 2: the footer's "page under construction" dialog; the website never opens it yet. */
export function UnderConstructionDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (open) dialog.current?.showModal();
    else dialog.current?.close();
  }, [open]);
  return (
    <dialog ref={dialog} className={styles.dialog} onClose={onClose} aria-labelledby="under-construction-title">
      <h2 id="under-construction-title">页面建设中</h2>
      <p>该栏目正在建设中，敬请期待。</p>
      <button type="button" onClick={onClose}>
        知道了
      </button>
    </dialog>
  );
}
