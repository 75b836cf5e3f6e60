import type { FormSchema } from '@qiming/shared';
import { Alert, Spin } from 'antd';
import { Component, lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './formDesigner.module.css';

const FormRenderer = lazy(() => import('../formRenderer/FormRenderer.tsx').then((loaded) => ({ default: loaded.FormRenderer })));

interface BoundaryState {
  failed: boolean;
  schema?: FormSchema;
}

/** A schema half-way through its design may be one the renderer cannot draw: the designer stays usable, and the next change tries again. */
class PreviewBoundary extends Component<{ fallback: ReactNode; schema: FormSchema; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { failed: false };
  static getDerivedStateFromProps(props: { schema: FormSchema }, state: BoundaryState): BoundaryState | null {
    return props.schema === state.schema ? null : { failed: false, schema: props.schema };
  }
  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** The form as people will fill it in, at a desktop's width or a phone's (375 px). */
export function PreviewPane({ schema, layout }: { schema: FormSchema; layout: 'desktop' | 'mobile' }) {
  const { t } = useTranslation();
  return (
    <section className={styles.preview} aria-label={t('formDesigner.previewPane')}>
      <div className={layout === 'mobile' ? styles.phone : styles.desktop}>
        <PreviewBoundary schema={schema} fallback={<Alert type="warning" showIcon title={t('formDesigner.previewBroken')} />}>
          <Suspense fallback={<Spin />}>
            <FormRenderer schema={schema} mode="edit" preview layout={layout} />
          </Suspense>
        </PreviewBoundary>
      </div>
    </section>
  );
}
