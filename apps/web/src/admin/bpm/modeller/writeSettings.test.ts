// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are BPMN expressions, not templates
import { BpmnModdle } from 'bpmn-moddle';
import camundaModdle from 'camunda-bpmn-moddle/resources/camunda.json';
import { describe, expect, it } from 'vitest';
import { blankDiagram } from './blankDiagram.ts';
import type { DiagramElement, ModellerServices } from './modellerServices.ts';
import { writeAttributes, writeCondition, writeExtensionProperty, writeMultiInstance } from './writeSettings.ts';

type Moddle = { $type: string; id?: string; set(name: string, value: unknown): void; get(name: string): unknown; [key: string]: unknown };

/** bpmn-js's modeling commands reduced to what they do to the moddle tree, so the XML can be checked without a canvas. */
function services(moddle: InstanceType<typeof BpmnModdle>): ModellerServices {
  const assign = (target: Moddle, properties: Record<string, unknown>) => {
    for (const [name, value] of Object.entries(properties)) target.set(name, value);
  };
  return {
    modeling: {
      updateProperties: (element, properties) => assign(element.businessObject as unknown as Moddle, properties),
      updateModdleProperties: (_element, target, properties) => assign(target as Moddle, properties),
    },
    bpmnFactory: { create: (type, attributes) => moddle.create(type, attributes) as never },
    elementRegistry: { get: () => undefined },
  };
}

describe('writing settings into BPMN XML', () => {
  it('exports camunda attributes, multi-instance, conditions and extension properties', async () => {
    const moddle = new BpmnModdle({ camunda: camundaModdle });
    const { rootElement } = await moddle.fromXML(blankDiagram('leave', 'Leave'));
    const process = (rootElement as unknown as { rootElements: Moddle[] }).rootElements[0] as Moddle;
    const task = moddle.create('bpmn:UserTask', { id: 'Approve', name: 'Approve' }) as unknown as Moddle;
    const service = moddle.create('bpmn:ServiceTask', { id: 'Notify' }) as unknown as Moddle;
    const flow = moddle.create('bpmn:SequenceFlow', { id: 'Flow_1', sourceRef: task, targetRef: service }) as unknown as Moddle;
    (process.get('flowElements') as Moddle[]).push(task, service, flow);
    const use = services(moddle);
    const shape = (business: Moddle) =>
      ({ id: String(business.id), type: business.$type, businessObject: business }) as unknown as DiagramElement;

    writeAttributes(use, shape(task), {
      'camunda:assignee': 'manager01',
      'camunda:candidateGroups': 'manager',
      'camunda:dueDate': 'P3D',
      'camunda:formKey': 'form:4',
    });
    writeMultiInstance(use, shape(task), {
      sequential: false,
      collection: 'approvers',
      elementVariable: 'approver',
      completion: 'ratio',
      ratio: 0.6,
    });
    writeExtensionProperty(use, shape(task), 'buttons', 'agree,reject');
    writeExtensionProperty(use, shape(service), 'url', 'https://example.com/hook');
    writeCondition(use, shape(flow), '${approved == true}');

    const { xml } = await moddle.toXML(rootElement, { format: true });
    expect(xml).toContain('camunda:assignee="manager01"');
    expect(xml).toContain('camunda:candidateGroups="manager"');
    expect(xml).toContain('camunda:dueDate="P3D"');
    expect(xml).toContain('camunda:formKey="form:4"');
    expect(xml).toMatch(/<bpmn:multiInstanceLoopCharacteristics camunda:collection="approvers" camunda:elementVariable="approver">/);
    expect(xml).toContain('${nrOfCompletedInstances / nrOfInstances &gt;= 0.6}');
    expect(xml).toContain('<camunda:property name="buttons" value="agree,reject" />');
    expect(xml).toContain('<camunda:property name="url" value="https://example.com/hook" />');
    expect(xml).toContain('${approved == true}');

    writeAttributes(use, shape(task), { 'camunda:assignee': '' });
    writeMultiInstance(use, shape(task), undefined);
    writeExtensionProperty(use, shape(task), 'buttons', '');
    const { xml: cleared } = await moddle.toXML(rootElement);
    expect(cleared).not.toContain('camunda:assignee');
    expect(cleared).not.toContain('multiInstanceLoopCharacteristics');
    expect(cleared).not.toContain('name="buttons"');
  });
});
