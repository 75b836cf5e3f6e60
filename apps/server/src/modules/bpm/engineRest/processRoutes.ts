import { bpmKeyPattern } from '@qiming/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { chargeAccountQuota } from '../../../http/accountQuota.ts';
import type { RuntimeService } from '../runtimeService.ts';
import { CamundaError } from './camundaErrors.ts';
import { definitionIdOf } from './camundaShapes.ts';
import { fromTypedMap, toTypedMap, typedVariables } from './camundaVariables.ts';
import { engineRestBase } from './externalTaskRoutes.ts';
import { queryTasks } from './taskQuery.ts';

const tags = ['camunda rest'];
/** The Camunda 7 REST API version whose semantics these endpoints follow. */
const camundaVersion = '7.22.0';

const taskIdParams = z.object({ id: z.string().regex(/^\d{1,15}$/) });
const instanceId = z.string().regex(/^\d{1,15}$/);
const name = z.string().min(1).max(100);
const booleanText = z.enum(['true', 'false']).transform((value) => value === 'true');

const startBody = z.object({
  variables: typedVariables.nullish(),
  businessKey: z.string().max(100).nullish(),
  withVariablesInReturn: z.boolean().nullish(),
});

const taskListQuery = z.object({
  processInstanceId: instanceId.optional(),
  processDefinitionKey: z.string().max(64).optional(),
  taskDefinitionKey: z.string().max(120).optional(),
  assignee: name.optional(),
  candidateUser: name.optional(),
  candidateGroup: name.optional(),
  unassigned: booleanText.optional(),
  firstResult: z.coerce.number().int().min(0).max(1_000_000).default(0),
  maxResults: z.coerce.number().int().min(1).max(1000).default(1000),
});

const completeBody = z.preprocess(
  (body) => body ?? {},
  z.object({ variables: typedVariables.nullish(), withVariablesInReturn: z.boolean().nullish() }),
);

/** Starting processes and working on user tasks the way Camunda's REST clients do it. */
export function processRoutes(runtime: RuntimeService): FastifyPluginAsyncZod<AppContext> {
  return async (app, context) => {
    app.get(
      `${engineRestBase}/engine`,
      { config: { operation: 'externalTask:work' }, schema: { tags, summary: 'The engines served: one, named default' } },
      async () => [{ name: 'default' }],
    );
    app.get(
      `${engineRestBase}/version`,
      { config: { operation: 'externalTask:work' }, schema: { tags, summary: 'The Camunda REST API version followed' } },
      async () => ({
        version: camundaVersion,
      }),
    );
    app.post(
      `${engineRestBase}/process-definition/key/:key/start`,
      {
        config: { operation: 'engineRest:start' },
        schema: {
          tags,
          summary: 'Starts the newest version of a definition by key',
          params: z.object({ key: z.string().regex(bpmKeyPattern) }),
          body: z.preprocess((body) => body ?? {}, startBody),
        },
      },
      async (request) => {
        await chargeAccountQuota(context, request.caller, 'workflowStarts');
        const variables = fromTypedMap(request.body.variables ?? undefined);
        const started = await runtime.start(request.caller, {
          definitionKey: request.params.key,
          businessKey: request.body.businessKey ?? '',
          variables,
        });
        if (!started) throw new CamundaError(404, 'NotFoundException', 'error.notFound');
        const answer = {
          id: String(started.id),
          definitionId: definitionIdOf(started.definitionKey, started.definitionId),
          businessKey: started.businessKey || null,
          caseInstanceId: null,
          ended: started.state === 'completed' || started.state === 'terminated',
          suspended: started.state === 'suspended',
          tenantId: null,
          links: [],
        };
        if (!request.body.withVariablesInReturn) return answer;
        const detail = await runtime.detail(started.id);
        return { ...answer, variables: toTypedMap(detail.variables) };
      },
    );
    app.get(
      `${engineRestBase}/task`,
      { config: { operation: 'engineRest:task' }, schema: { tags, summary: 'Queries open user tasks', querystring: taskListQuery } },
      async (request) => queryTasks(context.db, request.query),
    );
    app.post(
      `${engineRestBase}/task/:id/claim`,
      {
        config: { operation: 'engineRest:task' },
        schema: { tags, summary: 'Claims a task for the calling account', params: taskIdParams, body: z.object({ userId: name }) },
      },
      async (request, reply) => {
        // Claiming for someone else is re-assigning, a grant of its own in Qiming.
        if (request.body.userId !== request.caller.userName) {
          throw new CamundaError(403, 'AuthorizationException', 'error.camundaClaimForOther', { userId: request.body.userId });
        }
        await runtime.claim(request.caller, Number(request.params.id));
        return reply.code(204).send();
      },
    );
    app.post(
      `${engineRestBase}/task/:id/complete`,
      {
        config: { operation: 'engineRest:task' },
        schema: { tags, summary: 'Completes a task with variables', params: taskIdParams, body: completeBody },
      },
      async (request, reply) => {
        await chargeAccountQuota(context, request.caller, 'taskCompletions');
        const variables = fromTypedMap(request.body.variables ?? undefined);
        const instance = await runtime.complete(request.caller, Number(request.params.id), { variables, comment: '' });
        if (!request.body.withVariablesInReturn || !instance) return reply.code(204).send();
        return toTypedMap((await runtime.detail(instance.id)).variables);
      },
    );
  };
}
