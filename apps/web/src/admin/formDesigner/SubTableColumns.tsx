import { PlusOutlined } from '@ant-design/icons';
import { useDroppable } from '@dnd-kit/core';
import { rectSortingStrategy, SortableContext, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { type FormFieldKind, formFieldKinds } from '@qiming/shared';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { FieldTools } from './FieldTools.tsx';
import type { FieldActions } from './fieldActions.ts';
import styles from './formDesigner.module.css';
import { kindIcons } from './kindIcons.tsx';
import { localizedLabel } from './localizedLabel.ts';
import type { DesignField, DesignSubField } from './schemaEditing.ts';

export const subTableDropId = (uid: string) => `sub:${uid}`;

function Column({ field, table, actions, deletable }: { field: DesignSubField; table: string; actions: FieldActions; deletable: boolean }) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: field.uid,
    data: { level: table },
  });
  const label = localizedLabel(field.label, field.key);
  const invalid = actions.problems.some((problem) => problem.uid === field.uid);
  return (
    <li
      ref={setNodeRef}
      className={`${styles.column} ${actions.selected === field.uid ? styles.selected : ''} ${invalid ? styles.invalid : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.5 : 1 }}
    >
      <button
        type="button"
        className={styles.select}
        aria-pressed={actions.selected === field.uid}
        aria-label={t('formDesigner.selectField', { label })}
        onClick={() => actions.select(field.uid)}
      >
        {kindIcons[field.kind]} {label}
        {field.required && <span className={styles.star}>*</span>}
      </button>
      <FieldTools
        label={label}
        handleRef={setActivatorNodeRef}
        attributes={attributes}
        listeners={listeners}
        deletable={deletable}
        onCopy={() => actions.copy(field.uid)}
        onDelete={() => actions.remove(field.uid)}
      />
    </li>
  );
}

/** A sub-table's columns: reordered by drag, added from a menu or dropped from the palette. Sub-tables do not nest. */
export function SubTableColumns({ table, actions }: { table: DesignField; actions: FieldActions }) {
  const { t } = useTranslation();
  const { setNodeRef, isOver } = useDroppable({ id: subTableDropId(table.uid), data: { level: `drop:${table.uid}` } });
  const columns = table.fields ?? [];
  const label = localizedLabel(table.label, table.key);
  return (
    <div className={styles.columns}>
      <SortableContext items={columns.map((column) => column.uid)} strategy={rectSortingStrategy}>
        <ul
          ref={setNodeRef}
          className={`${styles.columnList} ${isOver ? styles.over : ''}`}
          aria-label={t('formDesigner.columnsOf', { label })}
        >
          {columns.map((column) => (
            <Column key={column.uid} field={column} table={table.uid} actions={actions} deletable={columns.length > 1} />
          ))}
        </ul>
      </SortableContext>
      <Dropdown
        trigger={['click']}
        menu={{
          items: formFieldKinds
            .filter((kind) => kind !== 'subTable')
            .map((kind) => ({ key: kind, icon: kindIcons[kind], label: t(`formDesigner.kinds.${kind}`) })),
          onClick: ({ key }) => actions.addColumn(table.uid, key as FormFieldKind),
        }}
      >
        <Button size="small" type="dashed" icon={<PlusOutlined />}>
          {t('formDesigner.addColumn', { label })}
        </Button>
      </Dropdown>
    </div>
  );
}
