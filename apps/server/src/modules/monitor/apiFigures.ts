import type { FastifyInstance, onSendHookHandler } from 'fastify';
import type { Histogram } from 'prom-client';
import type { AppContext } from '../../context.ts';
import type { TrafficMeter } from './trafficMeter.ts';

/** Answers that refuse a request before it does anything: no session, no grant, over a rate limit. */
const refusals = new Set([401, 403, 429]);

/**
 * Counts every answered request to one of Qiming's own API routes (`/api`, `/nacos`) under
 * `METHOD /pattern`: refused by the guard or a limit counts as blocked, the rest as passed and then
 * succeeded or failed (500 and above). Each route gets its own hook, its target names made once, so
 * a request pays no lookup of its route and no string work. Counted as the answer is sent (onSend):
 * an onResponse hook would cost every request a run of hooks after the answer, the response time
 * leaves out only the writing of the answer. Every answer, refused or not, is also observed in the
 * Prometheus duration histogram. Counted in the seconds of `now`, the server's clock. Call before the routes are registered.
 */
export function recordApiFigures(
  app: FastifyInstance,
  meter: TrafficMeter,
  durations: Histogram<'method' | 'route' | 'status_code'>,
  now: () => number,
): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') && !route.url.startsWith('/nacos/')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const targets = new Map(methods.map((method) => [method, `${method} ${route.url}`]));
    // The histogram's series of each method and status, labelled once: labelling checks and joins the labels every time.
    const series = new Map<string, (seconds: number) => void>();
    const seriesOf = (method: string, status: number) => {
      const key = `${method} ${status}`;
      let observe = series.get(key);
      if (!observe) {
        observe = durations.labels({ method, route: route.url, status_code: status }).observe;
        series.set(key, observe);
      }
      return observe;
    };
    const count: onSendHookHandler = (request, reply, payload, done) => {
      const target = targets.get(request.method) ?? `${request.method} ${route.url}`;
      const at = now();
      if (refusals.has(reply.statusCode)) meter.blocked('api', target, at);
      else meter.answered('api', target, reply.statusCode, reply.elapsedTime, at);
      seriesOf(request.method, reply.statusCode)(reply.elapsedTime / 1000);
      done(null, payload);
    };
    const existing = route.onSend;
    route.onSend = existing ? [...(Array.isArray(existing) ? existing : [existing]), count] : [count];
  });
}

/**
 * Counts, as the onSend hook would, the 200 answers a route writes to its connection itself (a hijacked
 * reply, which no hook sees): the held Nacos long polls. The histogram's labels are bound once.
 */
export function writtenAnswerFigures(context: AppContext, method: string, route: string): (elapsedMs: number) => void {
  if (!context.config.recordFigures) return () => undefined;
  const target = `${method} ${route}`;
  const durations = context.requestDurations.labels({ method, route, status_code: 200 });
  return (elapsedMs) => {
    context.traffic.answered('api', target, 200, elapsedMs, context.now());
    durations.observe(elapsedMs / 1000);
  };
}
