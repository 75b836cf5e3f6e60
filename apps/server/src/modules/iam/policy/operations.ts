import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { Caller } from '../../../http/caller.ts';
import { recordDecision } from '../../audit/decisions.ts';

/**
 * The function model's operation codes that a decision beyond the route's own grant names. Typed, so a
 * misspelt code fails to compile instead of silently refusing everybody (policyCoverage.test.ts checks
 * each is declared in the function model).
 */
export const Operation = {
  newsPublish: 'portal:news:publish',
  taskView: 'task:view',
  /** Task administrators are handed the workflow tasks nobody holds (for bpm's runtime to ask through `holdsOperation`). */
  taskAdmin: 'task:admin',
  loginLogView: 'loginLog:view',
  operationLogView: 'operationLog:view',
  registryView: 'registry:view',
  configView: 'config:view',
  /** Nacos's gRPC requests match no route: they ask for the Nacos client's grant by its code. */
  registryClient: 'registry:client',
} as const;

export type OperationCode = (typeof Operation)[keyof typeof Operation];

/** Whether the caller holds a second operation beside the route's: a page a summary card stands for, a right a change takes. */
export async function holdsOperation(caller: Caller, code: OperationCode, db?: Kysely<Database>): Promise<boolean> {
  const holds = await caller.holdsCode(code, db);
  if (holds) recordDecision(caller, `holds ${code}`);
  return holds;
}
