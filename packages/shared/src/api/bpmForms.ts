import type { BpmVariables } from './bpm.ts';
import type { FormSchema } from './forms.ts';

/**
 * Where the form of a start event or a user task comes from, first found wins:
 * - `cloud`: its `camunda:formKey` is `form:<id>`, one of Qiming's published cloud forms;
 * - `generated`: its `camunda:formData` fields (Camunda's generated task forms), as a schema of the same kind;
 * - `none`: neither (a foreign key such as `embedded:app:…` or `camunda-forms:…` included): a variable editor.
 */
export const bpmFormSources = ['cloud', 'generated', 'none'] as const;
export type BpmFormSource = (typeof bpmFormSources)[number];

/** GET /tasks/startable/:key/form and GET /tasks/:id/form: what the start dialog or the task drawer renders. */
export interface BpmForm {
  source: BpmFormSource;
  /** The schema to render and to check values against; null for `none`. */
  schema: FormSchema | null;
  /** The model's `camunda:formKey` as written, null without one. */
  formKey: string | null;
  /** Values the form starts from: a task's process variables of its fields, a generated form's defaults. */
  values: BpmVariables;
  /** The field whose value becomes the business key at start (`camunda:formData businessKey`), null without one. */
  businessKeyField: string | null;
}
