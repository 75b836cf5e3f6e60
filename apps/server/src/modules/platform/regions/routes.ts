import { region, regionCodePattern, regionInput, regionMatch, regionRename } from '@qiming/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { envelopeOf, ok, pageOf } from '../../../http/envelope.ts';
import * as repo from './regionRepo.ts';
import { RegionService } from './regionService.ts';

const tags = ['regions'];
const codeParams = z.object({ code: z.string().regex(regionCodePattern) });
const includeDisabled = z
  .enum(['true', 'false'])
  .default('false')
  .transform((value) => value === 'true');

export const regionRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const service = new RegionService(context);

  app.get(
    '/api/admin/regions/children',
    {
      config: { operation: 'region:lookup' },
      schema: {
        tags,
        summary: 'The regions directly under a code (no code: the provinces); what a cascader loads level by level',
        querystring: z.object({ code: z.string().regex(regionCodePattern).optional(), includeDisabled }),
        response: { 200: envelopeOf(z.array(region)) },
      },
    },
    async (request) => ok(await repo.childrenOf(context.db, request.query.code ?? null, request.query.includeDisabled)),
  );

  app.get(
    '/api/admin/regions/search',
    {
      config: { operation: 'region:lookup' },
      schema: {
        tags,
        summary: 'Regions whose code starts with, or whose name contains, the text; each with the names above it',
        querystring: z.object({
          text: z.string().trim().min(1).max(50),
          page: z.coerce.number().int().min(1).max(10_000).default(1),
          limit: z.coerce.number().int().min(1).max(100).default(20),
          includeDisabled,
        }),
        response: { 200: envelopeOf(pageOf(regionMatch)) },
      },
    },
    async (request) => {
      const { text, includeDisabled: all, ...page } = request.query;
      return ok(await repo.searchRegions(context.db, text, { ...page, order: 'asc' }, all));
    },
  );

  app.get(
    '/api/admin/regions/:code/path',
    {
      config: { operation: 'region:lookup' },
      schema: {
        tags,
        summary: 'A region and those above it, province first: what a cascader shows for a stored code',
        params: codeParams,
        response: { 200: envelopeOf(z.array(region)) },
      },
    },
    async (request) => {
      const path = await repo.pathOf(context.db, request.params.code);
      if (path.length === 0) await service.require(request.params.code);
      return ok(path);
    },
  );

  app.get(
    '/api/admin/regions/:code',
    {
      config: { operation: 'region:view' },
      schema: { tags, summary: 'One region', params: codeParams, response: { 200: envelopeOf(region) } },
    },
    async (request) => ok(await service.require(request.params.code)),
  );

  app.post(
    '/api/admin/regions',
    {
      config: { operation: 'region:add' },
      schema: { tags, summary: 'Adds a local region', body: regionInput, response: { 200: envelopeOf(region) } },
    },
    async (request) => ok(await service.create(request.caller, request.body)),
  );

  app.put(
    '/api/admin/regions/:code',
    {
      config: { operation: 'region:edit' },
      schema: {
        tags,
        summary: "Changes a region's name and short name",
        params: codeParams,
        body: regionRename,
        response: { 200: envelopeOf(region) },
      },
    },
    async (request) => ok(await service.rename(request.caller, request.params.code, request.body)),
  );

  for (const [action, enabled] of [
    ['enable', true],
    ['disable', false],
  ] as const) {
    app.post(
      `/api/admin/regions/:code/${action}`,
      {
        config: { operation: 'region:edit' },
        schema: {
          tags,
          summary: enabled ? 'Puts a region back in use' : 'Takes a region out of use: pickers no longer offer it',
          params: codeParams,
          response: { 200: envelopeOf(region) },
        },
      },
      async (request) => ok(await service.setEnabled(request.caller, request.params.code, enabled)),
    );
  }
};
