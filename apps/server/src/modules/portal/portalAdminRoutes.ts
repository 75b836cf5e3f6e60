import {
  deletion,
  newsInput,
  newsRow,
  newsSortable,
  newsStatuses,
  pageQuerySchema,
  previewLink,
  siteSettings,
  siteSettingsInput,
} from '@qiming/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { envelopeOf, ok, pageOf } from '../../http/envelope.ts';
import { idListBody, idParams } from '../../http/idList.ts';
import { registerListRoutes } from '../../http/listRoutes.ts';
import { pageNewsRows } from './newsRepo.ts';
import { NewsService } from './newsService.ts';
import { PortalRecordService } from './portalRecordService.ts';
import { readSiteSettings } from './portalRepo.ts';
import type { PreviewService } from './previewService.ts';
import type { PublicContentCache } from './publicContentCache.ts';
import { recordKinds } from './recordKinds.ts';
import { SiteSettingsService } from './siteSettingsService.ts';

const tags = ['website portal'];
const admin = '/api/admin/portal';
const filterText = z.string().max(100).optional();

/** The back-office's cloud portal: everything the public website shows, edited, previewed and published. */
export function portalAdminRoutes(cache: PublicContentCache, previews: PreviewService): FastifyPluginAsyncZod<AppContext> {
  return async (app, context) => {
    const settings = new SiteSettingsService(context, cache);
    const news = new NewsService(context, cache);

    app.get(
      `${admin}/site`,
      {
        config: { operation: 'portal:site:view' },
        schema: { tags, summary: 'The site settings as saved', response: { 200: envelopeOf(siteSettings) } },
      },
      async () => ok(await readSiteSettings(context.db)),
    );
    app.put(
      `${admin}/site`,
      {
        config: { operation: 'portal:site:edit' },
        schema: {
          tags,
          summary: 'Saves the site settings; the site shows them at once',
          body: siteSettingsInput,
          response: { 200: envelopeOf(siteSettings) },
        },
      },
      async (request) => ok(await settings.save(request.caller, request.body)),
    );
    app.post(
      `${admin}/site/preview`,
      {
        config: { operation: 'portal:site:edit' },
        schema: {
          tags,
          summary: 'A link that shows these settings on the site without saving them',
          body: siteSettingsInput,
          response: { 200: envelopeOf(previewLink) },
        },
      },
      async (request) => ok(await previews.site(request.caller, request.body)),
    );

    app.get(
      `${admin}/news`,
      {
        config: { operation: 'portal:news:view' },
        schema: {
          tags,
          summary: 'A page of news in every status',
          querystring: pageQuerySchema(newsSortable).extend({
            title: filterText,
            status: z.enum(newsStatuses).optional().catch(undefined),
          }),
          response: { 200: envelopeOf(pageOf(newsRow)) },
        },
      },
      async (request) => ok(await pageNewsRows(context.db, request.query)),
    );
    app.get(
      `${admin}/news/:id`,
      {
        config: { operation: 'portal:news:view' },
        schema: { tags, summary: 'One news item', params: idParams, response: { 200: envelopeOf(newsRow) } },
      },
      async (request) => ok(await news.require(request.params.id)),
    );
    app.post(
      `${admin}/news`,
      {
        config: { operation: 'portal:news:add' },
        schema: { tags, summary: 'Writes a news item as a draft', body: newsInput, response: { 200: envelopeOf(newsRow) } },
      },
      async (request) => ok(await news.create(request.caller, request.body)),
    );
    app.put(
      `${admin}/news/:id`,
      {
        config: { operation: 'portal:news:edit' },
        schema: {
          tags,
          summary: 'Changes a news item; a published one changes on the site at once',
          params: idParams,
          body: newsInput,
          response: { 200: envelopeOf(newsRow) },
        },
      },
      async (request) => ok(await news.update(request.caller, request.params.id, request.body)),
    );
    app.post(
      `${admin}/news/preview`,
      {
        config: { operation: 'portal:news:edit' },
        schema: {
          tags,
          summary: 'A link that shows this news item on the site without saving it',
          querystring: z.object({ id: z.coerce.number().int().min(0).default(0) }),
          body: newsInput,
          response: { 200: envelopeOf(previewLink) },
        },
      },
      async (request) => ok(await previews.news(request.caller, request.body, request.query.id)),
    );
    for (const step of ['publish', 'withdraw'] as const) {
      app.post(
        `${admin}/news/:id/${step}`,
        {
          config: { operation: 'portal:news:publish' },
          schema: {
            tags,
            summary: `${step === 'publish' ? 'Publishes' : 'Withdraws'} a news item`,
            params: idParams,
            response: { 200: envelopeOf(newsRow) },
          },
        },
        async (request) => ok(await news.step(request.caller, request.params.id, step)),
      );
    }
    app.post(
      `${admin}/news/delete`,
      {
        config: { operation: 'portal:news:delete' },
        schema: { tags, summary: 'Deletes news items', body: idListBody, response: { 200: envelopeOf(deletion) } },
      },
      async (request) => ok(await news.remove(request.caller, request.body.ids)),
    );

    for (const kind of recordKinds) {
      const records = new PortalRecordService(context, cache, kind);
      registerListRoutes(app, {
        path: `${admin}/${kind.path}`,
        operations: `portal:${kind.path}`,
        tags,
        summaries: {
          list: `The ${kind.path} in their order`,
          add: `Adds to the ${kind.path}`,
          edit: `Changes one of the ${kind.path}`,
          remove: `Deletes from the ${kind.path}`,
        },
        query: z.object(Object.fromEntries([...kind.filters, 'name'].map((column) => [column, filterText]))),
        input: kind.input,
        row: kind.row,
        saved: kind.row,
        list: (query) => records.list(query as Record<string, string | undefined>),
        add: (caller, input) => records.create(caller, input),
        edit: (caller, id, input) => records.update(caller, id, input),
        remove: (caller, ids) => records.remove(caller, ids),
      });
    }
  };
}
