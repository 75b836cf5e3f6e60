import { useDroppable } from '@dnd-kit/core';
import { rectSortingStrategy, SortableContext } from '@dnd-kit/sortable';
import { Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { CanvasField } from './CanvasField.tsx';
import type { FieldActions } from './fieldActions.ts';
import styles from './formDesigner.module.css';
import type { DesignSchema } from './schemaEditing.ts';

export const canvasDropId = 'canvas';

/** The form as it is being designed: its fields in order, in rows of 24 columns by their spans. */
export function Canvas({ design, actions }: { design: DesignSchema; actions: FieldActions }) {
  const { t } = useTranslation();
  const { setNodeRef, isOver } = useDroppable({ id: canvasDropId, data: { level: `drop:${canvasDropId}` } });
  return (
    <section ref={setNodeRef} className={`${styles.canvas} ${isOver ? styles.over : ''}`} aria-label={t('formDesigner.canvas')}>
      {design.fields.length === 0 && <p className={styles.empty}>{t('formDesigner.emptyCanvas')}</p>}
      <SortableContext items={design.fields.map((field) => field.uid)} strategy={rectSortingStrategy}>
        <Row gutter={[12, 12]}>
          {design.fields.map((field) => (
            <CanvasField key={field.uid} field={field} actions={actions} />
          ))}
        </Row>
      </SortableContext>
    </section>
  );
}
