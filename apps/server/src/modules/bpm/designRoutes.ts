import {
  bpmDefinition,
  bpmDefinitionSearch,
  bpmDefinitionSortable,
  bpmDefinitionXml,
  bpmListener,
  bpmListenerLog,
  bpmListenerSaved,
  bpmLookupOption,
  bpmLookupQuery,
  bpmModel,
  bpmModelImport,
  bpmModelInput,
  bpmModelSearch,
  bpmModelSortable,
  bpmParticipant,
  bpmParticipantSaved,
  bpmPluginButton,
  bpmPluginType,
  bpmRelease,
  bpmStatistics,
  bpmStatisticsQuery,
  deletion,
  listenerInput,
  listenerSearch,
  pageQuerySchema,
  participantInput,
  participantSearch,
  pluginButtonInput,
  pluginSearch,
  pluginTypeInput,
} from '@qiming/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { envelopeOf, ok, pageOf } from '../../http/envelope.ts';
import { fileAnswer } from '../../http/fileAnswer.ts';
import { idListBody, idParam, idParams } from '../../http/idList.ts';
import { registerListRoutes } from '../../http/listRoutes.ts';
import * as configRepo from './configRepo.ts';
import type { ConfigService } from './configService.ts';
import * as modelRepo from './modelRepo.ts';
import type { ModelService } from './modelService.ts';
import * as pluginRepo from './pluginRepo.ts';
import { statistics } from './statisticsRepo.ts';

const tags = ['workflow'];
const base = '/api/admin/bpm';

/** Designing processes: models and their release, definitions, participants, listeners, plugins, statistics. */
export function designRoutes(models: ModelService, config: ConfigService): FastifyPluginAsyncZod<AppContext> {
  return async (app, context) => {
    app.get(
      `${base}/models`,
      {
        config: { operation: 'model:view' },
        schema: {
          tags,
          summary: 'A page of process models',
          querystring: pageQuerySchema(bpmModelSortable).extend(bpmModelSearch.shape),
          response: { 200: envelopeOf(pageOf(bpmModel)) },
        },
      },
      async (request) => ok(await modelRepo.pageModels(context.db, request.query)),
    );
    app.get(
      `${base}/models/lookup/accounts`,
      {
        config: { operation: 'model:view' },
        schema: {
          tags,
          summary: 'Accounts to name as assignee or candidate user, by user name',
          querystring: bpmLookupQuery,
          response: { 200: envelopeOf(z.array(bpmLookupOption)) },
        },
      },
      async (request) => ok(await models.lookupAccounts(request.caller, request.query.text, request.query.limit)),
    );
    app.get(
      `${base}/models/lookup/roles`,
      {
        config: { operation: 'model:view' },
        schema: {
          tags,
          summary: 'Roles to name as candidate groups, by code',
          querystring: bpmLookupQuery,
          response: { 200: envelopeOf(z.array(bpmLookupOption)) },
        },
      },
      async (request) => ok(await models.lookupRoles(request.query.text, request.query.limit)),
    );
    app.get(
      `${base}/models/:id`,
      {
        config: { operation: 'model:view' },
        schema: { tags, summary: 'One model with its XML', params: idParams, response: { 200: envelopeOf(bpmModel) } },
      },
      async (request) => ok(await models.require(request.params.id)),
    );
    app.get(
      `${base}/models/:id/xml`,
      {
        config: { operation: 'model:export' },
        schema: {
          tags,
          summary: 'The model as a BPMN 2.0 file',
          params: idParams,
          response: { 200: fileAnswer('application/xml', 'The BPMN 2.0 XML') },
        },
      },
      async (request, reply) => {
        const model = await models.require(request.params.id);
        return reply
          .header('content-type', 'application/xml; charset=utf-8')
          .header('content-disposition', `attachment; filename="${model.key}.bpmn"`)
          .send(Buffer.from(model.xml ?? ''));
      },
    );
    app.post(
      `${base}/models`,
      {
        config: { operation: 'model:add' },
        schema: { tags, summary: 'Creates a model', body: bpmModelInput, response: { 200: envelopeOf(bpmModel) } },
      },
      async (request) => ok(await models.create(request.caller, request.body)),
    );
    app.post(
      `${base}/models/import`,
      {
        config: { operation: 'model:import' },
        schema: { tags, summary: 'Creates a model from a BPMN 2.0 file', body: bpmModelImport, response: { 200: envelopeOf(bpmModel) } },
      },
      async (request) => ok(await models.importXml(request.caller, request.body)),
    );
    app.put(
      `${base}/models/:id`,
      {
        config: { operation: 'model:edit' },
        schema: { tags, summary: 'Changes a model', params: idParams, body: bpmModelInput, response: { 200: envelopeOf(bpmModel) } },
      },
      async (request) => ok(await models.update(request.caller, request.params.id, request.body)),
    );
    app.post(
      `${base}/models/delete`,
      {
        config: { operation: 'model:delete' },
        schema: {
          tags,
          summary: 'Deletes models; released definitions stay',
          body: idListBody,
          response: { 200: envelopeOf(deletion) },
        },
      },
      async (request) => ok(await models.remove(request.caller, request.body.ids)),
    );
    app.post(
      `${base}/models/:id/release`,
      {
        config: { operation: 'model:release' },
        schema: {
          tags,
          summary: 'Checks the model and releases it as the next version of its key',
          params: idParams,
          response: { 200: envelopeOf(bpmRelease) },
        },
      },
      async (request) => ok(await models.release(request.caller, request.params.id)),
    );

    app.get(
      `${base}/definitions`,
      {
        config: { operation: 'definition:view' },
        schema: {
          tags,
          summary: 'A page of definitions',
          querystring: pageQuerySchema(bpmDefinitionSortable).extend(bpmDefinitionSearch.shape),
          response: { 200: envelopeOf(pageOf(bpmDefinition)) },
        },
      },
      async (request) => ok(await modelRepo.pageDefinitions(context.db, request.query)),
    );
    app.get(
      `${base}/definitions/:id`,
      {
        config: { operation: 'definition:view' },
        schema: { tags, summary: 'One definition with its user tasks', params: idParams, response: { 200: envelopeOf(bpmDefinition) } },
      },
      async (request) => ok(modelRepo.toDefinition(await models.requireDefinition(request.params.id))),
    );
    app.get(
      `${base}/definitions/:id/xml`,
      {
        config: { operation: 'definition:xml' },
        schema: { tags, summary: 'The definition’s BPMN 2.0 XML', params: idParams, response: { 200: envelopeOf(bpmDefinitionXml) } },
      },
      async (request) => {
        const row = await models.requireDefinition(request.params.id);
        return ok({ id: row.id, key: row.def_key, version: row.version, bpmn20Xml: row.xml });
      },
    );
    app.post(
      `${base}/definitions/:id/suspend`,
      {
        config: { operation: 'definition:suspend' },
        schema: { tags, summary: 'Stops new instances of the definition', params: idParams, response: { 200: envelopeOf(bpmDefinition) } },
      },
      async (request) => ok(await models.setSuspended(request.caller, request.params.id, true)),
    );
    app.post(
      `${base}/definitions/:id/activate`,
      {
        config: { operation: 'definition:activate' },
        schema: {
          tags,
          summary: 'Lets the definition start instances again',
          params: idParams,
          response: { 200: envelopeOf(bpmDefinition) },
        },
      },
      async (request) => ok(await models.setSuspended(request.caller, request.params.id, false)),
    );

    registerListRoutes(app, {
      path: `${base}/participants`,
      operations: 'participant',
      tags,
      summaries: {
        list: 'Who may start which definition',
        add: 'Adds a participant',
        edit: 'Changes a participant',
        remove: 'Removes participants',
      },
      query: pageQuerySchema(['createdAt']).extend(participantSearch.shape),
      input: participantInput,
      row: bpmParticipant,
      saved: bpmParticipantSaved,
      list: (query) => configRepo.pageParticipants(context.db, query),
      add: (caller, input) => config.addParticipant(caller, input),
      edit: (caller, id, input) => config.editParticipant(caller, id, input),
      remove: (caller, ids) => config.removeParticipants(caller, ids),
    });

    registerListRoutes(app, {
      path: `${base}/listeners`,
      operations: 'listener',
      tags,
      summaries: { list: 'Execution and task listeners', add: 'Adds a listener', edit: 'Changes a listener', remove: 'Removes listeners' },
      query: pageQuerySchema(['createdAt']).extend(listenerSearch.shape),
      input: listenerInput,
      row: bpmListener,
      saved: bpmListenerSaved,
      list: (query) => configRepo.pageListeners(context.db, query),
      add: (caller, input) => config.addListener(caller, input),
      edit: (caller, id, input) => config.editListener(caller, id, input),
      remove: (caller, ids) => config.removeListeners(caller, ids),
    });
    app.get(
      `${base}/listeners/logs`,
      {
        config: { operation: 'listener:view' },
        schema: {
          tags,
          summary: 'What listeners logged and what their calls answered',
          querystring: pageQuerySchema(['createdAt']).extend({ instanceId: idParam.optional(), listenerId: idParam.optional() }),
          response: { 200: envelopeOf(pageOf(bpmListenerLog)) },
        },
      },
      async (request) => ok(await configRepo.pageListenerLogs(context.db, request.query)),
    );

    const pluginQuery = pageQuerySchema(['sort', 'code']).extend(pluginSearch.shape);
    registerListRoutes(app, {
      path: `${base}/plugin-types`,
      operations: 'pluginType',
      tags,
      summaries: { list: 'Plugin types', add: 'Adds a plugin type', edit: 'Changes a plugin type', remove: 'Removes plugin types' },
      query: pluginQuery,
      input: pluginTypeInput,
      row: bpmPluginType,
      saved: bpmPluginType,
      list: (query) => pluginRepo.pageTypes(context.db, query),
      add: (caller, input) => config.addType(caller, input),
      edit: (caller, id, input) => config.editType(caller, id, input),
      remove: (caller, ids) => config.removeTypes(caller, ids),
    });
    registerListRoutes(app, {
      path: `${base}/plugin-buttons`,
      operations: 'pluginButton',
      tags,
      summaries: { list: 'Plugin buttons', add: 'Adds a plugin button', edit: 'Changes a plugin button', remove: 'Removes plugin buttons' },
      query: pluginQuery,
      input: pluginButtonInput,
      row: bpmPluginButton,
      saved: bpmPluginButton,
      list: (query) => pluginRepo.pageButtons(context.db, query),
      add: (caller, input) => config.addButton(caller, input),
      edit: (caller, id, input) => config.editButton(caller, id, input),
      remove: (caller, ids) => config.removeButtons(caller, ids),
    });

    app.get(
      `${base}/statistics`,
      {
        config: { operation: 'statistics:view' },
        schema: {
          tags,
          summary: 'Counts and durations per definition and activity, by month',
          querystring: bpmStatisticsQuery,
          response: { 200: envelopeOf(bpmStatistics) },
        },
      },
      async (request) => ok(await statistics(context.db, request.query)),
    );
  };
}
