import { completionCondition, type ModdleLike, type MultiInstanceSettings } from './elementSettings.ts';
import type { DiagramElement, ModellerServices } from './modellerServices.ts';

/** Sets (or, for an empty value, removes) attributes such as `camunda:assignee`, as one undoable command. */
export function writeAttributes(services: ModellerServices, element: DiagramElement, attributes: Record<string, string | undefined>) {
  const cleaned: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(attributes)) cleaned[name] = value === '' ? undefined : value;
  services.modeling.updateProperties(element, cleaned);
}

/** A sequence flow's condition (`${...}`), or none. */
export function writeCondition(services: ModellerServices, element: DiagramElement, body: string | undefined) {
  const conditionExpression = body ? services.bpmnFactory.create('bpmn:FormalExpression', { body }) : undefined;
  services.modeling.updateProperties(element, { conditionExpression });
}

/** Makes the task multi-instance with these settings, or (undefined) a task that runs once. */
export function writeMultiInstance(services: ModellerServices, element: DiagramElement, settings: MultiInstanceSettings | undefined) {
  if (!settings) {
    services.modeling.updateProperties(element, { loopCharacteristics: undefined });
    return;
  }
  const body = completionCondition(settings.completion, settings.ratio);
  const loop = services.bpmnFactory.create('bpmn:MultiInstanceLoopCharacteristics', {
    isSequential: settings.sequential,
    'camunda:collection': settings.collection || undefined,
    'camunda:elementVariable': settings.elementVariable || undefined,
    completionCondition: body ? services.bpmnFactory.create('bpmn:FormalExpression', { body }) : undefined,
  });
  services.modeling.updateProperties(element, { loopCharacteristics: loop });
}

/** Sets one `camunda:property` of the element's extension elements (empty removes it), creating the holders on first use. */
export function writeExtensionProperty(services: ModellerServices, element: DiagramElement, name: string, value: string) {
  const { bpmnFactory, modeling } = services;
  const business = element.businessObject;
  let extensions = business.get('extensionElements') as (ModdleLike & { values?: ModdleLike[] }) | undefined;
  if (!extensions) {
    if (!value) return;
    extensions = bpmnFactory.create('bpmn:ExtensionElements', { values: [] }) as ModdleLike & { values?: ModdleLike[] };
    modeling.updateProperties(element, { extensionElements: extensions });
  }
  const holders = extensions.values ?? [];
  let holder = holders.find((candidate) => candidate.$type === 'camunda:Properties') as
    | (ModdleLike & { values?: ModdleLike[] })
    | undefined;
  if (!holder) {
    if (!value) return;
    holder = bpmnFactory.create('camunda:Properties', { values: [] }) as ModdleLike & { values?: ModdleLike[] };
    modeling.updateModdleProperties(element, extensions, { values: [...holders, holder] });
  }
  const others = (holder.values ?? []).filter((property) => property.get('name') !== name);
  const values = value ? [...others, bpmnFactory.create('camunda:Property', { name, value })] : others;
  modeling.updateModdleProperties(element, holder, { values });
}
