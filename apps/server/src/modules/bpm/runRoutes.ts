import {
  assignTaskInput,
  bpmComment,
  bpmCorrelation,
  bpmDefinition,
  bpmInstance,
  bpmInstanceDetail,
  bpmInstanceDiagram,
  bpmInstanceSearch,
  bpmInstanceSortable,
  bpmKeyPattern,
  bpmLookupOption,
  bpmLookupQuery,
  bpmSignalResult,
  bpmStartedInstance,
  bpmTask,
  bpmTaskDetail,
  bpmTaskSearch,
  bpmTaskSortable,
  bpmVariables,
  commentInput,
  completeTaskInput,
  deletion,
  pageQuerySchema,
  returnTaskInput,
  startInstanceInput,
  submissionProblems,
} from '@qiming/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { chargeAccountQuota } from '../../http/accountQuota.ts';
import { envelopeOf, ok, pageOf } from '../../http/envelope.ts';
import { found } from '../../http/found.ts';
import { idListBody, idParam, idParams } from '../../http/idList.ts';
import { EventService } from './messageCorrelation.ts';
import * as repo from './runtimeRepo.ts';
import type { RuntimeService } from './runtimeService.ts';
import { ProcessForms, taskFormRoutes, withFormProblems } from './taskFormRoutes.ts';

const tags = ['workflow'];
const base = '/api/admin/bpm';
const taskQuery = pageQuerySchema(bpmTaskSortable).extend(bpmTaskSearch.shape);
/** Completing without a body completes with no variables. */
const completeBody = z.preprocess((body) => body ?? {}, completeTaskInput);
/** A retry may set variables first: the correction of what the incident stopped at. */
const retryBody = z.preprocess((body) => body ?? {}, z.object({ variables: bpmVariables.optional().default({}) }).strict());
const eventName = z.string().trim().min(1).max(200);
const messageBody = z
  .object({
    messageName: eventName,
    businessKey: z.string().max(100).optional(),
    processInstanceId: z.coerce.number().int().positive().optional(),
    correlationKeys: bpmVariables.optional(),
    processVariables: bpmVariables.optional(),
    all: z.boolean().optional(),
  })
  .strict();
const signalBody = z.object({ name: eventName, variables: bpmVariables.optional() }).strict();

/** Running processes: starting, the caller's tasks and handing them over, and the monitor's instances. */
export function runRoutes(runtime: RuntimeService): FastifyPluginAsyncZod<AppContext> {
  return async (app, context) => {
    const events = new EventService(context, runtime);
    await app.register(taskFormRoutes(new ProcessForms(context, runtime)), context);
    app.post(
      '/api/bpm/message',
      {
        config: { operation: 'message:correlate' },
        schema: {
          tags,
          summary: 'Correlates a message to one waiting instance or message start (every one with all), as Camunda',
          body: messageBody,
          response: { 200: envelopeOf(z.array(bpmCorrelation)) },
        },
      },
      async (request) => ok(await events.correlateMessage(request.caller, request.body)),
    );
    app.post(
      '/api/bpm/signal',
      {
        config: { operation: 'signal:throw' },
        schema: {
          tags,
          summary: 'Broadcasts a signal to every waiting catch and signal start, as Camunda',
          body: signalBody,
          response: { 200: envelopeOf(bpmSignalResult) },
        },
      },
      async (request) => ok(await events.throwSignal(request.caller, request.body)),
    );
    app.post(
      `${base}/instances/:id/tasks/:taskId/assignee`,
      {
        config: { operation: 'task:admin' },
        schema: {
          tags,
          summary: 'Re-assigns any open task of the instance, or gives it back to its candidates (task administrators)',
          params: z.object({ id: idParam, taskId: idParam }),
          body: z.object({ userName: assignTaskInput.shape.userName.nullable() }).strict(),
          response: { 200: envelopeOf(bpmTask) },
        },
      },
      async (request) =>
        ok(found(await runtime.adminAssign(request.caller, request.params.id, request.params.taskId, request.body.userName))),
    );
    app.post(
      `${base}/incidents/:id/retry`,
      {
        config: { operation: 'instance:incident' },
        schema: {
          tags,
          summary: 'Runs the command an incident stopped again, variables set first',
          params: idParams,
          body: retryBody,
          response: { 200: envelopeOf(bpmInstanceDetail) },
        },
      },
      async (request) => ok(await runtime.retryIncident(request.caller, request.params.id, request.body.variables)),
    );
    app.post(
      `${base}/incidents/:id/resolve`,
      {
        config: { operation: 'instance:incident' },
        schema: {
          tags,
          summary: 'Resolves an incident; the instance stays where it was',
          params: idParams,
          response: { 200: envelopeOf(bpmInstanceDetail) },
        },
      },
      async (request) => ok(await runtime.resolveIncident(request.caller, request.params.id)),
    );
    app.post(
      `${base}/instances`,
      {
        config: { operation: 'task:start' },
        schema: {
          tags,
          summary: 'Starts an instance of the newest version of a definition',
          body: startInstanceInput,
          response: { 200: envelopeOf(bpmStartedInstance), 422: envelopeOf(submissionProblems) },
        },
      },
      async (request, reply) => {
        await chargeAccountQuota(context, request.caller, 'workflowStarts');
        return withFormProblems(request.caller, reply, () => runtime.start(request.caller, request.body));
      },
    );
    app.get(
      `${base}/instances`,
      {
        config: { operation: 'instance:view' },
        schema: {
          tags,
          summary: 'A page of instances',
          querystring: pageQuerySchema(bpmInstanceSortable).extend(bpmInstanceSearch.shape),
          response: { 200: envelopeOf(pageOf(bpmInstance)) },
        },
      },
      async (request) => ok(await repo.pageInstances(context.db, request.query)),
    );
    app.get(
      `${base}/instances/:id`,
      {
        config: { operation: 'instance:view' },
        schema: {
          tags,
          summary: 'One instance with variables, history, tasks and comments',
          params: idParams,
          response: { 200: envelopeOf(bpmInstanceDetail) },
        },
      },
      async (request) => ok(await runtime.detail(request.params.id)),
    );
    app.get(
      `${base}/instances/:id/diagram`,
      {
        config: { operation: 'instance:view' },
        schema: {
          tags,
          summary: 'The diagram with active and completed nodes',
          params: idParams,
          response: { 200: envelopeOf(bpmInstanceDiagram) },
        },
      },
      async (request) => ok(await runtime.diagram(request.params.id)),
    );
    for (const action of ['suspend', 'activate', 'terminate'] as const) {
      app.post(
        `${base}/instances/:id/${action}`,
        {
          config: { operation: `instance:${action}` },
          schema: {
            tags,
            summary: `${action} the instance, as the transition table allows`,
            params: idParams,
            response: { 200: envelopeOf(bpmInstance) },
          },
        },
        async (request) => ok(found(await runtime.transition(request.caller, request.params.id, action))),
      );
    }
    app.post(
      `${base}/instances/delete`,
      {
        config: { operation: 'instance:delete' },
        schema: {
          tags,
          summary: 'Deletes ended instances with their history',
          body: idListBody,
          response: { 200: envelopeOf(deletion) },
        },
      },
      async (request) => ok(await runtime.remove(request.caller, request.body.ids)),
    );
    app.post(
      `${base}/instances/:id/activities/:activityId/interrupt`,
      {
        config: { operation: 'instance:interrupt' },
        schema: {
          tags,
          summary: 'Interrupts an active activity',
          params: z.object({ id: idParam, activityId: z.string().regex(bpmKeyPattern) }),
          response: { 200: envelopeOf(bpmInstance) },
        },
      },
      async (request) => ok(found(await runtime.interrupt(request.caller, request.params.id, request.params.activityId))),
    );

    app.get(
      `${base}/tasks/todo`,
      {
        config: { operation: 'task:view' },
        schema: {
          tags,
          summary: 'Open tasks assigned to the caller or offered to them',
          querystring: taskQuery,
          response: { 200: envelopeOf(pageOf(bpmTask)) },
        },
      },
      async (request) => ok(await runtime.todo(request.caller, request.query)),
    );
    app.get(
      `${base}/tasks/done`,
      {
        config: { operation: 'task:view' },
        schema: { tags, summary: 'Tasks the caller completed', querystring: taskQuery, response: { 200: envelopeOf(pageOf(bpmTask)) } },
      },
      async (request) => ok(await runtime.done(request.caller, request.query)),
    );
    app.get(
      `${base}/tasks/startable`,
      {
        config: { operation: 'task:view' },
        schema: { tags, summary: 'Definitions the caller may start', response: { 200: envelopeOf(z.array(bpmDefinition)) } },
      },
      async (request) => ok(await runtime.startable(request.caller)),
    );
    app.get(
      `${base}/tasks/lookup/accounts`,
      {
        config: { operation: 'task:assignee' },
        schema: {
          tags,
          summary: 'Accounts in the caller’s scope a task may be re-assigned to',
          querystring: bpmLookupQuery,
          response: { 200: envelopeOf(z.array(bpmLookupOption)) },
        },
      },
      async (request) => ok(await runtime.assignableAccounts(request.caller, request.query.text, request.query.limit)),
    );
    app.get(
      `${base}/tasks/:id/diagram`,
      {
        config: { operation: 'task:view' },
        schema: {
          tags,
          summary: 'The diagram of the task’s instance with its path marked',
          params: idParams,
          response: { 200: envelopeOf(bpmInstanceDiagram) },
        },
      },
      async (request) => ok(await runtime.taskDiagram(request.caller, request.params.id)),
    );
    app.get(
      `${base}/tasks/:id`,
      {
        config: { operation: 'task:view' },
        schema: {
          tags,
          summary: 'One task with its form, buttons, variables and comments',
          params: idParams,
          response: { 200: envelopeOf(bpmTaskDetail) },
        },
      },
      async (request) => ok(await runtime.taskDetail(request.caller, request.params.id)),
    );
    app.post(
      `${base}/tasks/:id/claim`,
      {
        config: { operation: 'task:claim' },
        schema: { tags, summary: 'Claims a task offered to the caller', params: idParams, response: { 200: envelopeOf(bpmTask) } },
      },
      async (request) => ok(found(await runtime.claim(request.caller, request.params.id))),
    );
    app.post(
      `${base}/tasks/:id/unclaim`,
      {
        config: { operation: 'task:unclaim' },
        schema: { tags, summary: 'Gives a claimed task back to its candidates', params: idParams, response: { 200: envelopeOf(bpmTask) } },
      },
      async (request) => ok(found(await runtime.unclaim(request.caller, request.params.id))),
    );
    app.post(
      `${base}/tasks/:id/assignee`,
      {
        config: { operation: 'task:assignee' },
        schema: {
          tags,
          summary: 'Re-assigns a task to another account',
          params: idParams,
          body: assignTaskInput,
          response: { 200: envelopeOf(bpmTask) },
        },
      },
      async (request) => ok(found(await runtime.assign(request.caller, request.params.id, request.body.userName))),
    );
    app.post(
      `${base}/tasks/:id/complete`,
      {
        config: { operation: 'task:complete' },
        schema: {
          tags,
          summary: 'Completes a task with variables or its form’s values',
          params: idParams,
          body: completeBody,
          response: { 200: envelopeOf(bpmInstance), 422: envelopeOf(submissionProblems) },
        },
      },
      async (request, reply) => {
        await chargeAccountQuota(context, request.caller, 'taskCompletions');
        return withFormProblems(request.caller, reply, async () =>
          found(await runtime.complete(request.caller, request.params.id, request.body)),
        );
      },
    );
    app.post(
      `${base}/tasks/:id/recall`,
      {
        config: { operation: 'task:recall' },
        schema: {
          tags,
          summary: 'Takes a completed task back while the next is untouched',
          params: idParams,
          response: { 200: envelopeOf(bpmInstance) },
        },
      },
      async (request) => ok(found(await runtime.recall(request.caller, request.params.id))),
    );
    app.post(
      `${base}/tasks/:id/return`,
      {
        config: { operation: 'task:return' },
        schema: {
          tags,
          summary: 'Returns a task to an earlier user task',
          params: idParams,
          body: returnTaskInput,
          response: { 200: envelopeOf(bpmInstance) },
        },
      },
      async (request) =>
        ok(found(await runtime.returnTo(request.caller, request.params.id, request.body.activityId, request.body.comment))),
    );
    app.post(
      `${base}/tasks/:id/comments`,
      {
        config: { operation: 'task:comment' },
        schema: {
          tags,
          summary: 'Comments on the task’s instance',
          params: idParams,
          body: commentInput,
          response: { 200: envelopeOf(z.array(bpmComment)) },
        },
      },
      async (request) => ok(await runtime.comment(request.caller, request.params.id, request.body.message)),
    );
  };
}
