/**
 * Demo processes written as nodes on a grid and flows between them, turned into BPMN with its diagram
 * (BPMN DI), so every seeded model opens in the modeller and draws in the to-do drawer and monitoring.
 */

export interface DemoNode {
  id: string;
  /** The BPMN element, e.g. `userTask`, `startEvent`. */
  kind: string;
  name?: string;
  /** Attributes as written on the element, e.g. `camunda:assignee="${initiator}"`. */
  attributes?: string;
  /** Child elements (event definitions, extension elements). */
  inner?: string;
  /** Grid cell: column left to right, row top to bottom. */
  at: [number, number];
  /** A boundary event's host: the event sits on the host's lower edge. */
  attachedTo?: string;
}

export interface DemoFlow {
  id: string;
  from: string;
  to: string;
  /** A condition in the safe expression language, written as in the XML (`&gt;` for >). */
  condition?: string;
}

export interface DemoProcess {
  id: string;
  name: string;
  nodes: DemoNode[];
  flows: DemoFlow[];
  /** Root definitions the process refers to (messages, signals). */
  roots?: string[];
}

const cell = { width: 170, height: 130, left: 60, top: 60 };

function sizeOf(kind: string): { width: number; height: number } {
  if (/Event$/.test(kind)) return { width: 36, height: 36 };
  if (/Gateway$/.test(kind)) return { width: 50, height: 50 };
  return { width: 100, height: 80 };
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

function boxes(nodes: DemoNode[]): Map<string, Box> {
  const placed = new Map<string, Box>();
  for (const node of nodes.filter((candidate) => !candidate.attachedTo)) {
    const { width, height } = sizeOf(node.kind);
    const [column, row] = node.at;
    const centerX = cell.left + column * cell.width + 50;
    const centerY = cell.top + row * cell.height + 40;
    placed.set(node.id, { x: centerX - width / 2, y: centerY - height / 2, width, height });
  }
  for (const node of nodes.filter((candidate) => candidate.attachedTo)) {
    const host = placed.get(node.attachedTo ?? '');
    if (!host) throw new Error(`boundary event ${node.id} has no host`);
    placed.set(node.id, { x: host.x + host.width - 30, y: host.y + host.height - 18, width: 36, height: 36 });
  }
  return placed;
}

/**
 * Enters the target on its left. Leaves the source on its right, bending once; a gateway's branch to
 * another row and a boundary event leave from the lower or upper corner instead, as a modeller draws them.
 */
function waypoints(source: Box, target: Box, fromCorner: boolean): Array<[number, number]> {
  const targetY = target.y + target.height / 2;
  const centerX = source.x + source.width / 2;
  if (fromCorner && targetY > source.y + source.height)
    return [
      [centerX, source.y + source.height],
      [centerX, targetY],
      [target.x, targetY],
    ];
  if (fromCorner && targetY < source.y)
    return [
      [centerX, source.y],
      [centerX, targetY],
      [target.x, targetY],
    ];
  const start: [number, number] = [source.x + source.width, source.y + source.height / 2];
  if (Math.abs(start[1] - targetY) < 1) return [start, [target.x, targetY]];
  const bendX = target.x - 30 > start[0] ? target.x - 30 : start[0] + 20;
  return [start, [bendX, start[1]], [bendX, targetY], [target.x, targetY]];
}

const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The BPMN 2.0 file of one demo process, as Camunda Modeler would save it (semantic part and diagram). */
export function demoBpmn(process: DemoProcess): string {
  const placed = boxes(process.nodes);
  const element = (node: DemoNode) => {
    const attributes = [
      `id="${node.id}"`,
      node.name ? `name="${xmlText(node.name)}"` : '',
      node.attachedTo ? `attachedToRef="${node.attachedTo}"` : '',
      node.attributes ?? '',
    ]
      .filter(Boolean)
      .join(' ');
    return node.inner ? `<bpmn:${node.kind} ${attributes}>${node.inner}</bpmn:${node.kind}>` : `<bpmn:${node.kind} ${attributes} />`;
  };
  const flow = (item: DemoFlow) =>
    item.condition
      ? `<bpmn:sequenceFlow id="${item.id}" sourceRef="${item.from}" targetRef="${item.to}"><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">${item.condition}</bpmn:conditionExpression></bpmn:sequenceFlow>`
      : `<bpmn:sequenceFlow id="${item.id}" sourceRef="${item.from}" targetRef="${item.to}" />`;
  const shape = (node: DemoNode) => {
    const box = placed.get(node.id) as Box;
    const marker = node.kind === 'exclusiveGateway' ? ' isMarkerVisible="true"' : '';
    return `<bpmndi:BPMNShape id="${node.id}_di" bpmnElement="${node.id}"${marker}><dc:Bounds x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}" /></bpmndi:BPMNShape>`;
  };
  const edge = (item: DemoFlow) => {
    const source = placed.get(item.from) as Box;
    const target = placed.get(item.to) as Box;
    const fromCorner = process.nodes.some((node) => node.id === item.from && (node.attachedTo || node.kind.endsWith('Gateway')));
    const points = waypoints(source, target, fromCorner)
      .map(([x, y]) => `<di:waypoint x="${x}" y="${y}" />`)
      .join('');
    return `<bpmndi:BPMNEdge id="${item.id}_di" bpmnElement="${item.id}">${points}</bpmndi:BPMNEdge>`;
  };
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI"
  xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI"
  xmlns:camunda="http://camunda.org/schema/1.0/bpmn" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  id="Definitions_${process.id}" targetNamespace="http://bpmn.io/schema/bpmn">
  ${(process.roots ?? []).join('\n  ')}
  <bpmn:process id="${process.id}" name="${xmlText(process.name)}" isExecutable="true">
    ${[...process.nodes.map(element), ...process.flows.map(flow)].join('\n    ')}
  </bpmn:process>
  <bpmndi:BPMNDiagram id="Diagram_${process.id}">
    <bpmndi:BPMNPlane id="Plane_${process.id}" bpmnElement="${process.id}">
      ${[...process.nodes.map(shape), ...process.flows.map(edge)].join('\n      ')}
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>`;
}
