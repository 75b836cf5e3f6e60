import { type MonitorTargets, monitorHistoryQuery, monitorKinds, monitorLiveQuery, monitorSeries, monitorTargets } from '@qiming/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { history } from './figureRepo.ts';
import type { MonitorService } from './monitorService.ts';

const tags = ['monitor'];
const base = '/api/admin/monitor';

/**
 * The cluster's live figures and their per-minute history, on the server's clock as every process records
 * them. Live is polled with `since` rather than streamed: an EventSource cannot send the bearer token.
 */
export function monitorRoutes(monitor: MonitorService): FastifyPluginAsyncZod<AppContext> {
  return async (app, context) => {
    app.get(
      `${base}/targets`,
      {
        config: { operation: 'monitor:view' },
        schema: { tags, summary: 'The targets of each kind seen in the last ten minutes', response: { 200: envelopeOf(monitorTargets) } },
      },
      async () => ok(Object.fromEntries(monitorKinds.map((kind) => [kind, monitor.live.targets(kind)])) as MonitorTargets),
    );
    app.get(
      `${base}/live`,
      {
        config: { operation: 'monitor:view' },
        schema: {
          tags,
          summary: 'The last ten minutes at one second, or the seconds after `since`',
          querystring: monitorLiveQuery,
          response: { 200: envelopeOf(monitorSeries) },
        },
      },
      async (request) => ok(monitor.live.series(request.query.kind, request.query.target, request.query.since, context.now())),
    );
    app.get(
      `${base}/history`,
      {
        config: { operation: 'monitor:view' },
        schema: {
          tags,
          summary: 'Per-minute history between two times',
          querystring: monitorHistoryQuery,
          response: { 200: envelopeOf(monitorSeries) },
        },
      },
      async (request) => ok(await history(context.db, request.query)),
    );
  };
}
