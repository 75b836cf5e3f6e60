import { answerGrantsWith } from './http/caller.ts';
import { revokeOtherSessions, revokeSession } from './modules/auth/sessionRepo.ts';
import { clearAttempts } from './modules/auth/signInAttempts.ts';
import { definitionUsingForm } from './modules/bpm/modelRepo.ts';
import { findFormUsersWith } from './modules/forms/formUsers.ts';
import { iamGrantAnswers } from './modules/iam/grantAnswers.ts';
import { endSessionsWith } from './modules/iam/sessionEnding.ts';

/**
 * Where a lower layer asks a higher one, the app root (the only place that knows every module) tells it
 * whom to ask: the caller (a kernel) asks iam what an account holds; iam asks auth to end sessions;
 * forms asks the workflow whether a released process still uses a form. Called at every start before any request or seeding.
 */
export function wireModules(): void {
  answerGrantsWith(iamGrantAnswers);
  endSessionsWith({ revokeSession, revokeOtherSessions, clearAttempts });
  findFormUsersWith(async (db, formId) => {
    const definition = await definitionUsingForm(db, formId);
    return definition && `${definition.def_key} v${definition.version}`;
  });
}
