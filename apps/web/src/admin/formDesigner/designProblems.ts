import { isMessageKey } from '@qiming/shared';
import type { TFunction } from 'i18next';
import type { DesignSchema } from './schemaEditing.ts';

/** One reason the schema cannot be saved: at a field (`uid`) and a path inside it ('label.zh'), or at the whole. */
export interface DesignProblem {
  uid?: string;
  path: string;
  message: string;
}

/** What the designer reads of a zod issue of `formInput`. */
interface SchemaIssue {
  message: string;
  path: readonly PropertyKey[];
  params?: Record<string, unknown>;
}

/** Rule and kind names in a message read as the designer names them, not as codes. */
function shownParams(t: TFunction, params: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!params) return {};
  return {
    ...params,
    ...(typeof params.rule === 'string' ? { rule: t(`formDesigner.rules.${params.rule}`) } : {}),
    ...(typeof params.kind === 'string' ? { kind: t(`formDesigner.kinds.${params.kind}`) } : {}),
  };
}

/** The issues of shared `formSchemaInput`, placed at the fields they concern, in the user's language. */
export function describeProblems(issues: readonly SchemaIssue[], design: DesignSchema, t: TFunction): DesignProblem[] {
  return issues.map((issue) => {
    const message = isMessageKey(issue.message) ? t(issue.message, shownParams(t, issue.params)) : t('formDesigner.problems.invalid');
    const [list, index, ...rest] = issue.path;
    const field = list === 'fields' && typeof index === 'number' ? design.fields[index] : undefined;
    if (!field) return { path: '', message };
    const [inner, subIndex, ...subRest] = rest;
    const sub = inner === 'fields' && typeof subIndex === 'number' ? field.fields?.[subIndex] : undefined;
    if (sub) return { uid: sub.uid, path: subRest.join('.'), message };
    return { uid: field.uid, path: rest.join('.'), message };
  });
}

/** The messages of the field's problems at the path or inside it. */
export function problemsAt(problems: readonly DesignProblem[], uid: string, path: string): string[] {
  return problems
    .filter((problem) => problem.uid === uid && (problem.path === path || problem.path.startsWith(`${path}.`)))
    .map((problem) => problem.message);
}
