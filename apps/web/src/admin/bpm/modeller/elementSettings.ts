/**
 * What the properties panel reads from and writes to a BPMN element, as plain values. The panel turns
 * these into bpmn-js `modeling` commands; keeping the rules here lets them be tested without a canvas.
 */

/** The part of a moddle element the panel reads (`get` reads `camunda:*` attributes too). */
export interface ModdleLike {
  $type: string;
  id?: string;
  name?: string;
  get(name: string): unknown;
}

export type CompletionKind = 'all' | 'any' | 'ratio';

export interface MultiInstanceSettings {
  sequential: boolean;
  collection: string;
  elementVariable: string;
  completion: CompletionKind;
  /** 0 < ratio <= 1, for `ratio`. */
  ratio: number;
}

/** Completion conditions as Camunda writes them; `all` needs none (every instance completes). */
export function completionCondition(kind: CompletionKind, ratio = 0.5): string | undefined {
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a BPMN expression, not a template
  if (kind === 'any') return '${nrOfCompletedInstances >= 1}';
  if (kind === 'ratio') return `\${nrOfCompletedInstances / nrOfInstances >= ${Number(ratio.toFixed(4))}}`;
  return undefined;
}

/** Reads a completion condition back; one the panel did not write is treated as a ratio only when it has that shape. */
export function completionOf(expression: string | undefined): { completion: CompletionKind; ratio: number } {
  const body = (expression ?? '').replace(/\s+/g, ' ').trim();
  if (!body) return { completion: 'all', ratio: 0.5 };
  if (/^\$\{ ?nrOfCompletedInstances ?>= ?1 ?\}$/.test(body) || /^\$\{ ?nrOfCompletedInstances ?> ?0 ?\}$/.test(body)) {
    return { completion: 'any', ratio: 0.5 };
  }
  const ratio = /^\$\{ ?nrOfCompletedInstances ?\/ ?nrOfInstances ?>= ?([0-9.]+) ?\}$/.exec(body);
  if (ratio?.[1]) return { completion: 'ratio', ratio: Number(ratio[1]) };
  if (/^\$\{ ?nrOfCompletedInstances ?== ?nrOfInstances ?\}$/.test(body)) return { completion: 'all', ratio: 0.5 };
  return { completion: 'ratio', ratio: 0.5 };
}

const isoDuration = /^P(?!$)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+S)?)?$/;
const isoDate = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** A due date is an ISO 8601 duration (P3D, PT4H) or a date (2025-06-30, with a time if wanted); empty means none. */
export function isDueDate(text: string): boolean {
  const value = text.trim();
  return value === '' || isoDuration.test(value) || (isoDate.test(value) && !Number.isNaN(Date.parse(value)));
}

/** Comma-separated names as a list, without blanks or repeats. */
export function splitNames(text: string | undefined): string[] {
  return [
    ...new Set(
      (text ?? '')
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  ];
}

/** A list of names as Camunda keeps it; none is no attribute at all. */
export function joinNames(names: readonly string[]): string | undefined {
  return names.length > 0 ? names.join(',') : undefined;
}

export const formKeyPrefix = 'form:';

/** The cloud form a form key names, if it names one. */
export function formIdOf(formKey: string | undefined): number | undefined {
  if (!formKey?.startsWith(formKeyPrefix)) return undefined;
  const id = Number(formKey.slice(formKeyPrefix.length));
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

export const formKeyOf = (formId: number) => `${formKeyPrefix}${formId}`;

/** A condition as an expression: `amount > 100` becomes `${amount > 100}`; empty means none. */
export function conditionExpression(text: string): string | undefined {
  const value = text.trim();
  if (!value) return undefined;
  return /^\$\{[\s\S]*\}$/.test(value) ? value : `\${${value}}`;
}

/** The element kinds the panel has settings for. */
export type SettingsKind = 'process' | 'userTask' | 'serviceTask' | 'sequenceFlow' | 'other';

export function settingsKindOf(type: string): SettingsKind {
  if (type === 'bpmn:Process' || type === 'bpmn:Participant') return 'process';
  if (type === 'bpmn:UserTask') return 'userTask';
  if (type === 'bpmn:ServiceTask') return 'serviceTask';
  if (type === 'bpmn:SequenceFlow') return 'sequenceFlow';
  return 'other';
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export interface UserTaskSettings {
  assignee: string;
  candidateUsers: string[];
  candidateGroups: string[];
  dueDate: string;
  formKey: string;
}

export function readUserTask(element: ModdleLike): UserTaskSettings {
  return {
    assignee: text(element.get('camunda:assignee')),
    candidateUsers: splitNames(text(element.get('camunda:candidateUsers'))),
    candidateGroups: splitNames(text(element.get('camunda:candidateGroups'))),
    dueDate: text(element.get('camunda:dueDate')),
    formKey: text(element.get('camunda:formKey')),
  };
}

/** The multi-instance settings of an element, or undefined when it runs once. */
export function readMultiInstance(element: ModdleLike): MultiInstanceSettings | undefined {
  const loop = element.get('loopCharacteristics') as (ModdleLike & { isSequential?: boolean }) | undefined;
  if (loop?.$type !== 'bpmn:MultiInstanceLoopCharacteristics') return undefined;
  const condition = loop.get('completionCondition') as { body?: string } | undefined;
  return {
    sequential: Boolean(loop.get('isSequential')),
    collection: text(loop.get('camunda:collection')),
    elementVariable: text(loop.get('camunda:elementVariable')),
    ...completionOf(condition?.body),
  };
}

/** The `name=value` extension properties (`camunda:properties`) of an element, as a map. */
export function readExtensionProperties(element: ModdleLike): Record<string, string> {
  const extensions = element.get('extensionElements') as { values?: ModdleLike[] } | undefined;
  const found: Record<string, string> = {};
  for (const holder of extensions?.values ?? []) {
    if (holder.$type !== 'camunda:Properties') continue;
    for (const property of (holder.get('values') as ModdleLike[] | undefined) ?? []) {
      const name = text(property.get('name'));
      if (name) found[name] = text(property.get('value'));
    }
  }
  return found;
}
