import { maxPublicNewsPageSize, publicNewsPageSize } from '@qiming/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import { notFound } from '../../http/errors.ts';
import { idParam } from '../../http/idList.ts';
import * as repo from './portalRepo.ts';
import { sanitizeRichText } from './sanitizeRichText.ts';

const tags = ['website'];

/** The public website's read-only API; every route is rate-limited per client address. */
export const portalRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const limited = { rateLimit: { max: context.config.publicRateLimit, timeWindow: 60_000 } };
  const { db } = context;

  app.get(
    '/api/public/site',
    { config: limited, schema: { tags, summary: 'Company name, contacts, filing number, QR images' } },
    async () => ok(await repo.readSiteSettings(db)),
  );

  app.get('/api/public/home', { config: limited, schema: { tags, summary: 'Everything the home page shows, in one answer' } }, async () => {
    const [information, innovation, news, customers] = await Promise.all([
      repo.listServices(db, 'information'),
      repo.listServices(db, 'innovation'),
      repo.pageNews(db, 1, 4),
      repo.listCustomers(db),
    ]);
    return ok({ information, innovation, news: news.records, customers });
  });

  app.get(
    '/api/public/services',
    {
      config: limited,
      schema: {
        tags,
        summary: 'Information or innovation services',
        querystring: z.object({ kind: z.enum(['information', 'innovation']) }),
      },
    },
    async (request) => ok(await repo.listServices(db, request.query.kind)),
  );

  app.get(
    '/api/public/news',
    {
      config: limited,
      schema: {
        tags,
        summary: 'A page of news, newest first',
        querystring: z.object({
          page: z.coerce.number().int().min(1).max(10_000).default(1),
          limit: z.coerce.number().int().min(1).max(maxPublicNewsPageSize).default(publicNewsPageSize),
        }),
      },
    },
    async (request) => ok(await repo.pageNews(db, request.query.page, request.query.limit)),
  );

  app.get(
    '/api/public/news/:id',
    {
      config: limited,
      schema: { tags, summary: 'One news item with its sanitised body and neighbours', params: z.object({ id: idParam }) },
    },
    async (request) => {
      const item = await repo.findNews(db, request.params.id);
      if (!item) throw notFound();
      return ok({ ...item, body: sanitizeRichText(item.body), ...(await repo.newsNeighbours(db, item)) });
    },
  );

  app.get('/api/public/customers', { config: limited, schema: { tags, summary: 'Typical customers' } }, async () =>
    ok(await repo.listCustomers(db)),
  );
  app.get('/api/public/about', { config: limited, schema: { tags, summary: 'The four about-us sections' } }, async () =>
    ok(await repo.listAboutSections(db)),
  );
  app.get('/api/public/positions', { config: limited, schema: { tags, summary: 'Open positions' } }, async () =>
    ok(await repo.listPositions(db)),
  );
};
