// biome-ignore-all lint/suspicious/noTemplateCurlyInString: BPMN expressions are written ${...}, as Camunda Modeler writes them.

/**
 * Models as Camunda 7 users bring them, one per element kind bpmn-engine runs, plus the ones release
 * refuses or warns about. Written here (no file of others is copied); each holds executable process `key`.
 */

const namespaces =
  'xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" ' +
  'xmlns:camunda="http://camunda.org/schema/1.0/bpmn" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"';

/** A file: root definitions first, then the processes; `definitionsAttributes` goes on `<bpmn:definitions>`. */
export function file(parts: { roots?: string[]; processes: string[]; definitionsAttributes?: string }): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions ${namespaces} id="Definitions_import" targetNamespace="http://bpmn.io/schema/bpmn"${parts.definitionsAttributes ? ` ${parts.definitionsAttributes}` : ''}>
  ${[...(parts.roots ?? []), ...parts.processes].join('\n  ')}
</bpmn:definitions>`;
}

/** An executable process `key` running start -> body -> end, `body` being the ids of a straight line of nodes. */
export function pool(key: string, nodes: string[], line: string[], extra: string[] = [], attributes = 'isExecutable="true"'): string {
  const path = [`${key}_start`, ...line, `${key}_end`];
  const flows = path
    .slice(1)
    .map((to, index) => `<bpmn:sequenceFlow id="${key}_f${index}" sourceRef="${path[index]}" targetRef="${to}" />`);
  return `<bpmn:process id="${key}" name="${key}" ${attributes}>
    <bpmn:startEvent id="${key}_start" />
    ${[...nodes, ...extra, ...flows].join('\n    ')}
    <bpmn:endEvent id="${key}_end" />
  </bpmn:process>`;
}

const task = (id: string) => `<bpmn:userTask id="${id}" name="${id}" camunda:assignee="\${initiator}" />`;
const external = (id: string, topic = 'demo-invoice', inner = '') =>
  `<bpmn:serviceTask id="${id}" name="${id}" camunda:type="external" camunda:topic="${topic}">${inner}</bpmn:serviceTask>`;
const messages = ['<bpmn:message id="Message_order" name="order" />', '<bpmn:message id="Message_cancel" name="cancel" />'];
const signal = '<bpmn:signal id="Signal_alarm" name="alarm" />';
const error = '<bpmn:error id="Error_late" name="late" errorCode="LATE" />';
const escalation = '<bpmn:escalation id="Escalation_boss" name="boss" escalationCode="BOSS" />';

/** An intermediate timer catch event on a cycle, as Camunda Modeler writes a cron one. */
const cronCatch = (id: string, cycle: string) =>
  `<bpmn:intermediateCatchEvent id="${id}"><bpmn:timerEventDefinition><bpmn:timeCycle xsi:type="bpmn:tFormalExpression">${cycle}</bpmn:timeCycle></bpmn:timerEventDefinition></bpmn:intermediateCatchEvent>`;

/**
 * A process started by a Quartz cron timer (every five minutes, on the minute's second 0, as Camunda's
 * order-handling example writes it), whose user task names Camunda's demo accounts and group.
 */
export function cronStartedDemoTask(key: string, cycle = '0 0/5 * * * ?'): string {
  return file({
    processes: [
      `<bpmn:process id="${key}" name="${key}" isExecutable="true">
    <bpmn:startEvent id="${key}_start"><bpmn:timerEventDefinition><bpmn:timeCycle xsi:type="bpmn:tFormalExpression">${cycle}</bpmn:timeCycle></bpmn:timerEventDefinition></bpmn:startEvent>
    <bpmn:userTask id="review" name="Review" camunda:assignee="demo" camunda:candidateUsers="kermit, staff01" camunda:candidateGroups="management" />
    <bpmn:endEvent id="${key}_end" />
    <bpmn:sequenceFlow id="${key}_f0" sourceRef="${key}_start" targetRef="review" />
    <bpmn:sequenceFlow id="${key}_f1" sourceRef="review" targetRef="${key}_end" />
  </bpmn:process>`,
    ],
  });
}

/** A user task naming only accounts and a group that do not exist here (Camunda's demo ones). */
export function demoAccountsTask(key: string): string {
  return file({
    processes: [
      pool(
        key,
        ['<bpmn:userTask id="approve" name="Approve" camunda:assignee="demo" camunda:candidateGroups="management" />'],
        ['approve'],
      ),
    ],
  });
}

/** A single-process file of kind `name`: what must release, each named as the issue names it. */
export const releasable: Array<{ kind: string; xml: string }> = [
  {
    kind: 'Quartz cron timer cycle',
    xml: file({ processes: [pool('cron_cycle', [cronCatch('tick', '0 0/5 * * * ?')], ['tick'])] }),
  },
  {
    kind: 'call activity',
    xml: file({
      processes: [
        pool(
          'caller',
          [
            '<bpmn:callActivity id="call" calledElement="callee"><bpmn:extensionElements><camunda:in variables="all" /></bpmn:extensionElements></bpmn:callActivity>',
          ],
          ['call'],
        ),
      ],
    }),
  },
  {
    kind: 'message start event',
    xml: file({
      roots: messages,
      processes: [
        `<bpmn:process id="msgstart" isExecutable="true"><bpmn:startEvent id="start"><bpmn:messageEventDefinition messageRef="Message_order" /></bpmn:startEvent>
        <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="end" /><bpmn:endEvent id="end" /></bpmn:process>`,
      ],
    }),
  },
  {
    kind: 'message intermediate catch event',
    xml: file({
      roots: messages,
      processes: [
        pool(
          'msgcatch',
          [
            '<bpmn:intermediateCatchEvent id="wait"><bpmn:messageEventDefinition messageRef="Message_order" /></bpmn:intermediateCatchEvent>',
          ],
          ['wait'],
        ),
      ],
    }),
  },
  {
    kind: 'message boundary event',
    xml: file({
      roots: messages,
      processes: [
        pool(
          'msgboundary',
          [
            task('work'),
            '<bpmn:boundaryEvent id="cancelled" attachedToRef="work"><bpmn:messageEventDefinition messageRef="Message_cancel" /></bpmn:boundaryEvent>',
          ],
          ['work'],
          ['<bpmn:sequenceFlow id="fc" sourceRef="cancelled" targetRef="msgboundary_end" />'],
        ),
      ],
    }),
  },
  {
    kind: 'receive task',
    xml: file({ roots: messages, processes: [pool('receive', ['<bpmn:receiveTask id="rt" messageRef="Message_order" />'], ['rt'])] }),
  },
  {
    kind: 'message intermediate throw and end events',
    xml: file({
      roots: messages,
      processes: [
        `<bpmn:process id="msgthrow" isExecutable="true"><bpmn:startEvent id="start" />
        <bpmn:intermediateThrowEvent id="send"><bpmn:messageEventDefinition messageRef="Message_order" /></bpmn:intermediateThrowEvent>
        <bpmn:endEvent id="end"><bpmn:messageEventDefinition messageRef="Message_cancel" /></bpmn:endEvent>
        <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="send" /><bpmn:sequenceFlow id="f2" sourceRef="send" targetRef="end" /></bpmn:process>`,
      ],
    }),
  },
  {
    kind: 'signal throw, catch and end events',
    xml: file({
      roots: [signal],
      processes: [
        pool(
          'signals',
          [
            '<bpmn:intermediateThrowEvent id="shout"><bpmn:signalEventDefinition signalRef="Signal_alarm" /></bpmn:intermediateThrowEvent>',
            '<bpmn:intermediateCatchEvent id="hear"><bpmn:signalEventDefinition signalRef="Signal_alarm" /></bpmn:intermediateCatchEvent>',
          ],
          ['shout', 'hear'],
        ),
      ],
    }),
  },
  {
    kind: 'error end event and error boundary event',
    xml: file({
      roots: [error],
      processes: [
        pool(
          'errors',
          [
            '<bpmn:subProcess id="sub"><bpmn:startEvent id="subStart" /><bpmn:endEvent id="fail"><bpmn:errorEventDefinition errorRef="Error_late" /></bpmn:endEvent><bpmn:sequenceFlow id="sf" sourceRef="subStart" targetRef="fail" /></bpmn:subProcess>',
            '<bpmn:boundaryEvent id="caught" attachedToRef="sub"><bpmn:errorEventDefinition errorRef="Error_late" camunda:errorCodeVariable="code" /></bpmn:boundaryEvent>',
          ],
          ['sub'],
          ['<bpmn:sequenceFlow id="fe" sourceRef="caught" targetRef="errors_end" />'],
        ),
      ],
    }),
  },
  {
    kind: 'escalation throw and boundary events',
    xml: file({
      roots: [escalation],
      processes: [
        pool(
          'escalations',
          [
            '<bpmn:subProcess id="sub"><bpmn:startEvent id="subStart" /><bpmn:intermediateThrowEvent id="raise"><bpmn:escalationEventDefinition escalationRef="Escalation_boss" /></bpmn:intermediateThrowEvent><bpmn:endEvent id="subEnd" /><bpmn:sequenceFlow id="s1" sourceRef="subStart" targetRef="raise" /><bpmn:sequenceFlow id="s2" sourceRef="raise" targetRef="subEnd" /></bpmn:subProcess>',
            '<bpmn:boundaryEvent id="noted" attachedToRef="sub" cancelActivity="false"><bpmn:escalationEventDefinition escalationRef="Escalation_boss" /></bpmn:boundaryEvent>',
            '<bpmn:endEvent id="notedEnd" />',
          ],
          ['sub'],
          ['<bpmn:sequenceFlow id="fn" sourceRef="noted" targetRef="notedEnd" />'],
        ),
      ],
    }),
  },
  {
    kind: 'conditional event',
    xml: file({
      processes: [
        pool(
          'conditional',
          [
            '<bpmn:intermediateCatchEvent id="until"><bpmn:conditionalEventDefinition camunda:variableName="ready"><bpmn:condition xsi:type="bpmn:tFormalExpression">${ready == true}</bpmn:condition></bpmn:conditionalEventDefinition></bpmn:intermediateCatchEvent>',
          ],
          ['until'],
        ),
      ],
    }),
  },
  {
    kind: 'compensation',
    xml: file({
      processes: [
        pool(
          'compensation',
          [
            task('book'),
            '<bpmn:boundaryEvent id="undo" attachedToRef="book"><bpmn:compensateEventDefinition /></bpmn:boundaryEvent>',
            '<bpmn:task id="cancelBooking" isForCompensation="true" />',
            '<bpmn:association id="a1" associationDirection="One" sourceRef="undo" targetRef="cancelBooking" />',
            '<bpmn:intermediateThrowEvent id="compensate"><bpmn:compensateEventDefinition /></bpmn:intermediateThrowEvent>',
          ],
          ['book', 'compensate'],
        ),
      ],
    }),
  },
  {
    kind: 'transaction with cancel events',
    xml: file({
      processes: [
        pool(
          'transaction',
          [
            '<bpmn:transaction id="tx"><bpmn:startEvent id="txStart" /><bpmn:endEvent id="txCancel"><bpmn:cancelEventDefinition /></bpmn:endEvent><bpmn:sequenceFlow id="t1" sourceRef="txStart" targetRef="txCancel" /></bpmn:transaction>',
            '<bpmn:boundaryEvent id="cancelled" attachedToRef="tx"><bpmn:cancelEventDefinition /></bpmn:boundaryEvent>',
          ],
          ['tx'],
          ['<bpmn:sequenceFlow id="fc" sourceRef="cancelled" targetRef="transaction_end" />'],
        ),
      ],
    }),
  },
  {
    kind: 'event sub-process',
    xml: file({
      roots: messages,
      processes: [
        pool(
          'eventsub',
          [
            task('work'),
            '<bpmn:subProcess id="onCancel" triggeredByEvent="true"><bpmn:startEvent id="cancelStart" isInterrupting="true"><bpmn:messageEventDefinition messageRef="Message_cancel" /></bpmn:startEvent><bpmn:endEvent id="cancelEnd" /><bpmn:sequenceFlow id="c1" sourceRef="cancelStart" targetRef="cancelEnd" /></bpmn:subProcess>',
          ],
          ['work'],
        ),
      ],
    }),
  },
  {
    kind: 'event-based gateway',
    xml: file({
      roots: messages,
      processes: [
        `<bpmn:process id="eventgateway" isExecutable="true"><bpmn:startEvent id="start" /><bpmn:eventBasedGateway id="which" />
        <bpmn:intermediateCatchEvent id="paid"><bpmn:messageEventDefinition messageRef="Message_order" /></bpmn:intermediateCatchEvent>
        <bpmn:intermediateCatchEvent id="timeout"><bpmn:timerEventDefinition><bpmn:timeDuration xsi:type="bpmn:tFormalExpression">P1D</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:intermediateCatchEvent>
        <bpmn:endEvent id="end" />
        <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="which" /><bpmn:sequenceFlow id="f2" sourceRef="which" targetRef="paid" />
        <bpmn:sequenceFlow id="f3" sourceRef="which" targetRef="timeout" /><bpmn:sequenceFlow id="f4" sourceRef="paid" targetRef="end" />
        <bpmn:sequenceFlow id="f5" sourceRef="timeout" targetRef="end" /></bpmn:process>`,
      ],
    }),
  },
  {
    kind: 'inclusive gateway',
    xml: file({
      processes: [
        `<bpmn:process id="inclusive" isExecutable="true"><bpmn:startEvent id="start" /><bpmn:inclusiveGateway id="split" default="f3" /><bpmn:inclusiveGateway id="join" />
        <bpmn:endEvent id="end" /><bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="split" />
        <bpmn:sequenceFlow id="f2" sourceRef="split" targetRef="join"><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">\${amount &gt; 100}</bpmn:conditionExpression></bpmn:sequenceFlow>
        <bpmn:sequenceFlow id="f3" sourceRef="split" targetRef="join" /><bpmn:sequenceFlow id="f4" sourceRef="join" targetRef="end" /></bpmn:process>`,
      ],
    }),
  },
  {
    kind: 'multi-instance sub-process and service task',
    xml: file({
      processes: [
        pool(
          'multi',
          [
            '<bpmn:subProcess id="each"><bpmn:multiInstanceLoopCharacteristics camunda:collection="${items}" camunda:elementVariable="item" /><bpmn:startEvent id="eachStart" /><bpmn:endEvent id="eachEnd" /><bpmn:sequenceFlow id="e1" sourceRef="eachStart" targetRef="eachEnd" /></bpmn:subProcess>',
            external(
              'notify',
              'demo-notify',
              '<bpmn:multiInstanceLoopCharacteristics isSequential="true"><bpmn:loopCardinality xsi:type="bpmn:tFormalExpression">3</bpmn:loopCardinality></bpmn:multiInstanceLoopCharacteristics>',
            ),
          ],
          ['each', 'notify'],
        ),
      ],
    }),
  },
  {
    kind: 'timer whose duration is an expression',
    xml: file({
      processes: [
        pool(
          'timerexpr',
          [
            '<bpmn:intermediateCatchEvent id="wait"><bpmn:timerEventDefinition><bpmn:timeDuration xsi:type="bpmn:tFormalExpression">${duration}</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:intermediateCatchEvent>',
          ],
          ['wait'],
        ),
      ],
    }),
  },
  { kind: 'external service task', xml: file({ processes: [pool('externaltask', [external('invoice')], ['invoice'])] }) },
  {
    kind: 'link events',
    xml: file({
      processes: [
        `<bpmn:process id="links" isExecutable="true"><bpmn:startEvent id="start" />
        <bpmn:intermediateThrowEvent id="goto"><bpmn:linkEventDefinition name="next" /></bpmn:intermediateThrowEvent>
        <bpmn:intermediateCatchEvent id="landing"><bpmn:linkEventDefinition name="next" /></bpmn:intermediateCatchEvent>
        <bpmn:endEvent id="end" /><bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="goto" /><bpmn:sequenceFlow id="f2" sourceRef="landing" targetRef="end" /></bpmn:process>`,
      ],
    }),
  },
];

/** Released with a warning each: what is kept in the file and not used, and a task nobody but administrators may claim. */
export const warned: Array<{ kind: string; xml: string; warning: RegExp }> = [
  {
    kind: 'passive root definitions',
    xml: file({
      roots: [
        '<bpmn:itemDefinition id="Item_order" structureRef="Order" />',
        '<bpmn:dataStore id="DataStore_orders" name="orders" />',
        '<bpmn:resource id="Resource_clerk" name="clerk" />',
      ],
      processes: [pool('passive', [task('work')], ['work'])],
    }),
    warning: /Resource_clerk|clerk \(Resource_clerk\)/,
  },
  {
    kind: 'attributes moddle does not know',
    xml: file({ definitionsAttributes: 'camunda:historyTimeToLive="180"', processes: [pool('ttl', [task('work')], ['work'])] }),
    warning: /historyTimeToLive/,
  },
  {
    kind: 'an unresolved message reference',
    xml: file({
      processes: [
        pool(
          'dangling',
          [
            '<bpmn:intermediateCatchEvent id="wait"><bpmn:messageEventDefinition messageRef="Message_nowhere" /></bpmn:intermediateCatchEvent>',
          ],
          ['wait'],
        ),
      ],
    }),
    warning: /Message_nowhere/,
  },
  {
    kind: 'a user task without assignee or candidates',
    xml: file({ processes: [pool('unassigned', ['<bpmn:userTask id="orphan" name="Orphan" />'], ['orphan'])] }),
    warning: /Orphan \(orphan\).*only task administrators can claim it/,
  },
  {
    kind: 'a call activity calling a process not released yet',
    xml: file({ processes: [pool('callsahead', ['<bpmn:callActivity id="later" calledElement="not_yet_released" />'], ['later'])] }),
    warning: /calls the process not_yet_released, which is not released yet/,
  },
  {
    kind: 'a foreign extension element',
    xml: file({
      processes: [
        pool(
          'foreign',
          ['<bpmn:task id="t"><bpmn:extensionElements><camunda:potentialStarter /></bpmn:extensionElements></bpmn:task>'],
          ['t'],
        ),
      ],
    }),
    warning: /camunda:PotentialStarter/,
  },
];

/** Refused, the element and what it would run named. */
export const refused: Array<{ kind: string; xml: string; message: RegExp }> = [
  {
    kind: 'a Java class',
    xml: file({ processes: [pool('javaclass', ['<bpmn:serviceTask id="pay" name="Pay" camunda:class="org.example.Pay" />'], ['pay'])] }),
    message: /Pay \(pay\) would run code on the server \(camunda:class\)/,
  },
  {
    kind: 'a delegate expression',
    xml: file({ processes: [pool('delegate', ['<bpmn:serviceTask id="pay" camunda:delegateExpression="${payer}" />'], ['pay'])] }),
    message: /pay would run code on the server \(camunda:delegateExpression\)/,
  },
  {
    kind: 'a method expression on a task',
    xml: file({ processes: [pool('method', ['<bpmn:serviceTask id="pay" camunda:expression="${bean.pay()}" />'], ['pay'])] }),
    message: /pay would run code on the server \(camunda:expression\)/,
  },
  {
    kind: 'an execution listener',
    xml: file({
      processes: [
        pool(
          'listener',
          [
            '<bpmn:task id="t" name="T"><bpmn:extensionElements><camunda:executionListener class="org.example.L" event="start" /></bpmn:extensionElements></bpmn:task>',
          ],
          ['t'],
        ),
      ],
    }),
    message: /T \(t\) would run code on the server \(camunda:ExecutionListener\)/,
  },
  {
    kind: 'a connector',
    xml: file({
      processes: [
        pool(
          'connector',
          [
            '<bpmn:serviceTask id="mail"><bpmn:extensionElements><camunda:connector><camunda:connectorId>mail-send</camunda:connectorId></camunda:connector></bpmn:extensionElements></bpmn:serviceTask>',
          ],
          ['mail'],
        ),
      ],
    }),
    message: /mail would run code on the server \(camunda:Connector\)/,
  },
  {
    kind: 'a script task',
    xml: file({
      processes: [
        pool(
          'scripttask',
          ['<bpmn:scriptTask id="calc" name="Calc" scriptFormat="javascript"><bpmn:script>1</bpmn:script></bpmn:scriptTask>'],
          ['calc'],
        ),
      ],
    }),
    message: /Calc \(calc\) \(bpmn:ScriptTask\)/,
  },
  {
    kind: 'a script in an input parameter',
    xml: file({
      processes: [
        pool(
          'scriptinput',
          [
            external(
              'pay',
              'pay',
              '<bpmn:extensionElements><camunda:inputOutput><camunda:inputParameter name="x"><camunda:script scriptFormat="groovy">1</camunda:script></camunda:inputParameter></camunda:inputOutput></bpmn:extensionElements>',
            ),
          ],
          ['pay'],
        ),
      ],
    }),
    message: /pay \(pay\) holds a script/,
  },
  {
    kind: 'a script in a non-executable process',
    xml: file({
      processes: [
        pool('visible', [task('work')], ['work']),
        pool(
          'hidden',
          ['<bpmn:scriptTask id="sneak" scriptFormat="javascript"><bpmn:script>1</bpmn:script></bpmn:scriptTask>'],
          ['sneak'],
          [],
          'isExecutable="false"',
        ),
      ],
    }),
    message: /sneak \(bpmn:ScriptTask\)/,
  },
  {
    kind: 'processes that are all not executable',
    xml: file({ processes: [pool('draft', [task('work')], ['work'], [], 'isExecutable="false"')] }),
    message: /no executable process: draft \(draft\) lacks isExecutable="true"/,
  },
  {
    kind: 'a flow whose target does not exist',
    xml: file({ processes: [pool('broken', [], [], ['<bpmn:sequenceFlow id="lost" sourceRef="broken_start" targetRef="nowhere" />'])] }),
    message: /targetRef of lost is missing/,
  },
  {
    kind: 'a cron cycle with no minute 61',
    xml: file({ processes: [pool('cron_bad', [cronCatch('tick', '0 61 * * * ?')], ['tick'])] }),
    message: /cron cycle 0 61 \* \* \* \? of tick cannot be read: .*minute/,
  },
  {
    kind: 'a cron cycle that never fires (30 February)',
    xml: file({ processes: [pool('cron_never', [cronCatch('tick', '0 0 0 30 2 ?')], ['tick'])] }),
    message: /cron cycle 0 0 0 30 2 \? of tick cannot be read: it never fires again/,
  },
  {
    kind: 'a cron expression as a duration',
    xml: file({
      processes: [
        pool(
          'cron_duration',
          [
            '<bpmn:intermediateCatchEvent id="tick"><bpmn:timerEventDefinition><bpmn:timeDuration xsi:type="bpmn:tFormalExpression">0 0/5 * * * ?</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:intermediateCatchEvent>',
          ],
          ['tick'],
        ),
      ],
    }),
    message: /timer 0 0\/5 \* \* \* \? of tick is not an ISO 8601 date, duration or cycle \(cron is read for cycles only\)/,
  },
  {
    kind: 'an external task without topic',
    xml: file({ processes: [pool('notopic', ['<bpmn:serviceTask id="pay" camunda:type="external" />'], ['pay'])] }),
    message: /external task pay needs a fixed topic/,
  },
];

/** A collaboration of two executable pools and a non-executable one, the first calling the second. */
export const collaboration = file({
  roots: [
    `<bpmn:collaboration id="Collaboration_shop"><bpmn:participant id="P_shop" name="Shop" processRef="shop" />
    <bpmn:participant id="P_stock" name="Stock" processRef="stock" /><bpmn:participant id="P_customer" name="Customer" processRef="customer" />
    <bpmn:messageFlow id="mf" sourceRef="P_customer" targetRef="P_shop" /></bpmn:collaboration>`,
  ],
  processes: [
    pool('shop', [task('pack'), '<bpmn:callActivity id="reserve" calledElement="stock" />'], ['pack', 'reserve']),
    pool('stock', [task('count')], ['count']),
    pool('customer', [task('pay')], ['pay'], [], 'isExecutable="false"'),
  ],
});
