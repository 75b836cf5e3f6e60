import { type Deletion, deletion } from '@qiming/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Caller } from './caller.ts';
import { envelopeOf, ok, pageOf } from './envelope.ts';
import { idListBody, idParams } from './idList.ts';
import { type ListAction, listOperationCode } from './operationDeclarations.ts';

/**
 * A list kept in the back-office: its page, add, change and delete, as `listOperations(operations)`
 * declares them. A plain resource is this declaration, its service and its migration; what else it
 * serves (reading one, export, actions) is registered beside it.
 */
export interface ListResource<Query extends z.ZodType, Input extends z.ZodType, Row extends z.ZodType, Saved extends z.ZodType> {
  /** The collection's path: `GET path`, `POST path`, `PUT path/:id`, `POST path/delete`. */
  path: string;
  /** The prefix of the four operation codes (`participant` names `participant:view`, `participant:add`, ...). */
  operations: string;
  tags: string[];
  summaries: { list: string; add: string; edit: string; remove: string };
  /** The page's query: paging, order and filters (none for a list short enough to show whole). */
  query?: Query;
  input: Input;
  /** A row of the page, and what adding or changing one answers. */
  row: Row;
  saved: Saved;
  list(query: z.infer<Query>): Promise<{ total: number; records: z.infer<Row>[] }>;
  add(caller: Caller, input: z.infer<Input>): Promise<z.infer<Saved>>;
  edit(caller: Caller, id: number, input: z.infer<Input>): Promise<z.infer<Saved>>;
  remove(caller: Caller, ids: number[]): Promise<Deletion>;
}

/** Registers the four routes of a list, each naming its operation, validated and answered by the resource's schemas. */
export function registerListRoutes<Query extends z.ZodType, Input extends z.ZodType, Row extends z.ZodType, Saved extends z.ZodType>(
  app: FastifyInstance,
  resource: ListResource<Query, Input, Row, Saved>,
): void {
  const { path, tags, summaries } = resource;
  const operation = (action: ListAction) => ({ operation: listOperationCode(resource.operations, action) });
  // The schemas validated these before the handler runs; the generic request cannot carry their types.
  const input = (request: FastifyRequest) => request.body as z.infer<Input>;
  const id = (request: FastifyRequest) => (request.params as z.infer<typeof idParams>).id;
  app.get(
    path,
    {
      config: operation('view'),
      schema: {
        tags,
        summary: summaries.list,
        // A schema key present but empty makes Fastify warn that the schema is missing.
        ...(resource.query ? { querystring: resource.query } : {}),
        response: { 200: envelopeOf(pageOf(resource.row)) },
      },
    },
    async (request) => ok(await resource.list(request.query as z.infer<Query>)),
  );
  app.post(
    path,
    {
      config: operation('add'),
      schema: { tags, summary: summaries.add, body: resource.input, response: { 200: envelopeOf(resource.saved) } },
    },
    async (request) => ok(await resource.add(request.caller, input(request))),
  );
  app.put(
    `${path}/:id`,
    {
      config: operation('edit'),
      schema: { tags, summary: summaries.edit, params: idParams, body: resource.input, response: { 200: envelopeOf(resource.saved) } },
    },
    async (request) => ok(await resource.edit(request.caller, id(request), input(request))),
  );
  app.post(
    `${path}/delete`,
    { config: operation('delete'), schema: { tags, summary: summaries.remove, body: idListBody, response: { 200: envelopeOf(deletion) } } },
    async (request) => ok(await resource.remove(request.caller, (request.body as z.infer<typeof idListBody>).ids)),
  );
}
