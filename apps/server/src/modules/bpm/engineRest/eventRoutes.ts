import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import type { EventService } from '../messageCorrelation.ts';
import { fromTypedMap, typedVariables } from './camundaVariables.ts';
import { engineRestBase } from './externalTaskRoutes.ts';

const tags = ['camunda rest'];
const eventName = z.string().min(1).max(255);

const messageBody = z.object({
  messageName: eventName,
  businessKey: z.string().max(100).nullish(),
  processInstanceId: z
    .string()
    .regex(/^\d{1,15}$/)
    .nullish(),
  correlationKeys: typedVariables.nullish(),
  processVariables: typedVariables.nullish(),
  all: z.boolean().nullish(),
  resultEnabled: z.boolean().nullish(),
});

const signalBody = z.object({ name: eventName, variables: typedVariables.nullish() });

/** Camunda's POST /message and /signal, answered by the workflow's own correlation (messageCorrelation.ts). */
export function eventRoutes(events: EventService): FastifyPluginAsyncZod<AppContext> {
  return async (app) => {
    app.post(
      `${engineRestBase}/message`,
      {
        config: { operation: 'engineRest:message' },
        schema: { tags, summary: 'Correlates a message to one waiting instance or message start event', body: messageBody },
      },
      async (request, reply) => {
        const body = request.body;
        const results = await events.correlateMessage(request.caller, {
          messageName: body.messageName,
          businessKey: body.businessKey ?? undefined,
          processInstanceId: body.processInstanceId ? Number(body.processInstanceId) : undefined,
          correlationKeys: body.correlationKeys ? fromTypedMap(body.correlationKeys) : undefined,
          processVariables: fromTypedMap(body.processVariables ?? undefined),
          all: body.all ?? false,
        });
        if (!body.resultEnabled) return reply.code(204).send();
        return results.map((result) => {
          const instance = { id: String(result.processInstanceId), processInstanceId: String(result.processInstanceId) };
          return result.resultType === 'Execution'
            ? { resultType: 'Execution', execution: instance, processInstance: null }
            : { resultType: 'ProcessDefinition', execution: null, processInstance: instance };
        });
      },
    );
    app.post(
      `${engineRestBase}/signal`,
      {
        config: { operation: 'engineRest:message' },
        schema: { tags, summary: 'Broadcasts a signal to every waiting catch and signal start event', body: signalBody },
      },
      async (request, reply) => {
        await events.throwSignal(request.caller, { name: request.body.name, variables: fromTypedMap(request.body.variables ?? undefined) });
        return reply.code(204).send();
      },
    );
  };
}
