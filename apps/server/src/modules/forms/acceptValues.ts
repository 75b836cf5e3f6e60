import { type FormSchema, formReferences, type SubmissionProblem, validateSubmission } from '@qiming/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Caller } from '../../http/caller.ts';
import { AppError } from '../../http/errors.ts';
import { referenceProblems, sanitizedValues } from './referenceChecks.ts';

/** A submission that breaks its form's published schema or names what it may not: 422 with every problem, nothing kept. */
export class SubmissionRefused extends AppError {
  constructor(readonly problems: SubmissionProblem[]) {
    const first = problems[0];
    super(422, first?.message ?? 'validation.invalidValue', first?.params ?? {});
  }
}

/**
 * The values of a form as they may be kept, whoever takes them (a submission, a workflow task's
 * completion): checked against the schema, then their references, then every rich text sanitised.
 * Refused with every problem in the caller's language.
 */
export async function acceptValues(
  db: Kysely<Database>,
  caller: Caller,
  schema: FormSchema,
  values: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const checked = validateSubmission(schema, values, caller.language);
  if (checked.problems.length > 0) throw new SubmissionRefused(checked.problems);
  const problems = await referenceProblems(db, caller, formReferences(schema, checked.values), caller.language);
  if (problems.length > 0) throw new SubmissionRefused(problems);
  return sanitizedValues(schema, checked.values);
}
