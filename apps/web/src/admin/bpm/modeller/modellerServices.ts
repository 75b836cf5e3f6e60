import type { ModdleLike } from './elementSettings.ts';

/** A diagram element as bpmn-js hands it out: its shape plus the BPMN element behind it. */
export interface DiagramElement {
  id: string;
  type: string;
  businessObject: ModdleLike & Record<string, unknown>;
  source?: DiagramElement;
}

/** The bpmn-js services the properties panel uses, typed as far as it needs. */
export interface ModellerServices {
  modeling: {
    updateProperties(element: DiagramElement, properties: Record<string, unknown>): void;
    updateModdleProperties(element: DiagramElement, moddleElement: unknown, properties: Record<string, unknown>): void;
  };
  bpmnFactory: { create(type: string, attributes?: Record<string, unknown>): ModdleLike & Record<string, unknown> };
  elementRegistry: { get(id: string): DiagramElement | undefined };
}
