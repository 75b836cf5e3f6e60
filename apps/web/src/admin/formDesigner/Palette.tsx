import { useDraggable } from '@dnd-kit/core';
import { type FormFieldKind, formFieldKinds } from '@qiming/shared';
import { Button } from 'antd';
import type { PointerEventHandler } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './formDesigner.module.css';
import { kindIcons } from './kindIcons.tsx';

export const paletteId = (kind: FormFieldKind) => `palette:${kind}`;

/**
 * A kind to add. Only the pointer drags it: Enter and Space stay a click, which adds the field at the
 * end, so keyboard users (and tests) add fields without a drag.
 */
function PaletteItem({ kind, onAdd }: { kind: FormFieldKind; onAdd(kind: FormFieldKind): void }) {
  const { t } = useTranslation();
  const { setNodeRef, listeners } = useDraggable({ id: paletteId(kind), data: { kind } });
  const name = t(`formDesigner.kinds.${kind}`);
  return (
    <li>
      <Button
        ref={setNodeRef}
        block
        icon={kindIcons[kind]}
        className={styles.paletteItem}
        onPointerDown={listeners?.onPointerDown as PointerEventHandler | undefined}
        // Named by the kind alone: the icon's own name would otherwise precede it.
        aria-label={name}
        onClick={() => onAdd(kind)}
      >
        {name}
      </Button>
    </li>
  );
}

/** Every kind of field, to drag onto the canvas or add at its end. */
export function Palette({ onAdd }: { onAdd(kind: FormFieldKind): void }) {
  const { t } = useTranslation();
  return (
    <section className={styles.palette} aria-label={t('formDesigner.palette')}>
      <h2 className={styles.paneTitle}>{t('formDesigner.palette')}</h2>
      <p className={styles.note}>{t('formDesigner.paletteHint')}</p>
      <ul className={styles.paletteList}>
        {formFieldKinds.map((kind) => (
          <PaletteItem key={kind} kind={kind} onAdd={onAdd} />
        ))}
      </ul>
    </section>
  );
}
