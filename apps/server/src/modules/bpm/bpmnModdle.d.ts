/** The little of bpmn-moddle (a dependency of bpmn-engine) that release reads; it ships no types. */
declare module 'bpmn-moddle' {
  export interface ModdleElement {
    $type: string;
    id?: string;
    name?: string;
    get(name: string): unknown;
    [property: string]: unknown;
  }
  export default class BpmnModdle {
    constructor(packages?: Record<string, unknown>);
    fromXML(xml: string): Promise<{ rootElement: ModdleElement; warnings: Array<{ message: string }> }>;
  }
}
