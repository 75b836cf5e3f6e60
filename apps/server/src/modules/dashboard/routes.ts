import { type Dashboard, dashboard as dashboardAnswer, dashboardQuery } from '@qiming/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { holdsOperation, Operation, type OperationCode } from '../iam/policy.ts';
import { countTasks } from '../todo/todoService.ts';
import { workflowTasksOf } from '../todo/workflowTasks.ts';
import * as repo from './dashboardRepo.ts';

const days = 7;

/**
 * The dashboard: each card only for those who may open the page whose figures it shows, and on the
 * to-dos card the caller's open workflow tasks when they may open them (task:view).
 */
export const dashboardRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  app.get(
    '/api/admin/dashboard',
    {
      config: { operation: 'dashboard:view' },
      schema: {
        tags: ['dashboard'],
        summary: "The signed-in user's dashboard cards",
        querystring: dashboardQuery,
        response: { 200: envelopeOf(dashboardAnswer) },
      },
    },
    async (request) => {
      const { caller } = request;
      const now = context.now();
      const offsetMs = request.query.offset * 60_000;
      const may = (code: OperationCode) => holdsOperation(caller, code);
      const [todos, open, workflow, signIns, registry, configChanges, recentChanges] = await Promise.all([
        countTasks(context.db, caller.accountId, {}),
        repo.openTodos(context.db, caller.accountId, now, offsetMs),
        workflowTasksOf(context, caller, 0),
        may(Operation.loginLogView).then((yes) => (yes ? repo.signInsByDay(context.db, now, offsetMs, days) : undefined)),
        may(Operation.registryView).then((yes) => (yes ? repo.registryHealth(context.db) : undefined)),
        may(Operation.configView).then((yes) => (yes ? repo.configChangesByDay(context.db, now, offsetMs, days) : undefined)),
        may(Operation.operationLogView).then((yes) => (yes ? repo.recentChanges(context.db, 6) : undefined)),
      ]);
      const workflowTasks = workflow ? { total: workflow.total, overdue: workflow.overdue } : undefined;
      const dashboard: Dashboard = {
        todos: { ...todos, ...open },
        workflowTasks,
        signIns,
        registry,
        configChanges,
        recentChanges,
      };
      return ok(dashboard);
    },
  );
};
