import { z } from 'zod';
import { CamundaError } from './camundaErrors.ts';

/** Camunda's typed variable: `{value, type, valueInfo}`; Qiming keeps plain JSON values. */
export interface TypedValue {
  value: unknown;
  type: string;
  valueInfo: Record<string, unknown>;
}

const int32 = 2 ** 31;
/** Variable names as Qiming's process variables take them. */
const variableName = z.string().min(1).max(64);

export const typedVariables = z.record(
  variableName,
  z.object({
    value: z.unknown().optional(),
    type: z.string().max(20).optional(),
    valueInfo: z.record(z.string(), z.unknown()).optional(),
  }),
);
export type TypedVariables = z.infer<typeof typedVariables>;

/** A plain value as Camunda types it, so its clients read it back as they wrote it. */
export function toTyped(value: unknown): TypedValue {
  if (value === null || value === undefined) return { value: null, type: 'Null', valueInfo: {} };
  if (typeof value === 'string') return { value, type: 'String', valueInfo: {} };
  if (typeof value === 'boolean') return { value, type: 'Boolean', valueInfo: {} };
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) return { value, type: 'Double', valueInfo: {} };
    return { value, type: value >= -int32 && value < int32 ? 'Integer' : 'Long', valueInfo: {} };
  }
  return { value: JSON.stringify(value), type: 'Json', valueInfo: {} };
}

export function toTypedMap(variables: Record<string, unknown>, names?: string[]): Record<string, TypedValue> {
  const chosen = names ? names.filter((name) => Object.hasOwn(variables, name)) : Object.keys(variables);
  return Object.fromEntries(chosen.map((name) => [name, toTyped(variables[name])]));
}

const refuse = (name: string, type: string) =>
  new CamundaError(400, 'InvalidRequestException', 'error.camundaVariableType', { name, type });

/**
 * One typed value as the plain JSON value Qiming keeps, checked against its type: a value that does not
 * fit its type is refused, never coerced. Dates are kept as their ISO text. Without a type, Camunda takes
 * the JSON value as it comes.
 */
function fromTyped(name: string, typed: TypedVariables[string]): unknown {
  const value = typed.value ?? null;
  const type = (typed.type ?? '').toLowerCase();
  switch (type) {
    case '':
      return value;
    case 'null':
      if (value !== null) throw refuse(name, 'Null');
      return null;
    case 'string':
      if (typeof value !== 'string' && value !== null) throw refuse(name, 'String');
      return value;
    case 'boolean':
      if (typeof value !== 'boolean' && value !== null) throw refuse(name, 'Boolean');
      return value;
    case 'integer':
    case 'short':
      if (value !== null && !(Number.isInteger(value) && (value as number) >= -int32 && (value as number) < int32)) {
        throw refuse(name, 'Integer');
      }
      return value;
    case 'long':
      if (value !== null && !Number.isSafeInteger(value)) throw refuse(name, 'Long');
      return value;
    case 'double':
      if (value !== null && !(typeof value === 'number' && Number.isFinite(value))) throw refuse(name, 'Double');
      return value;
    case 'date': {
      if (value === null) return null;
      const time = typeof value === 'string' ? Date.parse(value.replace(/([+-]\d\d)(\d\d)$/, '$1:$2')) : Number.NaN;
      if (Number.isNaN(time)) throw refuse(name, 'Date');
      return new Date(time).toISOString();
    }
    case 'json':
      if (value === null) return null;
      if (typeof value !== 'string') return value;
      try {
        return JSON.parse(value) as unknown;
      } catch {
        throw refuse(name, 'Json');
      }
    default:
      throw new CamundaError(400, 'InvalidRequestException', 'error.camundaVariableUnknownType', { name, type: typed.type ?? '' });
  }
}

export function fromTypedMap(variables: TypedVariables | undefined): Record<string, unknown> {
  const plain: Record<string, unknown> = {};
  for (const [name, typed] of Object.entries(variables ?? {})) plain[name] = fromTyped(name, typed);
  return plain;
}
