import type { BpmVariables } from '@qiming/shared';

/** How a variable editor row reads its value. */
export const variableTypes = ['text', 'number', 'boolean', 'json'] as const;
export type VariableType = (typeof variableTypes)[number];

/** One row of the variable editor: a name, a type and the value as typed (a switch's for booleans). */
export interface VariableRow {
  name?: string;
  type?: VariableType;
  value?: string | boolean;
}

/** Names as process variables and expressions (`${approved}`) take them. */
export const variableNamePattern = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/** Why a row's value cannot be read as its type, or undefined when it can. */
export function valueProblem(type: VariableType | undefined, value: unknown): 'numberInvalid' | 'jsonInvalid' | undefined {
  const text = typeof value === 'string' ? value.trim() : '';
  if (type === 'number') return text !== '' && Number.isFinite(Number(text)) ? undefined : 'numberInvalid';
  if (type === 'json') {
    try {
      JSON.parse(text);
      return undefined;
    } catch {
      return 'jsonInvalid';
    }
  }
  return undefined;
}

/** The rows as process variables: rows without a name are left out, each value read as its type. */
export function rowsToVariables(rows: readonly VariableRow[] | undefined): BpmVariables {
  const variables: BpmVariables = {};
  for (const row of rows ?? []) {
    const name = row.name?.trim();
    if (!name) continue;
    const text = typeof row.value === 'string' ? row.value : '';
    switch (row.type ?? 'text') {
      case 'number':
        variables[name] = Number(text.trim());
        break;
      case 'boolean':
        variables[name] = row.value === true;
        break;
      case 'json':
        variables[name] = JSON.parse(text) as unknown;
        break;
      default:
        variables[name] = text;
    }
  }
  return variables;
}
