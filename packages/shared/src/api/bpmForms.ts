import { z } from 'zod';
import { bpmVariables } from './bpm.ts';
import { formSchema } from './forms.ts';

/**
 * Where the form of a start event or a user task comes from, first found wins:
 * - `cloud`: its `camunda:formKey` is `form:<id>`, one of Qiming's published cloud forms;
 * - `generated`: its `camunda:formData` fields (Camunda's generated task forms), as a schema of the same kind;
 * - `none`: neither (a foreign key such as `embedded:app:…` or `camunda-forms:…` included): a variable editor.
 */
export const bpmFormSources = ['cloud', 'generated', 'none'] as const;
export type BpmFormSource = (typeof bpmFormSources)[number];

/** GET /tasks/startable/:key/form and GET /tasks/:id/form: what the start dialog or the task drawer renders. */
export const bpmForm = z.object({
  source: z.enum(bpmFormSources),
  /** The schema to render and to check values against; null for `none`. */
  schema: formSchema.nullable(),
  /** The model's `camunda:formKey` as written, null without one. */
  formKey: z.string().nullable(),
  /** Values the form starts from: a task's process variables of its fields, a generated form's defaults. */
  values: bpmVariables,
  /** The field whose value becomes the business key at start (`camunda:formData businessKey`), null without one. */
  businessKeyField: z.string().nullable(),
});
export type BpmForm = z.infer<typeof bpmForm>;
