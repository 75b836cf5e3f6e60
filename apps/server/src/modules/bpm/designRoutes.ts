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
import { idListBody, idParam } from '../../http/idList.ts';
import * as configRepo from './configRepo.ts';
import type { ConfigService } from './configService.ts';
import * as modelRepo from './modelRepo.ts';
import type { ModelService } from './modelService.ts';
import * as pluginRepo from './pluginRepo.ts';
import { statistics } from './statisticsRepo.ts';

const tags = ['workflow'];
const base = '/api/admin/bpm';
const idParams = z.object({ id: idParam });

/** Designing processes: models and their release, definitions, participants, listeners, plugins, statistics. */
export function designRoutes(models: ModelService, config: ConfigService): FastifyPluginAsyncZod<AppContext> {
  return async (app, context) => {
    app.get(
      `${base}/models`,
      {
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
      { schema: { tags, summary: 'One model with its XML', params: idParams, response: { 200: envelopeOf(bpmModel) } } },
      async (request) => ok(await models.require(request.params.id)),
    );
    app.get(
      `${base}/models/:id/xml`,
      {
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
      { schema: { tags, summary: 'Creates a model', body: bpmModelInput, response: { 200: envelopeOf(bpmModel) } } },
      async (request) => ok(await models.create(request.caller, request.body)),
    );
    app.post(
      `${base}/models/import`,
      { schema: { tags, summary: 'Creates a model from a BPMN 2.0 file', body: bpmModelImport, response: { 200: envelopeOf(bpmModel) } } },
      async (request) => ok(await models.importXml(request.caller, request.body)),
    );
    app.put(
      `${base}/models/:id`,
      { schema: { tags, summary: 'Changes a model', params: idParams, body: bpmModelInput, response: { 200: envelopeOf(bpmModel) } } },
      async (request) => ok(await models.update(request.caller, request.params.id, request.body)),
    );
    app.post(
      `${base}/models/delete`,
      {
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
      { schema: { tags, summary: 'One definition with its user tasks', params: idParams, response: { 200: envelopeOf(bpmDefinition) } } },
      async (request) => ok(modelRepo.toDefinition(await models.requireDefinition(request.params.id))),
    );
    app.get(
      `${base}/definitions/:id/xml`,
      { schema: { tags, summary: 'The definition’s BPMN 2.0 XML', params: idParams, response: { 200: envelopeOf(bpmDefinitionXml) } } },
      async (request) => {
        const row = await models.requireDefinition(request.params.id);
        return ok({ id: row.id, key: row.def_key, version: row.version, bpmn20Xml: row.xml });
      },
    );
    app.post(
      `${base}/definitions/:id/suspend`,
      {
        schema: { tags, summary: 'Stops new instances of the definition', params: idParams, response: { 200: envelopeOf(bpmDefinition) } },
      },
      async (request) => ok(await models.setSuspended(request.caller, request.params.id, true)),
    );
    app.post(
      `${base}/definitions/:id/activate`,
      {
        schema: {
          tags,
          summary: 'Lets the definition start instances again',
          params: idParams,
          response: { 200: envelopeOf(bpmDefinition) },
        },
      },
      async (request) => ok(await models.setSuspended(request.caller, request.params.id, false)),
    );

    app.get(
      `${base}/participants`,
      {
        schema: {
          tags,
          summary: 'Who may start which definition',
          querystring: pageQuerySchema(['createdAt']).extend(participantSearch.shape),
          response: { 200: envelopeOf(pageOf(bpmParticipant)) },
        },
      },
      async (request) => ok(await configRepo.pageParticipants(context.db, request.query)),
    );
    app.post(
      `${base}/participants`,
      { schema: { tags, summary: 'Adds a participant', body: participantInput, response: { 200: envelopeOf(bpmParticipantSaved) } } },
      async (request) => ok(await config.addParticipant(request.caller, request.body)),
    );
    app.put(
      `${base}/participants/:id`,
      {
        schema: {
          tags,
          summary: 'Changes a participant',
          params: idParams,
          body: participantInput,
          response: { 200: envelopeOf(bpmParticipantSaved) },
        },
      },
      async (request) => ok(await config.editParticipant(request.caller, request.params.id, request.body)),
    );
    app.post(
      `${base}/participants/delete`,
      { schema: { tags, summary: 'Removes participants', body: idListBody, response: { 200: envelopeOf(deletion) } } },
      async (request) => ok(await config.removeParticipants(request.caller, request.body.ids)),
    );

    app.get(
      `${base}/listeners`,
      {
        schema: {
          tags,
          summary: 'Execution and task listeners',
          querystring: pageQuerySchema(['createdAt']).extend(listenerSearch.shape),
          response: { 200: envelopeOf(pageOf(bpmListener)) },
        },
      },
      async (request) => ok(await configRepo.pageListeners(context.db, request.query)),
    );
    app.get(
      `${base}/listeners/logs`,
      {
        schema: {
          tags,
          summary: 'What listeners logged and what their calls answered',
          querystring: pageQuerySchema(['createdAt']).extend({ instanceId: idParam.optional(), listenerId: idParam.optional() }),
          response: { 200: envelopeOf(pageOf(bpmListenerLog)) },
        },
      },
      async (request) => ok(await configRepo.pageListenerLogs(context.db, request.query)),
    );
    app.post(
      `${base}/listeners`,
      { schema: { tags, summary: 'Adds a listener', body: listenerInput, response: { 200: envelopeOf(bpmListenerSaved) } } },
      async (request) => ok(await config.addListener(request.caller, request.body)),
    );
    app.put(
      `${base}/listeners/:id`,
      {
        schema: {
          tags,
          summary: 'Changes a listener',
          params: idParams,
          body: listenerInput,
          response: { 200: envelopeOf(bpmListenerSaved) },
        },
      },
      async (request) => ok(await config.editListener(request.caller, request.params.id, request.body)),
    );
    app.post(
      `${base}/listeners/delete`,
      { schema: { tags, summary: 'Removes listeners', body: idListBody, response: { 200: envelopeOf(deletion) } } },
      async (request) => ok(await config.removeListeners(request.caller, request.body.ids)),
    );

    const pluginQuery = pageQuerySchema(['sort', 'code']).extend(pluginSearch.shape);
    app.get(
      `${base}/plugin-types`,
      { schema: { tags, summary: 'Plugin types', querystring: pluginQuery, response: { 200: envelopeOf(pageOf(bpmPluginType)) } } },
      async (request) => ok(await pluginRepo.pageTypes(context.db, request.query)),
    );
    app.post(
      `${base}/plugin-types`,
      { schema: { tags, summary: 'Adds a plugin type', body: pluginTypeInput, response: { 200: envelopeOf(bpmPluginType) } } },
      async (request) => ok(await config.addType(request.caller, request.body)),
    );
    app.put(
      `${base}/plugin-types/:id`,
      {
        schema: {
          tags,
          summary: 'Changes a plugin type',
          params: idParams,
          body: pluginTypeInput,
          response: { 200: envelopeOf(bpmPluginType) },
        },
      },
      async (request) => ok(await config.editType(request.caller, request.params.id, request.body)),
    );
    app.post(
      `${base}/plugin-types/delete`,
      { schema: { tags, summary: 'Removes plugin types', body: idListBody, response: { 200: envelopeOf(deletion) } } },
      async (request) => ok(await config.removeTypes(request.caller, request.body.ids)),
    );
    app.get(
      `${base}/plugin-buttons`,
      { schema: { tags, summary: 'Plugin buttons', querystring: pluginQuery, response: { 200: envelopeOf(pageOf(bpmPluginButton)) } } },
      async (request) => ok(await pluginRepo.pageButtons(context.db, request.query)),
    );
    app.post(
      `${base}/plugin-buttons`,
      { schema: { tags, summary: 'Adds a plugin button', body: pluginButtonInput, response: { 200: envelopeOf(bpmPluginButton) } } },
      async (request) => ok(await config.addButton(request.caller, request.body)),
    );
    app.put(
      `${base}/plugin-buttons/:id`,
      {
        schema: {
          tags,
          summary: 'Changes a plugin button',
          params: idParams,
          body: pluginButtonInput,
          response: { 200: envelopeOf(bpmPluginButton) },
        },
      },
      async (request) => ok(await config.editButton(request.caller, request.params.id, request.body)),
    );
    app.post(
      `${base}/plugin-buttons/delete`,
      { schema: { tags, summary: 'Removes plugin buttons', body: idListBody, response: { 200: envelopeOf(deletion) } } },
      async (request) => ok(await config.removeButtons(request.caller, request.body.ids)),
    );

    app.get(
      `${base}/statistics`,
      {
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
