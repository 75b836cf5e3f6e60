import type { ModdleElement } from 'bpmn-moddle';
import type { Analysis } from './bpmnActivities.ts';
import { hasExpression } from './safeExpression.ts';

/** Camunda's generated-form field types; any other (a Java form type plugin's) is read as a string. */
export const generatedFieldTypes = ['string', 'long', 'boolean', 'date', 'enum'] as const;
export type GeneratedFieldType = (typeof generatedFieldTypes)[number];

/** One `camunda:formField` as release keeps it: its type, default and `camunda:validation` constraints. */
export interface GeneratedField {
  id: string;
  label: string;
  type: GeneratedFieldType;
  /** An enum's `camunda:value`s, in order. */
  values?: Array<{ id: string; name: string }>;
  /** Of the field's type; a date as `YYYY-MM-DD`. */
  defaultValue?: string | number | boolean;
  required: boolean;
  readonly: boolean;
  minlength?: number;
  maxlength?: number;
  min?: number;
  max?: number;
}

/** The form of a start event or a user task: its cloud form key, else its generated fields, else none. */
export interface ActivityForm {
  /** `form:<id>` naming a cloud form, or null (foreign keys are warned about and not kept). */
  formKey: string | null;
  fields: GeneratedField[];
  /** The field whose value becomes the business key at start (`camunda:formData businessKey`). */
  businessKeyField: string | null;
}

/** How a `camunda:formKey` names one of Qiming's cloud forms: `form:` and the form's id. */
export const cloudFormKey = /^form:(\d+)$/;

/** Field ids become variable names and form keys: what the cloud forms take as a key. */
const fieldId = /^[A-Za-z][A-Za-z0-9_]{0,49}$/;
const maxLabel = 200;

type Refuse = (key: 'error.bpmFormField', params: Record<string, string>) => Error;
/** The user task or start event the form belongs to, for the warning a foreign form key gets. */
type Owner = 'userTask' | 'startEvent';

const textOf = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** Camunda writes dates `dd/MM/yyyy` by default; ISO dates are taken too. */
function isoDate(text: string): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const camunda = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  const [year, month, day] = iso ? [iso[1], iso[2], iso[3]] : camunda ? [camunda[3], camunda[2], camunda[1]] : [];
  if (!year || !month || !day) return null;
  const date = new Date(`${year}-${month}-${day}T00:00:00Z`);
  return date.getUTCMonth() + 1 === Number(month) && date.getUTCDate() === Number(day) ? `${year}-${month}-${day}` : null;
}

/** A written default as a value of the field's type; undefined when it is not one. */
function typedDefault(field: GeneratedField, text: string): GeneratedField['defaultValue'] | undefined {
  switch (field.type) {
    case 'long': {
      const value = Number(text);
      return /^-?\d+$/.test(text) && Number.isSafeInteger(value) ? value : undefined;
    }
    case 'boolean':
      return text === 'true' ? true : text === 'false' ? false : undefined;
    case 'date':
      return isoDate(text) ?? undefined;
    case 'enum':
      return field.values?.some((value) => value.id === text) ? text : undefined;
    case 'string':
      return text;
  }
}

/** Applies one `camunda:constraint`; false when it does not fit the field (then it is warned about and not used). */
function constrain(field: GeneratedField, name: string, config: string | null, refuse: (attribute: string) => Error): boolean {
  const bound = Number(config);
  const length = config !== null && /^\d+$/.test(config) ? bound : null;
  const number = config !== null && config !== '' && Number.isFinite(bound) ? bound : null;
  switch (name) {
    case 'required':
      field.required = true;
      return true;
    case 'readonly':
      field.readonly = true;
      return true;
    case 'minlength':
    case 'maxlength':
      if (field.type !== 'string') return false;
      if (length === null) throw refuse(`${name}="${config ?? ''}"`);
      field[name] = length;
      return true;
    case 'min':
    case 'max':
      if (field.type !== 'long') return false;
      if (number === null) throw refuse(`${name}="${config ?? ''}"`);
      field[name] = number;
      return true;
    default:
      return false;
  }
}

/** One `camunda:formField`, checked; a custom `validator` constraint names a Java class and is refused. */
function readField(element: string, raw: ModdleElement, analysis: Analysis, refuse: Refuse, refuseCode: (kind: string) => Error) {
  const id = textOf(raw.id) ?? '';
  const fail = (attribute: string) => refuse('error.bpmFormField', { element, field: id || '?', attribute });
  if (!fieldId.test(id)) throw fail('id');
  const writtenType = textOf(raw.type) ?? 'string';
  const known = (generatedFieldTypes as readonly string[]).includes(writtenType);
  if (!known) analysis.warnings.push({ key: 'warning.bpmFormFieldType', params: { element, field: id, type: writtenType } });
  const label = textOf(raw.label) ?? id;
  if (label.length > maxLabel) throw fail('label');
  const field: GeneratedField = {
    id,
    label,
    type: known ? (writtenType as GeneratedFieldType) : 'string',
    required: false,
    readonly: false,
  };
  if (field.type === 'enum') {
    const values = ((raw.values as ModdleElement[] | undefined) ?? []).map((value) => ({
      id: textOf(value.id) ?? '',
      name: textOf(value.name) ?? textOf(value.id) ?? '',
    }));
    if (values.length === 0 || values.some((value) => !value.id || value.id.length > 100 || value.name.length > maxLabel)) {
      throw fail('camunda:value');
    }
    field.values = values;
  }
  for (const constraint of ((raw.validation as ModdleElement | undefined)?.constraints as ModdleElement[] | undefined) ?? []) {
    const name = textOf(constraint.name) ?? '';
    if (name === 'validator') throw refuseCode('camunda:constraint validator');
    if (!constrain(field, name, textOf(constraint.config), fail)) {
      analysis.warnings.push({ key: 'warning.bpmFormConstraint', params: { element, field: id, name } });
    }
  }
  const written = textOf(raw.defaultValue);
  // Camunda evaluates an expression default when the form opens; here the field starts empty instead.
  if (written && hasExpression(written)) {
    analysis.warnings.push({ key: 'warning.bpmFormDefault', params: { element, field: id, value: written } });
  } else if (written !== null) {
    const value = typedDefault(field, written);
    if (value === undefined) throw fail(`defaultValue="${written}"`);
    field.defaultValue = value;
  }
  return field;
}

/**
 * The form of a start event or user task: `camunda:formKey` when it names a cloud form (`form:<id>`),
 * and the `camunda:formData` fields, used when it does not. Field ids must be unique and usable as
 * variable names; a foreign key (`embedded:…`, `camunda-forms:…`) is warned about by the caller.
 */
export function readActivityForm(
  element: ModdleElement,
  owner: Owner,
  elementName: string,
  analysis: Analysis,
  refuse: Refuse,
  refuseCode: (kind: string) => Error,
): ActivityForm {
  const written = textOf(element.get('camunda:formKey'));
  const formKey = written && cloudFormKey.test(written) ? written : null;
  const holder = element.extensionElements as ModdleElement | undefined;
  const data = ((holder?.values as ModdleElement[] | undefined) ?? []).find((value) => value.$type === 'camunda:FormData');
  const fields = ((data?.fields as ModdleElement[] | undefined) ?? []).map((raw) =>
    readField(elementName, raw, analysis, refuse, refuseCode),
  );
  if (written && !formKey) {
    const key =
      fields.length > 0
        ? 'warning.bpmFormKeyFields'
        : owner === 'userTask'
          ? 'warning.bpmForeignFormKey'
          : 'warning.bpmForeignStartFormKey';
    analysis.warnings.push({ key, params: { element: elementName, form: written } });
  }
  const seen = new Set<string>();
  for (const field of fields) {
    if (seen.has(field.id)) throw refuse('error.bpmFormField', { element: elementName, field: field.id, attribute: 'id' });
    seen.add(field.id);
  }
  const businessKeyField = textOf(data?.businessKey);
  if (businessKeyField && !seen.has(businessKeyField)) {
    throw refuse('error.bpmFormField', { element: elementName, field: businessKeyField, attribute: 'businessKey' });
  }
  return { formKey, fields, businessKeyField };
}
