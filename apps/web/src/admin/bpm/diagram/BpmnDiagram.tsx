import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import './bpmnMarkers.css';
import { Alert } from 'antd';
import NavigatedViewer from 'bpmn-js/lib/NavigatedViewer';
import camundaModdle from 'camunda-bpmn-moddle/resources/camunda.json';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './diagram.module.css';

export interface DiagramMarkers {
  /** Activity ids (and sequence flows) already passed. */
  done?: readonly string[];
  /** Activity ids with a token now. */
  active?: readonly string[];
}

interface Props {
  xml: string;
  markers?: DiagramMarkers;
  /** What the diagram shows, read out instead of the picture. */
  label: string;
  height?: number;
}

/** A read-only diagram (pan and zoom) with passed and active nodes marked. Loaded lazily with bpmn-js. */
export default function BpmnDiagram({ xml, markers, label, height }: Props) {
  const { t } = useTranslation();
  const box = useRef<HTMLElement>(null);
  const [problem, setProblem] = useState<string>();
  const doneKey = (markers?.done ?? []).join(',');
  const activeKey = (markers?.active ?? []).join(',');

  // biome-ignore lint/correctness/useExhaustiveDependencies: the marker lists are compared by their joined ids
  useEffect(() => {
    const container = box.current;
    if (!container) return;
    const viewer = new NavigatedViewer({ container, moddleExtensions: { camunda: camundaModdle } });
    let live = true;
    void viewer
      .importXML(xml)
      .then(() => {
        if (!live) return;
        const canvas = viewer.get<{ zoom(level: string): void; addMarker(id: string, marker: string): void }>('canvas');
        const registry = viewer.get<{ get(id: string): unknown }>('elementRegistry');
        canvas.zoom('fit-viewport');
        const active = new Set(markers?.active ?? []);
        for (const id of markers?.done ?? []) if (!active.has(id) && registry.get(id)) canvas.addMarker(id, 'bpm-done');
        for (const id of active) if (registry.get(id)) canvas.addMarker(id, 'bpm-active');
        setProblem(undefined);
      })
      // bpmn-js says in English that a file holds no DI; the page says it in the reader's language.
      .catch((error: Error) => live && setProblem(error.message === 'no diagram to display' ? t('bpm.release.noDiagram') : error.message));
    return () => {
      live = false;
      viewer.destroy();
    };
  }, [xml, doneKey, activeKey]);

  return (
    <div>
      {problem && <Alert type="error" showIcon title={t('bpm.diagram.unreadable', { reason: problem })} />}
      <figure
        ref={box}
        className={styles.canvas}
        style={height ? { height } : undefined}
        aria-label={label}
        data-done={doneKey}
        data-active={activeKey}
      />
      {markers && (
        <div className={styles.legend}>
          <span>
            <span className={styles.done} aria-hidden />
            {t('bpm.diagram.done')}
          </span>
          <span>
            <span className={styles.active} aria-hidden />
            {t('bpm.diagram.active')}
          </span>
        </div>
      )}
    </div>
  );
}
