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
  // Every event kind and element the engine now runs, as the change-element menu names them
  'Ad-hoc sub-process': 'adHocSubProcess',
  'Ad-hoc sub-process (collapsed)': 'adHocSubProcessCollapsed',
  'Ad-hoc sub-process (expanded)': 'adHocSubProcessExpanded',
  'Align elements': 'alignElements',
  'Boundary event': 'boundaryEvent',
  'Cancel boundary event': 'cancelBoundaryEvent',
  'Cancel end event': 'cancelEndEvent',
  'Compensation boundary event': 'compensationBoundaryEvent',
  'Compensation end event': 'compensationEndEvent',
  'Compensation intermediate throw event': 'compensationIntermediateThrowEvent',
  'Compensation start event': 'compensationStartEvent',
  'Conditional boundary event': 'conditionalBoundaryEvent',
  'Conditional boundary event (non-interrupting)': 'conditionalBoundaryEventNonInterrupting',
  'Conditional intermediate catch event': 'conditionalIntermediateCatchEvent',
  'Conditional start event': 'conditionalStartEvent',
  'Conditional start event (non-interrupting)': 'conditionalStartEventNonInterrupting',
  'Data object reference': 'dataObjectReference',
  'Data store reference': 'dataStoreReference',
  'Distribute elements horizontally': 'distributeElementsHorizontally',
  'Distribute elements vertically': 'distributeElementsVertically',
  'Empty pool/participant': 'emptyPoolParticipant',
  'Error boundary event': 'errorBoundaryEvent',
  'Error start event': 'errorStartEvent',
  'Escalation boundary event': 'escalationBoundaryEvent',
  'Escalation boundary event (non-interrupting)': 'escalationBoundaryEventNonInterrupting',
  'Escalation end event': 'escalationEndEvent',
  'Escalation intermediate throw event': 'escalationIntermediateThrowEvent',
  'Escalation start event': 'escalationStartEvent',
  'Escalation start event (non-interrupting)': 'escalationStartEventNonInterrupting',
  'Event based instantiating Gateway': 'eventBasedInstantiatingGateway',
  'Expanded pool/participant': 'expandedPoolParticipant',
  'Link intermediate catch event': 'linkIntermediateCatchEvent',
  'Link intermediate throw event': 'linkIntermediateThrowEvent',
  'Message boundary event': 'messageBoundaryEvent',
  'Message boundary event (non-interrupting)': 'messageBoundaryEventNonInterrupting',
  'Message end event': 'messageEndEvent',
  'Message intermediate catch event': 'messageIntermediateCatchEvent',
  'Message intermediate throw event': 'messageIntermediateThrowEvent',
  'Message start event (non-interrupting)': 'messageStartEventNonInterrupting',
  'Parallel Event based instantiating Gateway': 'parallelEventBasedInstantiatingGateway',
  'Signal boundary event': 'signalBoundaryEvent',
  'Signal boundary event (non-interrupting)': 'signalBoundaryEventNonInterrupting',
  'Signal end event': 'signalEndEvent',
  'Signal intermediate catch event': 'signalIntermediateCatchEvent',
  'Signal intermediate throw event': 'signalIntermediateThrowEvent',
  'Signal start event': 'signalStartEvent',
  'Signal start event (non-interrupting)': 'signalStartEventNonInterrupting',
  'Sub-process': 'subProcess',
  'Timer start event (non-interrupting)': 'timerStartEventNonInterrupting',
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
