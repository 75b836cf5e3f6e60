import { Histogram } from 'prom-client';

/**
 * How long Qiming's own API answers take, as Prometheus users expect to find it: seconds, the
 * buckets OpenTelemetry recommends for `http.server.request.duration`, labelled by method, route
 * pattern (never the raw path, so ids do not explode the series) and status code. Registered on the
 * `/metrics` registry by the endpoint; observed by the API figures hook as each answer is sent.
 */
export function newRequestDurations(): Histogram<'method' | 'route' | 'status_code'> {
  return new Histogram({
    name: 'http_server_request_duration_seconds',
    help: 'Duration of HTTP requests to the API, in seconds, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10],
    registers: [],
  });
}
