import {
  type AlarmReceiverOption,
  alarmEvent,
  alarmEventFilter,
  alarmNotifications,
  alarmReceiver,
  alarmReceiverInput,
  alarmReceiverOption,
  alarmRule,
  alarmRuleInput,
  formFlag,
  outboundSettings,
  outboundSettingsInput,
  pageQuerySchema,
  receiverTest,
} from '@qiming/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { wholeList } from '../../db/paginate.ts';
import { envelopeOf, ok, pageOf } from '../../http/envelope.ts';
import { idListBody, idParams } from '../../http/idList.ts';
import { registerListRoutes } from '../../http/listRoutes.ts';
import { listReceivers, listRules, publicReceiver } from './alarmRepo.ts';
import { AlarmService } from './alarmService.ts';
import { markRead, notificationsOf, pageEvents } from './eventRepo.ts';
import { publicOutboundSettings, readOutboundSettings } from './outboundSettings.ts';

const tags = ['alarms'];

/** Alarm rules, receivers, the alarm history, the outbound settings, and each user's notifications. */
export const alarmRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const service = new AlarmService(context);

  registerListRoutes(app, {
    path: '/api/admin/alarms/rules',
    operations: 'alarm',
    tags,
    summaries: { list: 'Every alarm rule', add: 'Adds an alarm rule', edit: 'Changes an alarm rule', remove: 'Deletes alarm rules' },
    input: alarmRuleInput,
    row: alarmRule,
    saved: alarmRule,
    list: async () => wholeList(await listRules(context.db)),
    add: (caller, input) => service.saveRule(caller, null, input),
    edit: (caller, id, input) => service.saveRule(caller, id, input),
    remove: (caller, ids) => service.removeRules(caller, ids),
  });
  app.get(
    '/api/admin/alarms/rules/receivers',
    {
      config: { operation: 'alarm:view' },
      schema: {
        tags,
        summary: 'The receivers a rule can name: id, name, kind',
        response: { 200: envelopeOf(pageOf(alarmReceiverOption)) },
      },
    },
    async () =>
      ok(
        wholeList(
          (await listReceivers(context.db)).map(
            ({ id, receiverName, kind, enabled }): AlarmReceiverOption => ({ id, receiverName, kind, enabled }),
          ),
        ),
      ),
  );
  app.post(
    '/api/admin/alarms/rules/:id/enabled',
    {
      config: { operation: 'alarm:toggle' },
      schema: {
        tags,
        summary: 'Puts a rule in use or out of it',
        params: idParams,
        body: z.object({ enabled: formFlag() }),
        response: { 200: envelopeOf(alarmRule) },
      },
    },
    async (request) => ok(await service.setRuleEnabled(request.caller, request.params.id, request.body.enabled)),
  );

  registerListRoutes(app, {
    path: '/api/admin/alarms/receivers',
    operations: 'alarmReceiver',
    tags,
    summaries: {
      list: 'Every alarm receiver, secrets withheld',
      add: 'Adds an alarm receiver',
      edit: 'Changes an alarm receiver; an empty secret keeps the stored one',
      remove: 'Deletes alarm receivers',
    },
    input: alarmReceiverInput,
    row: alarmReceiver,
    saved: alarmReceiver,
    list: async () => wholeList((await listReceivers(context.db)).map(publicReceiver)),
    add: (caller, input) => service.saveReceiver(caller, null, input),
    edit: (caller, id, input) => service.saveReceiver(caller, id, input),
    remove: (caller, ids) => service.removeReceivers(caller, ids),
  });
  app.post(
    '/api/admin/alarms/receivers/:id/test',
    {
      config: { operation: 'alarmReceiver:test' },
      schema: {
        tags,
        summary: 'Sends a test message to an e-mail or webhook receiver',
        params: idParams,
        response: { 200: envelopeOf(receiverTest) },
      },
    },
    async (request) => ok(await service.testReceiver(request.params.id)),
  );

  app.get(
    '/api/admin/alarms/events',
    {
      config: { operation: 'alarmEvent:view' },
      schema: {
        tags,
        summary: 'The alarm history, newest first',
        querystring: pageQuerySchema(['firedAt']).extend(alarmEventFilter.shape),
        response: { 200: envelopeOf(pageOf(alarmEvent)) },
      },
    },
    async (request) => ok(await pageEvents(context.db, request.query)),
  );
  app.post(
    '/api/admin/alarms/events/:id/acknowledge',
    {
      config: { operation: 'alarmEvent:acknowledge' },
      schema: { tags, summary: 'Acknowledges an alarm', params: idParams, response: { 200: envelopeOf(alarmEvent) } },
    },
    async (request) => ok(await service.acknowledge(request.caller, request.params.id)),
  );

  app.get(
    '/api/admin/alarms/settings',
    {
      config: { operation: 'outbound:view' },
      schema: {
        tags,
        summary: 'Where outgoing calls may go, and the SMTP server (password withheld)',
        response: { 200: envelopeOf(outboundSettings) },
      },
    },
    async () => ok(publicOutboundSettings(await readOutboundSettings(context.db))),
  );
  app.put(
    '/api/admin/alarms/settings',
    {
      config: { operation: 'outbound:edit' },
      schema: {
        tags,
        summary: 'Changes the outbound settings',
        body: outboundSettingsInput,
        response: { 200: envelopeOf(outboundSettings) },
      },
    },
    async (request) => ok(await service.saveSettings(request.caller, request.body)),
  );

  app.get(
    '/api/admin/notifications',
    {
      config: { operation: 'notification:view' },
      schema: {
        tags,
        summary: "The caller's unread count and latest alarm notifications",
        response: { 200: envelopeOf(alarmNotifications) },
      },
    },
    async (request) => ok(await notificationsOf(context.db, request.caller.accountId)),
  );
  app.post(
    '/api/admin/notifications/read',
    {
      config: { operation: 'notification:read' },
      schema: { tags, summary: "Marks some of the caller's notifications read", body: idListBody, response: { 200: envelopeOf(z.null()) } },
    },
    async (request) => {
      await markRead(context.db, request.caller.accountId, request.body.ids, context.now());
      return ok(null);
    },
  );
  app.post(
    '/api/admin/notifications/read-all',
    {
      config: { operation: 'notification:read' },
      schema: { tags, summary: "Marks all the caller's notifications read", response: { 200: envelopeOf(z.null()) } },
    },
    async (request) => {
      await markRead(context.db, request.caller.accountId, 'all', context.now());
      return ok(null);
    },
  );
};
