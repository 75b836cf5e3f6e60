import type { BpmForm, BpmVariables, FormField, FormSchema, FormValidator, StartInstanceInput } from '@qiming/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Caller } from '../../http/caller.ts';
import { acceptValues } from '../forms/acceptValues.ts';
import type { FormService } from '../forms/formService.ts';
import { type ActivityForm, cloudFormKey, type GeneratedField } from './bpmnForms.ts';
import type { ReleaseInfo } from './bpmnRelease.ts';

/** The business key column's length: a field that names it takes no more. */
const maxBusinessKey = 100;

/** Camunda's labels come in one language: the form shows them in every one. */
const everyLanguage = (text: string) => ({ zh: text, en: text, es: text, ja: text });

const kinds = { string: 'text', long: 'number', boolean: 'switch', date: 'date', enum: 'select' } as const;

function formField(field: GeneratedField, businessKey: boolean): FormField {
  const validators: FormValidator[] = [];
  if (field.type === 'long') validators.push({ rule: 'integer' });
  if (field.minlength !== undefined) validators.push({ rule: 'minLength', value: field.minlength });
  const maxLength = businessKey ? Math.min(field.maxlength ?? maxBusinessKey, maxBusinessKey) : field.maxlength;
  if (maxLength !== undefined && field.type === 'string') validators.push({ rule: 'maxLength', value: maxLength });
  if (field.min !== undefined) validators.push({ rule: 'min', value: field.min });
  if (field.max !== undefined) validators.push({ rule: 'max', value: field.max });
  return {
    key: field.id,
    label: everyLanguage(field.label),
    kind: kinds[field.type],
    required: field.required,
    hidden: false,
    readOnly: field.readonly,
    span: 24,
    ...(field.defaultValue === undefined ? {} : { defaultValue: field.defaultValue }),
    ...(field.values ? { options: field.values.map((value) => ({ value: value.id, label: everyLanguage(value.name) })) } : {}),
    validators,
  };
}

/**
 * The `camunda:formData` fields as a cloud form's schema, so one renderer shows both and one check
 * (`validateSubmission`) takes both: string as text, long as an integer number, boolean as a switch, date
 * as `YYYY-MM-DD`, enum as a select of its `camunda:value`s; required, readonly and the bounds carried over.
 */
export function generatedSchema(form: ActivityForm): FormSchema {
  return { fields: form.fields.map((field) => formField(field, field.id === form.businessKeyField)) };
}

/** Readonly fields are shown, never submitted: their variables stay as they were. */
function withoutReadonly(form: ActivityForm, values: Record<string, unknown>): Record<string, unknown> {
  const kept = { ...values };
  for (const field of form.fields) if (field.readonly) delete kept[field.id];
  return kept;
}

const pick = (variables: BpmVariables, keys: string[]) =>
  Object.fromEntries(keys.filter((key) => Object.hasOwn(variables, key)).map((key) => [key, variables[key]]));

/** The schema a definition's start is checked against: its start event's cloud form (published now) or generated one. */
async function startSchema(db: Kysely<Database>, forms: FormService, info: ReleaseInfo): Promise<FormSchema | null> {
  const form = info.startForm;
  if (!form) return null;
  const cloud = form.formKey ? cloudFormKey.exec(form.formKey) : null;
  if (cloud) return (await forms.publishedSchema(Number(cloud[1]), db)).field;
  return form.fields.length > 0 ? generatedSchema(form) : null;
}

/** GET /tasks/startable/:key/form: the start event's form, or `none` for the variable editor. */
export async function startForm(db: Kysely<Database>, forms: FormService, info: ReleaseInfo): Promise<BpmForm> {
  const schema = await startSchema(db, forms, info);
  const form = info.startForm;
  if (!schema || !form) return { source: 'none', schema: null, formKey: null, values: {}, businessKeyField: null };
  return {
    source: form.formKey ? 'cloud' : 'generated',
    schema,
    formKey: form.formKey,
    values: {},
    businessKeyField: form.formKey ? null : form.businessKeyField,
  };
}

/**
 * A start's variables and business key. With a start form, the values (or, from a client that sends
 * variables only, such as Camunda's, the variables) are checked as a form submission and become the
 * variables; the business key, when not given, is the value of the field `camunda:formData businessKey` names.
 */
export async function acceptStart(
  db: Kysely<Database>,
  forms: FormService,
  caller: Caller,
  info: ReleaseInfo,
  input: StartInstanceInput,
): Promise<{ variables: Record<string, unknown>; businessKey: string }> {
  const schema = await startSchema(db, forms, info);
  const form = info.startForm;
  if (!schema || !form) return { variables: input.variables, businessKey: input.businessKey };
  const accepted = await acceptValues(db, caller, schema, input.values ?? input.variables);
  const variables = form.formKey ? accepted : withoutReadonly(form, accepted);
  const fromField = form.businessKeyField && !form.formKey ? variables[form.businessKeyField] : undefined;
  return { variables, businessKey: input.businessKey || (fromField === undefined ? '' : String(fromField)) };
}

/** The generated form of a user task without a cloud form, if its model gives it `camunda:formData`. */
export const generatedTaskForm = (info: ReleaseInfo, activityId: string): ActivityForm | undefined => info.taskForms?.[activityId];

/** A task's generated form values, checked as a submission; what becomes process variables. */
export async function acceptTaskValues(
  db: Kysely<Database>,
  caller: Caller,
  form: ActivityForm,
  values: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  return withoutReadonly(form, await acceptValues(db, caller, generatedSchema(form), values));
}

/**
 * GET /tasks/:id/form: the task's cloud form (the version it was created with), its generated form with the
 * instance's variables of its fields, or `none` with every variable for the variable editor.
 */
export function taskForm(
  info: ReleaseInfo,
  task: { activityId: string; formKey: string | null; form: FormSchema | null; variables: BpmVariables },
): BpmForm {
  if (task.form) return { source: 'cloud', schema: task.form, formKey: task.formKey, values: task.variables, businessKeyField: null };
  const generated = generatedTaskForm(info, task.activityId);
  if (!generated) return { source: 'none', schema: null, formKey: task.formKey, values: task.variables, businessKeyField: null };
  return {
    source: 'generated',
    schema: generatedSchema(generated),
    formKey: null,
    values: pick(
      task.variables,
      generated.fields.map((field) => field.id),
    ),
    businessKeyField: null,
  };
}
