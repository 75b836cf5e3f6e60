import type { FastifyInstance } from 'fastify';
import qs from 'qs';

const qsOptions = { allowDots: true, depth: 5, arrayLimit: 1000, parameterLimit: 2000 } as const;

/** Admin clients send form-encoded bodies with dotted nesting (`a.b=1`); JSON works too. */
export function registerFormBody(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, qs.parse(body as string, qsOptions));
  });
}

export function parseQueryString(query: string): Record<string, unknown> {
  return qs.parse(query, qsOptions);
}
