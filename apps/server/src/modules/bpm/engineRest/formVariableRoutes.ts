import { type BpmForm, bpmKeyPattern, type FormField } from '@qiming/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import type { ProcessForms } from '../taskFormRoutes.ts';
import { type TypedValue, toTyped } from './camundaVariables.ts';
import { engineRestBase } from './externalTaskRoutes.ts';

const tags = ['camunda rest'];
const query = z.object({
  /** Camunda's filter: the variable names wanted, comma separated. */
  variableNames: z.string().max(2000).optional(),
  deserializeValues: z.enum(['true', 'false']).optional(),
});

const camundaTypes: Partial<Record<FormField['kind'], string>> = {
  text: 'String',
  textarea: 'String',
  richText: 'String',
  select: 'String',
  radio: 'String',
  switch: 'Boolean',
  date: 'Date',
};

/** A form field's value typed as Camunda types its form fields: a long as Long, a date at midnight UTC. */
function typedField(field: FormField, value: unknown): TypedValue {
  const integer = field.validators.some((validator) => validator.rule === 'integer');
  const type = field.kind === 'number' ? (integer ? 'Long' : 'Double') : camundaTypes[field.kind];
  if (!type || (value !== undefined && value !== null && type !== 'Date' && toTyped(value).type === 'Json')) return toTyped(value);
  const written = type === 'Date' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00.000+0000` : value;
  return { value: written ?? null, type, valueInfo: {} };
}

/**
 * Camunda's form variables: the form's fields typed as the form declares them, each with its variable's
 * value or its default; a task adds its instance's other variables, as Camunda does.
 */
function formVariables(form: BpmForm, names: string | undefined, others: Record<string, unknown>): Record<string, TypedValue> {
  const typed: Record<string, TypedValue> = Object.fromEntries(Object.entries(others).map(([name, value]) => [name, toTyped(value)]));
  for (const field of form.schema?.fields ?? []) {
    if (field.kind === 'staticText') continue;
    typed[field.key] = typedField(field, Object.hasOwn(form.values, field.key) ? form.values[field.key] : field.defaultValue);
  }
  if (!names) return typed;
  const wanted = new Set(names.split(',').map((name) => name.trim()));
  return Object.fromEntries(Object.entries(typed).filter(([name]) => wanted.has(name)));
}

/** GET …/form-variables of a start and of a task, as Camunda 7's REST API answers them. */
export function formVariableRoutes(forms: ProcessForms): FastifyPluginAsyncZod<AppContext> {
  return async (app) => {
    app.get(
      `${engineRestBase}/process-definition/key/:key/form-variables`,
      {
        config: { operation: 'engineRest:start' },
        schema: {
          tags,
          summary: 'The start form variables of the newest version: its form fields with their types and defaults',
          params: z.object({ key: z.string().regex(bpmKeyPattern) }),
          querystring: query,
        },
      },
      async (request) => formVariables(await forms.ofStart(request.caller, request.params.key), request.query.variableNames, {}),
    );
    app.get(
      `${engineRestBase}/task/:id/form-variables`,
      {
        config: { operation: 'engineRest:task' },
        schema: {
          tags,
          summary: 'The form variables of a task: its form fields typed, with their values, and the other variables',
          params: z.object({ id: z.string().regex(/^\d{1,15}$/) }),
          querystring: query,
        },
      },
      async (request) => {
        const { form, variables } = await forms.ofTaskWithVariables(request.caller, Number(request.params.id));
        return formVariables(form, request.query.variableNames, variables);
      },
    );
  };
}
