import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import type { ExternalTaskService } from '../externalTasks/externalTaskService.ts';
import { externalTaskDto, lockedExternalTaskDto } from './camundaShapes.ts';
import { fromTypedMap, typedVariables } from './camundaVariables.ts';

const tags = ['camunda external tasks'];
export const engineRestBase = '/engine-rest';
const base = `${engineRestBase}/external-task`;

/** Camunda's upper bound of a held fetch: 30 minutes. */
const maxAsyncResponseTimeout = 1_800_000;
const maxLockDuration = 2 ** 31 - 1;
const workerId = z.string().min(1).max(255);
const text = (max: number) => z.string().max(max);
const idParams = z.object({ id: z.string().min(1).max(64) });
const instanceId = z.string().regex(/^\d{1,15}$/);

const fetchTopic = z.object({
  topicName: z.string().min(1).max(255),
  lockDuration: z.number().int().min(0).max(maxLockDuration),
  variables: z.array(z.string().max(64)).max(200).nullish(),
  localVariables: z.boolean().nullish(),
  businessKey: text(100).nullish(),
  processDefinitionKey: text(64).nullish(),
  processDefinitionKeyIn: z.array(text(64)).max(100).nullish(),
  deserializeValues: z.boolean().nullish(),
  includeExtensionProperties: z.boolean().nullish(),
});

const fetchBody = z.object({
  workerId,
  maxTasks: z.number().int().min(0).max(1000).default(10),
  usePriority: z.boolean().default(false),
  asyncResponseTimeout: z.number().int().min(0).max(maxAsyncResponseTimeout).default(0),
  topics: z.array(fetchTopic).max(100).default([]),
});

const completeBody = z.object({
  workerId,
  variables: typedVariables.nullish(),
  localVariables: typedVariables.nullish(),
});

const failureBody = z.object({
  workerId,
  errorMessage: text(1000).nullish(),
  errorDetails: text(64_000).nullish(),
  retries: z.number().int().min(0).max(1_000_000).default(0),
  retryTimeout: z.number().int().min(0).max(maxLockDuration).default(0),
});

const bpmnErrorBody = z.object({
  workerId,
  errorCode: z.string().min(1).max(255),
  errorMessage: text(1000).nullish(),
  variables: typedVariables.nullish(),
});

const extendLockBody = z.object({ workerId, newDuration: z.number().int().min(0).max(maxLockDuration) });
const lockBody = z.object({ workerId, lockDuration: z.number().int().min(0).max(maxLockDuration) });

const booleanText = z.enum(['true', 'false']).transform((value) => value === 'true');
const listQuery = z.object({
  topicName: text(255).optional(),
  workerId: text(255).optional(),
  processInstanceId: instanceId.optional(),
  processDefinitionKey: text(64).optional(),
  activityId: text(120).optional(),
  locked: booleanText.optional(),
  notLocked: booleanText.optional(),
  withRetriesLeft: booleanText.optional(),
  noRetriesLeft: booleanText.optional(),
  firstResult: z.coerce.number().int().min(0).max(1_000_000).default(0),
  maxResults: z.coerce.number().int().min(1).max(1000).default(1000),
});

/** Camunda 7's external task endpoints, as camunda-external-task-client-js and other workers call them. */
export function externalTaskRoutes(service: ExternalTaskService): FastifyPluginAsyncZod<AppContext> {
  return async (app, context) => {
    app.post(
      `${base}/fetchAndLock`,
      {
        config: { operation: 'externalTask:work' },
        schema: { tags, summary: 'Fetches and locks external tasks by topic, holding the request while none waits', body: fetchBody },
      },
      async (request) => {
        const body = request.body;
        const closed = new AbortController();
        request.raw.once('close', () => closed.abort());
        const locked = await service.fetchAndLock(
          {
            ...body,
            topics: body.topics.map((topic) => ({
              topicName: topic.topicName,
              lockDuration: topic.lockDuration,
              variables: topic.variables ?? undefined,
              businessKey: topic.businessKey ?? undefined,
              processDefinitionKey: topic.processDefinitionKey ?? undefined,
              processDefinitionKeyIn: topic.processDefinitionKeyIn ?? undefined,
            })),
          },
          closed.signal,
        );
        return locked.map(({ task, topic }) => lockedExternalTaskDto(task, topic.variables));
      },
    );
    app.post(
      `${base}/:id/complete`,
      {
        config: { operation: 'externalTask:work' },
        schema: { tags, summary: 'Completes a locked task with variables; the instance moves on', params: idParams, body: completeBody },
      },
      async (request, reply) => {
        const { workerId, variables, localVariables } = request.body;
        // Qiming keeps one scope of variables per instance: a task's local variables become process variables.
        const values = { ...fromTypedMap(variables ?? undefined), ...fromTypedMap(localVariables ?? undefined) };
        await service.complete(request.caller, request.params.id, workerId, values);
        return reply.code(204).send();
      },
    );
    app.post(
      `${base}/:id/failure`,
      {
        config: { operation: 'externalTask:work' },
        schema: { tags, summary: 'Reports a failure: retries left, or an incident', params: idParams, body: failureBody },
      },
      async (request, reply) => {
        const body = request.body;
        await service.failure(request.caller, request.params.id, body.workerId, {
          message: body.errorMessage ?? '',
          details: body.errorDetails ?? null,
          retries: body.retries,
          retryTimeout: body.retryTimeout,
        });
        return reply.code(204).send();
      },
    );
    app.post(
      `${base}/:id/bpmnError`,
      {
        config: { operation: 'externalTask:work' },
        schema: { tags, summary: 'Throws a BPMN error to the task’s boundary error event', params: idParams, body: bpmnErrorBody },
      },
      async (request, reply) => {
        const body = request.body;
        const error = { code: body.errorCode, message: body.errorMessage ?? '' };
        await service.bpmnError(request.caller, request.params.id, body.workerId, error, fromTypedMap(body.variables ?? undefined));
        return reply.code(204).send();
      },
    );
    app.post(
      `${base}/:id/extendLock`,
      {
        config: { operation: 'externalTask:work' },
        schema: { tags, summary: 'Extends the worker’s lock from now', params: idParams, body: extendLockBody },
      },
      async (request, reply) => {
        await service.extendLock(request.params.id, request.body.workerId, request.body.newDuration);
        return reply.code(204).send();
      },
    );
    app.post(
      `${base}/:id/lock`,
      {
        config: { operation: 'externalTask:work' },
        schema: { tags, summary: 'Locks one task by id for a worker', params: idParams, body: lockBody },
      },
      async (request, reply) => {
        await service.lock(request.params.id, request.body.workerId, request.body.lockDuration);
        return reply.code(204).send();
      },
    );
    app.put(
      `${base}/:id/retries`,
      {
        config: { operation: 'externalTask:work' },
        schema: {
          tags,
          summary: 'Sets the retries: above 0 the task is fetchable again and its incident resolved',
          params: idParams,
          body: z.object({ retries: z.number().int().min(0).max(1_000_000) }),
        },
      },
      async (request, reply) => {
        await service.setRetries(request.caller, request.params.id, request.body.retries);
        return reply.code(204).send();
      },
    );
    app.post(
      `${base}/:id/unlock`,
      { config: { operation: 'externalTask:work' }, schema: { tags, summary: 'Releases the task’s lock', params: idParams } },
      async (request, reply) => {
        await service.unlock(request.params.id);
        return reply.code(204).send();
      },
    );
    app.get(
      `${base}`,
      { config: { operation: 'externalTask:work' }, schema: { tags, summary: 'Queries external tasks', querystring: listQuery } },
      async (request) => {
        const now = context.now();
        return (await service.list(request.query)).map((task) => externalTaskDto(task, now));
      },
    );
    app.get(
      `${base}/:id`,
      { config: { operation: 'externalTask:work' }, schema: { tags, summary: 'One external task', params: idParams } },
      async (request) => externalTaskDto(await service.find(request.params.id), context.now()),
    );
  };
}
