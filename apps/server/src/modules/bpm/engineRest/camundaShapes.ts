import type { ExternalTaskView } from '../externalTasks/externalTaskRepo.ts';
import { toTypedMap } from './camundaVariables.ts';

/** Camunda's date format, `yyyy-MM-dd'T'HH:mm:ss.SSSZ`, always in UTC. */
export function camundaDate(millis: number | null): string | null {
  return millis === null ? null : new Date(Number(millis)).toISOString().replace(/Z$/, '+0000');
}

/** A definition's id as Camunda writes one: key, version and Qiming's row id. */
export const definitionIdOf = (key: string, id: number) => `${key}:${id}`;

/** Camunda's ExternalTaskDto, as GET /external-task answers. */
export function externalTaskDto(task: ExternalTaskView, now: number) {
  return {
    id: task.id,
    activityId: task.activity_id,
    activityInstanceId: task.execution_id,
    executionId: task.execution_id,
    errorMessage: task.error_message,
    lockExpirationTime: task.worker_id === null ? null : camundaDate(task.lock_expires_at),
    processDefinitionId: definitionIdOf(task.def_key, task.definition_id),
    processDefinitionKey: task.def_key,
    processDefinitionVersionTag: null,
    processInstanceId: String(task.instance_id),
    tenantId: null,
    retries: task.retries,
    suspended: task.instance_state === 'suspended',
    workerId: task.worker_id,
    topicName: task.topic,
    priority: task.priority,
    businessKey: task.business_key || null,
    createTime: camundaDate(task.created_at),
    locked: task.worker_id !== null && task.lock_expires_at !== null && task.lock_expires_at > now,
  };
}

/** Camunda's LockedExternalTaskDto: the task with the variables the worker asked for (all when it named none). */
export function lockedExternalTaskDto(task: ExternalTaskView, variableNames: string[] | undefined) {
  const { suspended: _suspended, createTime: _createTime, locked: _locked, ...dto } = externalTaskDto(task, 0);
  const variables = JSON.parse(task.variables) as Record<string, unknown>;
  return { ...dto, errorDetails: task.error_details, variables: toTypedMap(variables, variableNames), extensionProperties: {} };
}
