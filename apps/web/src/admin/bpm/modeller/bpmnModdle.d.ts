// bpmn-moddle (bpmn-js's own model layer) ships no types; the tests read and write XML with it directly.
declare module 'bpmn-moddle' {
  export class BpmnModdle {
    constructor(extensions?: Record<string, unknown>);
    fromXML(xml: string): Promise<{ rootElement: unknown; warnings: unknown[] }>;
    toXML(element: unknown, options?: { format?: boolean }): Promise<{ xml: string }>;
    create(type: string, attributes?: Record<string, unknown>): unknown;
  }
}
