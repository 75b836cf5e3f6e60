import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn.css';
import '../diagram/bpmnMarkers.css';
import Modeler from 'bpmn-js/lib/Modeler';
import camundaModdle from 'camunda-bpmn-moddle/resources/camunda.json';
import { type Ref, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bpmnTranslateModule } from './bpmnTranslations.ts';
import styles from './modeller.module.css';
import type { DiagramElement, ModellerServices } from './modellerServices.ts';
import { PropertiesPanel } from './PropertiesPanel.tsx';

/** What the page does with the diagram: save it as XML or SVG, or replace it with an imported one. */
export interface ModellerHandle {
  saveXml(): Promise<string>;
  saveSvg(): Promise<string>;
  importXml(xml: string): Promise<void>;
  /** Makes the process's id the model's key (release requires it) and names it, when the root is a process. */
  syncProcess(key: string, name: string): void;
}

interface Props {
  xml: string;
  ref?: Ref<ModellerHandle>;
  /** Told when the diagram changes after it was loaded. */
  onChange?: () => void;
  /** Told when an XML cannot be read, with bpmn-js's reason. */
  onImportError?: (message: string) => void;
}

/** The bpmn-js modeller (with Camunda's attributes) beside our own properties panel. Loaded lazily. */
export default function BpmnModeller({ xml, ref, onChange, onImportError }: Props) {
  const { t, i18n } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const modeler = useRef<Modeler | null>(null);
  const [selected, setSelected] = useState<DiagramElement | null>(null);
  // bpmn-js changes its elements in place: a counter makes the panel read them again.
  const [, setRevision] = useState(0);
  const latest = useRef({ onChange, onImportError });
  latest.current = { onChange, onImportError };

  // The translate service is fixed when the modeller is made, so a new language makes a new modeller.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the XML is imported once; later changes come through the handle
  useEffect(() => {
    const container = box.current;
    if (!container) return;
    const instance = new Modeler({
      container,
      moddleExtensions: { camunda: camundaModdle },
      additionalModules: [bpmnTranslateModule((key, options) => i18n.t(key, options))],
    });
    modeler.current = instance;
    instance.on('selection.changed', (event: { newSelection: DiagramElement[] }) => {
      setSelected(event.newSelection.length === 1 ? (event.newSelection[0] ?? null) : null);
    });
    instance.on('elements.changed', (event: { elements: DiagramElement[] }) => {
      setRevision((value) => value + 1);
      // An id change replaces the element in the registry: keep showing it.
      setSelected((current) => (current ? (event.elements.find((element) => element === current) ?? current) : current));
    });
    instance.on('commandStack.changed', () => latest.current.onChange?.());
    void instance
      .importXML(xml)
      .then(() => {
        (instance.get('canvas') as { zoom(level: string): void }).zoom('fit-viewport');
        setSelected(null);
        setRevision((value) => value + 1);
      })
      .catch((error: Error) => latest.current.onImportError?.(error.message));
    return () => {
      instance.destroy();
      modeler.current = null;
    };
  }, [i18n.language]);

  useImperativeHandle(ref, () => ({
    saveXml: async () => {
      const result = await modeler.current?.saveXML({ format: true });
      return result?.xml ?? '';
    },
    syncProcess: (key: string, name: string) => {
      const instance = modeler.current;
      if (!instance) return;
      const root = instance.get<{ getRootElement(): DiagramElement }>('canvas').getRootElement();
      if (root.type !== 'bpmn:Process') return;
      const changes: Record<string, string> = {};
      if (key && root.businessObject.id !== key) changes.id = key;
      if (name && root.businessObject.name !== name) changes.name = name;
      if (Object.keys(changes).length > 0) instance.get<ModellerServices['modeling']>('modeling').updateProperties(root, changes);
    },
    saveSvg: async () => (await modeler.current?.saveSVG())?.svg ?? '',
    importXml: async (next: string) => {
      if (!modeler.current) return;
      await modeler.current.importXML(next);
      (modeler.current.get('canvas') as { zoom(level: string): void }).zoom('fit-viewport');
      setSelected(null);
      setRevision((value) => value + 1);
    },
  }));

  const instance = modeler.current;
  const services: ModellerServices | null = instance
    ? {
        modeling: instance.get('modeling'),
        bpmnFactory: instance.get('bpmnFactory'),
        elementRegistry: instance.get('elementRegistry'),
      }
    : null;
  let shown: DiagramElement | null = selected;
  if (!shown && instance) {
    try {
      shown = instance.get<{ getRootElement(): DiagramElement }>('canvas').getRootElement();
    } catch {
      shown = null;
    }
  }
  // Labels are separate shapes in bpmn-js; their settings are their owner's.
  if (shown && shown.type === 'label') shown = (shown as DiagramElement & { labelTarget?: DiagramElement }).labelTarget ?? shown;

  return (
    <div className={styles.layout}>
      <div
        ref={box}
        className={styles.canvas}
        role="application"
        aria-label={t('bpm.modeller.canvas')}
        aria-roledescription={t('bpm.modeller.canvasRole')}
      />
      {services && shown?.businessObject ? <PropertiesPanel element={shown} services={services} /> : null}
    </div>
  );
}
