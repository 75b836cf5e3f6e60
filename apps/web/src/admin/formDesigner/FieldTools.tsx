import { CopyOutlined, DeleteOutlined, HolderOutlined } from '@ant-design/icons';
import type { DraggableAttributes, DraggableSyntheticListeners } from '@dnd-kit/core';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from './formDesigner.module.css';

interface Props {
  label: string;
  handleRef(element: HTMLElement | null): void;
  attributes: DraggableAttributes;
  listeners: DraggableSyntheticListeners;
  onCopy(): void;
  onDelete(): void;
  /** A sub-table keeps its last column: it needs one. */
  deletable?: boolean;
}

/** A field's drag handle (mouse, touch or keyboard), copy and delete. */
export function FieldTools({ label, handleRef, attributes, listeners, onCopy, onDelete, deletable = true }: Props) {
  const { t } = useTranslation();
  return (
    <span className={styles.tools}>
      <button
        type="button"
        ref={handleRef}
        className={styles.handle}
        {...attributes}
        {...listeners}
        aria-label={t('formDesigner.moveField', { label })}
      >
        <HolderOutlined />
      </button>
      <Button type="text" size="small" icon={<CopyOutlined />} aria-label={t('formDesigner.copyField', { label })} onClick={onCopy} />
      <Button
        type="text"
        size="small"
        danger
        disabled={!deletable}
        icon={<DeleteOutlined />}
        aria-label={t('formDesigner.deleteField', { label })}
        onClick={onDelete}
      />
    </span>
  );
}
