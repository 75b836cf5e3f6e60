import { deletion, todoCounts, todoFilter, todoInput, todoMove, todoTask, workflowTasks } from '@qiming/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { wholeList } from '../../db/paginate.ts';
import { envelopeOf, ok, pageOf } from '../../http/envelope.ts';
import { idListBody, idParams } from '../../http/idList.ts';
import * as repo from './todoRepo.ts';
import { TodoService } from './todoService.ts';
import { workflowTasksOf, workflowTasksShown } from './workflowTasks.ts';

const tags = ['to-do'];

/** The signed-in user's own to-do list (spec section 3, Task). */
export const todoRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const service = new TodoService(context);

  app.get(
    '/api/admin/todos',
    {
      config: { operation: 'todo:view' },
      schema: {
        tags,
        summary: "The caller's tasks, bucket by bucket in their order",
        querystring: todoFilter,
        response: { 200: envelopeOf(pageOf(todoTask)) },
      },
    },
    async (request) => ok(wholeList(await repo.listTasks(context.db, request.caller.accountId, request.query))),
  );
  app.get(
    '/api/admin/todos/counts',
    {
      config: { operation: 'todo:view' },
      schema: {
        tags,
        summary: 'How many of the caller’s tasks each bucket holds',
        querystring: todoFilter,
        response: { 200: envelopeOf(todoCounts) },
      },
    },
    async (request) => ok(await repo.countTasks(context.db, request.caller.accountId, request.query)),
  );
  app.get(
    '/api/admin/todos/workflow-tasks',
    {
      config: { operation: 'todo:view' },
      schema: {
        tags,
        summary: 'The caller’s open workflow tasks, soonest due first; null without task:view',
        response: { 200: envelopeOf(workflowTasks.nullable()) },
      },
    },
    async (request) => ok(await workflowTasksOf(context, request.caller, workflowTasksShown)),
  );
  app.post(
    '/api/admin/todos',
    {
      config: { operation: 'todo:edit' },
      schema: { tags, summary: 'Adds a task at the end of its bucket', body: todoInput, response: { 200: envelopeOf(todoTask) } },
    },
    async (request) => ok(await service.create(request.caller, request.body)),
  );
  app.put(
    '/api/admin/todos/:id',
    {
      config: { operation: 'todo:edit' },
      schema: { tags, summary: 'Changes a task', params: idParams, body: todoInput, response: { 200: envelopeOf(todoTask) } },
    },
    async (request) => ok(await service.update(request.caller, request.params.id, request.body)),
  );
  app.post(
    '/api/admin/todos/:id/move',
    {
      config: { operation: 'todo:edit' },
      schema: {
        tags,
        summary: 'Moves a task to a bucket and a place in it',
        params: idParams,
        body: todoMove,
        response: { 200: envelopeOf(todoTask) },
      },
    },
    async (request) => ok(await service.move(request.caller, request.params.id, request.body.bucket, request.body.index)),
  );
  app.post(
    '/api/admin/todos/delete',
    {
      config: { operation: 'todo:edit' },
      schema: { tags, summary: 'Deletes tasks', body: idListBody, response: { 200: envelopeOf(deletion) } },
    },
    async (request) => ok(await service.remove(request.caller, request.body.ids)),
  );
};
