import { bearer, type TestApp, type Tokens } from './testApp.ts';

/** BPMN 2.0 documents as Camunda Modeler writes them, built from small pieces for the workflow tests. */
export function bpmnOf(key: string, elements: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:camunda="http://camunda.org/schema/1.0/bpmn" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  id="Definitions_${key}" targetNamespace="http://bpmn.io/schema/bpmn">
  <process id="${key}" name="${key}" isExecutable="true">
    <startEvent id="start" name="Start" />
    <endEvent id="end" name="End" />
    ${elements.join('\n    ')}
  </process>
</bpmn:definitions>`;
}

let flows = 0;

export function flow(from: string, to: string, condition = '', id = `flow${++flows}`): string {
  return `<sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}">${condition}</sequenceFlow>`;
}

export function userTask(
  id: string,
  name: string,
  options: {
    assignee?: string;
    candidateUsers?: string;
    candidateGroups?: string;
    formKey?: string;
    dueDate?: string;
    buttons?: string;
    loop?: string;
  },
): string {
  const attributes = (['assignee', 'candidateUsers', 'candidateGroups', 'formKey', 'dueDate'] as const)
    .filter((name) => options[name])
    .map((name) => ` camunda:${name}="${options[name]}"`)
    .join('');
  const buttons = options.buttons
    ? `<extensionElements><camunda:properties><camunda:property name="buttons" value="${options.buttons}"/></camunda:properties></extensionElements>`
    : '';
  return `<userTask id="${id}" name="${name}"${attributes}>${buttons}${options.loop ?? ''}</userTask>`;
}

export function gateway(kind: 'exclusiveGateway' | 'parallelGateway', id: string, defaultFlow?: string): string {
  return `<${kind} id="${id}"${defaultFlow ? ` default="${defaultFlow}"` : ''} />`;
}

export function timerEvent(id: string, duration: string): string {
  return `<intermediateCatchEvent id="${id}" name="Wait"><timerEventDefinition><timeDuration xsi:type="tFormalExpression">${duration}</timeDuration></timerEventDefinition></intermediateCatchEvent>`;
}

/**
 * The API calls the workflow tests make, on whichever app and administrator the test holds when it
 * calls (a restart replaces both).
 */
export function bpmCalls(current: () => TestApp, admin: () => Tokens) {
  const call = (tokens: Tokens, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, language = 'en') =>
    current().app.inject({ method, url: `/api/admin/bpm${url}`, payload, headers: { ...bearer(tokens), 'accept-language': language } });
  const data = async (tokens: Tokens, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const response = await call(tokens, method, url, payload);
    if (response.statusCode !== 200) throw new Error(`${method} ${url}: ${response.body}`);
    return response.json().data;
  };
  /** Creates a model from XML and releases it; answers the definition. */
  const release = async (key: string, xml: string) => {
    const model = await data(admin(), 'POST', '/models', { key, name: key, category: '', description: '', xml });
    return data(admin(), 'POST', `/models/${model.id}/release`);
  };
  const start = (tokens: Tokens, definitionKey: string, variables: object = {}) =>
    data(tokens, 'POST', '/instances', { definitionKey, businessKey: `${definitionKey}-1`, variables });
  const tasksOf = async (instanceId: number) => (await data(admin(), 'GET', `/instances/${instanceId}`)).tasks;
  const openTasks = async (instanceId: number) => (await tasksOf(instanceId)).filter((task: { status: string }) => task.status === 'open');
  return { call, data, release, start, tasksOf, openTasks };
}
