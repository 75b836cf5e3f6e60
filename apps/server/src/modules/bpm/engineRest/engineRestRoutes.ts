import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.ts';
import { ExternalTaskService } from '../externalTasks/externalTaskService.ts';
import { EventService } from '../messageCorrelation.ts';
import type { RuntimeService } from '../runtimeService.ts';
import { ProcessForms } from '../taskFormRoutes.ts';
import { answerLikeCamunda } from './camundaErrors.ts';
import { eventRoutes } from './eventRoutes.ts';
import { externalTaskRoutes } from './externalTaskRoutes.ts';
import { formVariableRoutes } from './formVariableRoutes.ts';
import { processRoutes } from './processRoutes.ts';

/**
 * Camunda 7's REST API under /engine-rest for the parts integrations use: external tasks, starting by key,
 * user tasks, messages and signals. Its own scope, so its answers take Camunda's shape without touching the rest of the API.
 */
export function engineRestRoutes(runtime: RuntimeService): FastifyPluginAsyncZod<AppContext> {
  return async (app, context) => {
    const externalTasks = new ExternalTaskService(context, runtime);
    // Held fetches answer before the server stops accepting, rather than hold the close.
    app.addHook('preClose', async () => externalTasks.releaseHeld());
    answerLikeCamunda(app);
    const routes = [
      externalTaskRoutes(externalTasks),
      processRoutes(runtime),
      eventRoutes(new EventService(context, runtime)),
      formVariableRoutes(new ProcessForms(context, runtime)),
    ];
    for (const plugin of routes) await app.register(plugin, context);
  };
}
