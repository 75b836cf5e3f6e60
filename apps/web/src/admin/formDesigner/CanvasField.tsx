import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Col } from 'antd';
import { useTranslation } from 'react-i18next';
import { FieldTools } from './FieldTools.tsx';
import type { FieldActions } from './fieldActions.ts';
import styles from './formDesigner.module.css';
import { kindIcons } from './kindIcons.tsx';
import { localizedLabel } from './localizedLabel.ts';
import { SubTableColumns } from './SubTableColumns.tsx';
import type { DesignField } from './schemaEditing.ts';

/** The canvas's root level, as named in the drag data; a sub-table's level is its uid. */
export const rootLevel = 'root';

/** How the field will look, drawn rather than live, so that the canvas holds no unlabelled inputs. */
function Sketch({ field }: { field: DesignField }) {
  if (field.kind === 'staticText') return field.help ? <span className={styles.paragraph}>{localizedLabel(field.help)}</span> : null;
  return <span className={styles.sketch}>{localizedLabel(field.placeholder)}</span>;
}

/** One field on the canvas, as wide as its span: selected to edit, dragged by its handle, copied or deleted. */
export function CanvasField({ field, actions }: { field: DesignField; actions: FieldActions }) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: field.uid,
    data: { level: rootLevel },
  });
  const label = localizedLabel(field.label, field.key);
  const selected = actions.selected === field.uid;
  const problems = actions.problems.filter((problem) => problem.uid === field.uid);
  const section = field.kind === 'staticText';
  return (
    <Col
      span={field.span}
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition, zIndex: isDragging ? 2 : undefined }}
    >
      <div
        className={`${styles.field} ${selected ? styles.selected : ''} ${problems.length ? styles.invalid : ''}`}
        data-field-key={field.key}
      >
        <div className={styles.fieldHead}>
          <button
            type="button"
            className={styles.select}
            aria-pressed={selected}
            aria-label={t('formDesigner.selectField', { label })}
            onClick={() => actions.select(field.uid)}
          >
            {section ? (
              <span className={styles.heading}>{label}</span>
            ) : (
              <>
                <span className={styles.label}>
                  {field.required && <span className={styles.star}>*</span>}
                  {label}
                </span>
                <span className={styles.kind}>
                  {kindIcons[field.kind]} {t(`formDesigner.kinds.${field.kind}`)} · <code>{field.key}</code>
                </span>
              </>
            )}
            {field.kind !== 'subTable' && <Sketch field={field} />}
          </button>
          <FieldTools
            label={label}
            handleRef={setActivatorNodeRef}
            attributes={attributes}
            listeners={listeners}
            onCopy={() => actions.copy(field.uid)}
            onDelete={() => actions.remove(field.uid)}
          />
        </div>
        {field.kind === 'subTable' && <SubTableColumns table={field} actions={actions} />}
        {problems.length > 0 && <div className={styles.problem}>{problems.map((problem) => problem.message).join(' ')}</div>}
      </div>
    </Col>
  );
}
