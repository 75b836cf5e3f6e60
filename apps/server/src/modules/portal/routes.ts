import {
  aboutSection,
  customer,
  homeContent,
  maxPublicNewsPageSize,
  newsDetail,
  newsSummary,
  portalService,
  position,
  preview,
  publicNewsPageSize,
  siteSettings,
} from '@qiming/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { envelopeOf, ok, pageOf } from '../../http/envelope.ts';
import { notFound } from '../../http/errors.ts';
import { idParams } from '../../http/idList.ts';
import { portalAdminRoutes } from './portalAdminRoutes.ts';
import * as repo from './portalRepo.ts';
import { PreviewService } from './previewService.ts';
import { PublicContentCache } from './publicContentCache.ts';
import { sanitizeRichText } from './sanitizeRichText.ts';

const tags = ['website'];

/**
 * The public website's read-only API, every route rate-limited per client address and answered from
 * a per-process cache that every portal change clears across the cluster; and the portal's back-office.
 */
export const portalRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const limited = { rateLimit: { max: context.config.publicRateLimit, timeWindow: 60_000 } };
  const { db } = context;
  const cache = await PublicContentCache.open(context.cluster, context.now);
  const previews = new PreviewService(context);
  await app.register(portalAdminRoutes(cache, previews), context);

  app.get(
    '/api/public/site',
    {
      config: { ...limited, operation: 'portal:read' },
      schema: { tags, summary: 'Company name, contacts, filing number, QR images', response: { 200: envelopeOf(siteSettings) } },
    },
    async () => ok(await cache.read('site', () => repo.readSiteSettings(db))),
  );

  app.get(
    '/api/public/home',
    {
      config: { ...limited, operation: 'portal:read' },
      schema: { tags, summary: 'Everything the home page shows, in one answer', response: { 200: envelopeOf(homeContent) } },
    },
    async () =>
      ok(
        await cache.read('home', async () => {
          const [information, innovation, news, customers] = await Promise.all([
            repo.listServices(db, 'information'),
            repo.listServices(db, 'innovation'),
            repo.pageNews(db, 1, 4),
            repo.listCustomers(db),
          ]);
          return { information, innovation, news: news.records, customers };
        }),
      ),
  );

  app.get(
    '/api/public/services',
    {
      config: { ...limited, operation: 'portal:read' },
      schema: {
        tags,
        summary: 'Information or innovation services',
        querystring: z.object({ kind: z.enum(['information', 'innovation']) }),
        response: { 200: envelopeOf(z.array(portalService)) },
      },
    },
    async (request) => ok(await cache.read(`services:${request.query.kind}`, () => repo.listServices(db, request.query.kind))),
  );

  app.get(
    '/api/public/news',
    {
      config: { ...limited, operation: 'portal:read' },
      schema: {
        tags,
        summary: 'A page of published news, pinned first, then newest first',
        querystring: z.object({
          page: z.coerce.number().int().min(1).max(10_000).default(1),
          limit: z.coerce.number().int().min(1).max(maxPublicNewsPageSize).default(publicNewsPageSize),
        }),
        response: { 200: envelopeOf(pageOf(newsSummary)) },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      return ok(await cache.read(`news:${page}:${limit}`, () => repo.pageNews(db, page, limit)));
    },
  );

  app.get(
    '/api/public/news/:id',
    {
      config: { ...limited, operation: 'portal:read' },
      schema: {
        tags,
        summary: 'One published news item with its sanitised body and neighbours',
        params: idParams,
        response: { 200: envelopeOf(newsDetail) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const item = await cache.read(`news/${id}`, async () => {
        const found = await repo.findPublishedNews(db, id);
        return found ? { ...found, body: sanitizeRichText(found.body), ...(await repo.newsNeighbours(db, found)) } : null;
      });
      if (!item) throw notFound();
      return ok(item);
    },
  );

  app.get(
    '/api/public/customers',
    {
      config: { ...limited, operation: 'portal:read' },
      schema: { tags, summary: 'Typical customers', response: { 200: envelopeOf(z.array(customer)) } },
    },
    async () => ok(await cache.read('customers', () => repo.listCustomers(db))),
  );
  app.get(
    '/api/public/about',
    {
      config: { ...limited, operation: 'portal:read' },
      schema: { tags, summary: 'The about-us sections', response: { 200: envelopeOf(z.array(aboutSection)) } },
    },
    async () => ok(await cache.read('about', () => repo.listAboutSections(db))),
  );
  app.get(
    '/api/public/positions',
    {
      config: { ...limited, operation: 'portal:read' },
      schema: { tags, summary: 'Open positions', response: { 200: envelopeOf(z.array(position)) } },
    },
    async () => ok(await cache.read('positions', () => repo.listPositions(db))),
  );
  app.get(
    '/api/public/preview/:token',
    {
      // Public: the token is the authority, and only an editor's preview call hands one out.
      config: { ...limited, operation: 'portal:read' },
      schema: {
        tags,
        summary: 'Unsaved content an editor previews on the site: the settings or a news item',
        params: z.object({ token: z.string().regex(/^[\w-]{32}$/) }),
        response: { 200: envelopeOf(preview) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await previews.read(request.params.token));
    },
  );
};
