import type { GrantAnswers } from '../../http/caller.ts';
import { organScopeFor } from './dataScope.ts';
import { grantedOperationIds, operationIdOf } from './grantRepo.ts';

/** iam's answers to the caller (a kernel below every module) about what an account holds; the app root registers them. */
export const iamGrantAnswers: GrantAnswers = { grantedOperationIds, operationIdOf, organScopeFor };
