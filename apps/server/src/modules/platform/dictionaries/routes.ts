import {
  type Dictionary,
  type DictionaryItem,
  deletion,
  dictionary,
  dictionaryInput,
  dictionaryItem,
  dictionaryItemInput,
  dictionaryItemSortable,
  dictionarySortable,
  pageQuerySchema,
} from '@qiming/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { envelopeOf, ok, pageOf } from '../../../http/envelope.ts';
import { excelAnswer, maxExportRows, sendExcel } from '../../../http/excelExport.ts';
import { idListBody, idParam, idParams } from '../../../http/idList.ts';
import { requestLanguage } from '../../../http/language.ts';
import * as repo from './dictionaryRepo.ts';
import { DictionaryService } from './dictionaryService.ts';

const filterText = z.string().max(100).optional();
const dictionaryFilter = z.object({ dictCode: filterText, dictName: filterText });
const itemFilter = z.object({ itemCode: filterText, itemValue: filterText });
const dictIdParams = z.object({ dictId: idParam });
const tags = ['dictionaries'];

export const dictionaryRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const service = new DictionaryService(context);

  app.get(
    '/api/admin/dicts',
    {
      config: { operation: 'dict:view' },
      schema: {
        tags,
        summary: 'A page of dictionaries',
        querystring: pageQuerySchema(dictionarySortable).extend(dictionaryFilter.shape),
        response: { 200: envelopeOf(pageOf(dictionary)) },
      },
    },
    async (request) => ok(await repo.pageDictionaries(context.db, request.query)),
  );

  app.get(
    '/api/admin/dicts/export',
    {
      config: { operation: 'dict:view' },
      schema: {
        tags,
        summary: 'Dictionaries matching the filters as an Excel file',
        querystring: dictionaryFilter,
        response: { 200: excelAnswer },
      },
    },
    async (request, reply) =>
      sendExcel<Dictionary>(reply, {
        fileName: 'dictionaries',
        sheet: 'Dictionaries',
        language: requestLanguage(request),
        rows: await repo.listDictionaries(context.db, request.query, maxExportRows),
        columns: [
          { header: 'field.dictCode', value: (row) => row.dictCode },
          { header: 'field.dictName', value: (row) => row.dictName },
          { header: 'field.note', value: (row) => row.note, width: 40 },
          { header: 'field.itemCount', value: (row) => row.itemCount, width: 10 },
        ],
      }),
  );

  app.get(
    '/api/admin/dicts/:id',
    {
      config: { operation: 'dict:view' },
      schema: { tags, summary: 'One dictionary', params: idParams, response: { 200: envelopeOf(dictionary) } },
    },
    async (request) => ok(await service.requireDictionary(request.params.id)),
  );

  app.post(
    '/api/admin/dicts',
    {
      config: { operation: 'dict:add' },
      schema: { tags, summary: 'Creates a dictionary', body: dictionaryInput, response: { 200: envelopeOf(dictionary) } },
    },
    async (request) => ok(await service.create(request.caller, request.body)),
  );

  app.put(
    '/api/admin/dicts/:id',
    {
      config: { operation: 'dict:edit' },
      schema: {
        tags,
        summary: 'Changes a dictionary',
        params: idParams,
        body: dictionaryInput,
        response: { 200: envelopeOf(dictionary) },
      },
    },
    async (request) => ok(await service.update(request.caller, request.params.id, request.body)),
  );

  app.post(
    '/api/admin/dicts/delete',
    {
      config: { operation: 'dict:delete' },
      schema: { tags, summary: 'Deletes dictionaries with their items', body: idListBody, response: { 200: envelopeOf(deletion) } },
    },
    async (request) => ok(await service.remove(request.caller, request.body.ids)),
  );

  app.get(
    '/api/admin/dicts/:dictId/items',
    {
      config: { operation: 'dict:view' },
      schema: {
        tags,
        summary: 'A page of the items of one dictionary',
        params: dictIdParams,
        querystring: pageQuerySchema(dictionaryItemSortable).extend(itemFilter.shape),
        response: { 200: envelopeOf(pageOf(dictionaryItem)) },
      },
    },
    async (request) => ok(await repo.pageItems(context.db, request.params.dictId, request.query)),
  );

  app.get(
    '/api/admin/dicts/:dictId/items/export',
    {
      config: { operation: 'dict:view' },
      schema: {
        tags,
        summary: 'Items of one dictionary as an Excel file',
        params: dictIdParams,
        querystring: itemFilter,
        response: { 200: excelAnswer },
      },
    },
    async (request, reply) => {
      const dictionary = await service.requireDictionary(request.params.dictId);
      return sendExcel<DictionaryItem>(reply, {
        fileName: dictionary.dictCode,
        sheet: dictionary.dictName.slice(0, 31),
        language: requestLanguage(request),
        rows: await repo.listItems(context.db, dictionary.id, request.query, maxExportRows),
        columns: [
          { header: 'field.itemCode', value: (row) => row.itemCode },
          { header: 'field.itemValue', value: (row) => row.itemValue, width: 30 },
          { header: 'field.index', value: (row) => row.index, width: 10 },
        ],
      });
    },
  );

  app.post(
    '/api/admin/dicts/:dictId/items',
    {
      config: { operation: 'dict:add' },
      schema: {
        tags,
        summary: 'Adds an item to a dictionary',
        params: dictIdParams,
        body: dictionaryItemInput,
        response: { 200: envelopeOf(dictionaryItem) },
      },
    },
    async (request) => ok(await service.createItem(request.caller, request.params.dictId, request.body)),
  );

  app.put(
    '/api/admin/dicts/:dictId/items/:id',
    {
      config: { operation: 'dict:edit' },
      schema: {
        tags,
        summary: 'Changes an item',
        params: dictIdParams.extend({ id: idParam }),
        body: dictionaryItemInput,
        response: { 200: envelopeOf(dictionaryItem) },
      },
    },
    async (request) => ok(await service.updateItem(request.caller, request.params.dictId, request.params.id, request.body)),
  );

  app.post(
    '/api/admin/dicts/:dictId/items/delete',
    {
      config: { operation: 'dict:delete' },
      schema: {
        tags,
        summary: 'Deletes items of a dictionary',
        params: dictIdParams,
        body: idListBody,
        response: { 200: envelopeOf(deletion) },
      },
    },
    async (request) => ok(await service.removeItems(request.caller, request.params.dictId, request.body.ids)),
  );
};
