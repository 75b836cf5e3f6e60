/**
 * bpmn-js speaks English through one `translate(template, replacements)` service. This table names each
 * English template it uses in the palette, the context pad and the change-element menu by a short key
 * under `bpm.bpmnjs.*`; templates not listed stay English (the bpmn-js way).
 */
export const bpmnTemplateKeys: Readonly<Record<string, string>> = {
  // Palette
  'Activate hand tool': 'handTool',
  'Activate lasso tool': 'lassoTool',
  'Activate create/remove space tool': 'spaceTool',
  'Activate global connect tool': 'globalConnectTool',
  'Create start event': 'createStartEvent',
  'Create intermediate/boundary event': 'createIntermediateEvent',
  'Create end event': 'createEndEvent',
  'Create gateway': 'createGateway',
  'Create task': 'createTask',
  'Create data object reference': 'createDataObject',
  'Create data store reference': 'createDataStore',
  'Create expanded sub-process': 'createSubProcess',
  'Create pool/participant': 'createPool',
  'Create group': 'createGroup',
  // Context pad
  'Append end event': 'appendEndEvent',
  'Append gateway': 'appendGateway',
  'Append task': 'appendTask',
  'Append intermediate/boundary event': 'appendIntermediateEvent',
  'Append message intermediate catch event': 'appendMessageCatch',
  'Append timer intermediate catch event': 'appendTimerCatch',
  'Append conditional intermediate catch event': 'appendConditionalCatch',
  'Append signal intermediate catch event': 'appendSignalCatch',
  'Append receive task': 'appendReceiveTask',
  'Append compensation activity': 'appendCompensation',
  'Append element': 'appendElement',
  'Add text annotation': 'addTextAnnotation',
  'Add lane above': 'addLaneAbove',
  'Add lane below': 'addLaneBelow',
  'Divide into two lanes': 'divideTwoLanes',
  'Divide into three lanes': 'divideThreeLanes',
  'Change element': 'changeElement',
  'Change type': 'changeType',
  'Connect to other element': 'connect',
  'Connect using association': 'connectAssociation',
  'Connect using data input association': 'connectDataInput',
  Delete: 'delete',
  // Change-element menu
  Task: 'task',
  'User task': 'userTask',
  'Service task': 'serviceTask',
  'Script task': 'scriptTask',
  'Send task': 'sendTask',
  'Receive task': 'receiveTask',
  'Manual task': 'manualTask',
  'Business rule task': 'businessRuleTask',
  'Call activity': 'callActivity',
  'Sub-process (collapsed)': 'subProcessCollapsed',
  'Sub-process (expanded)': 'subProcessExpanded',
  'Event sub-process': 'eventSubProcess',
  Transaction: 'transaction',
  'Start event': 'startEvent',
  'End event': 'endEvent',
  'Intermediate throw event': 'intermediateThrowEvent',
  'Timer start event': 'timerStartEvent',
  'Timer intermediate catch event': 'timerCatchEvent',
  'Timer boundary event': 'timerBoundaryEvent',
  'Timer boundary event (non-interrupting)': 'timerBoundaryEventNonInterrupting',
  'Message start event': 'messageStartEvent',
  'Terminate end event': 'terminateEndEvent',
  'Error end event': 'errorEndEvent',
  'Exclusive gateway': 'exclusiveGateway',
  'Parallel gateway': 'parallelGateway',
  'Inclusive gateway': 'inclusiveGateway',
  'Event-based gateway': 'eventBasedGateway',
  'Complex gateway': 'complexGateway',
  'Sequence flow': 'sequenceFlow',
  'Default flow': 'defaultFlow',
  'Conditional flow': 'conditionalFlow',
  'Parallel multi-instance': 'parallelMultiInstance',
  'Sequential multi-instance': 'sequentialMultiInstance',
  Loop: 'loop',
  'Toggle non-interrupting': 'toggleNonInterrupting',
};

type Translate = (key: string, options?: Record<string, string>) => string;

/** Fills `{name}` placeholders the way bpmn-js's own translate does. */
function fill(template: string, replacements: Record<string, string>): string {
  return template.replace(/{([^}]+)}/g, (_match, key: string) => replacements[key] ?? `{${key}}`);
}

/** bpmn-js's translate service, answering in the page's language through i18next's `t`. */
export function bpmnTranslator(t: Translate) {
  return (template: string, replacements: Record<string, string> = {}): string => {
    const key = bpmnTemplateKeys[template];
    return key ? fill(t(`bpm.bpmnjs.${key}`), replacements) : fill(template, replacements);
  };
}

/** A bpmn-js module overriding its `translate` service. */
export function bpmnTranslateModule(t: Translate) {
  return { translate: ['value', bpmnTranslator(t)] };
}
