import {
  type AlarmReceiverOption,
  alarmEventFilter,
  alarmReceiverInput,
  alarmRuleInput,
  formFlag,
  outboundSettingsInput,
  pageQuerySchema,
} from '@qiming/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { wholeList } from '../../db/paginate.ts';
import { ok } from '../../http/envelope.ts';
import { idListBody, idParam } from '../../http/idList.ts';
import { listReceivers, listRules, publicReceiver } from './alarmRepo.ts';
import { AlarmService } from './alarmService.ts';
import { markRead, notificationsOf, pageEvents } from './eventRepo.ts';
import { publicOutboundSettings, readOutboundSettings } from './outboundSettings.ts';

const tags = ['alarms'];
const base = '/api/admin/alarms';
const idParams = z.object({ id: idParam });

/** Alarm rules, receivers, the alarm history, the outbound settings, and each user's notifications. */
export const alarmRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const service = new AlarmService(context);

  app.get(`${base}/rules`, { schema: { tags, summary: 'Every alarm rule' } }, async () => ok(wholeList(await listRules(context.db))));
  app.get(`${base}/rules/receivers`, { schema: { tags, summary: 'The receivers a rule can name: id, name, kind' } }, async () =>
    ok(
      wholeList(
        (await listReceivers(context.db)).map(
          ({ id, receiverName, kind, enabled }): AlarmReceiverOption => ({ id, receiverName, kind, enabled }),
        ),
      ),
    ),
  );
  app.post(`${base}/rules`, { schema: { tags, summary: 'Adds an alarm rule', body: alarmRuleInput } }, async (request) =>
    ok(await service.saveRule(request.caller, null, request.body)),
  );
  app.put(
    `${base}/rules/:id`,
    { schema: { tags, summary: 'Changes an alarm rule', params: idParams, body: alarmRuleInput } },
    async (request) => ok(await service.saveRule(request.caller, request.params.id, request.body)),
  );
  app.post(
    `${base}/rules/:id/enabled`,
    { schema: { tags, summary: 'Puts a rule in use or out of it', params: idParams, body: z.object({ enabled: formFlag() }) } },
    async (request) => ok(await service.setRuleEnabled(request.caller, request.params.id, request.body.enabled)),
  );
  app.post(`${base}/rules/delete`, { schema: { tags, summary: 'Deletes alarm rules', body: idListBody } }, async (request) =>
    ok(await service.removeRules(request.caller, request.body.ids)),
  );

  app.get(`${base}/receivers`, { schema: { tags, summary: 'Every alarm receiver, secrets withheld' } }, async () =>
    ok(wholeList((await listReceivers(context.db)).map(publicReceiver))),
  );
  app.post(`${base}/receivers`, { schema: { tags, summary: 'Adds an alarm receiver', body: alarmReceiverInput } }, async (request) =>
    ok(await service.saveReceiver(request.caller, null, request.body)),
  );
  app.put(
    `${base}/receivers/:id`,
    {
      schema: {
        tags,
        summary: 'Changes an alarm receiver; an empty secret keeps the stored one',
        params: idParams,
        body: alarmReceiverInput,
      },
    },
    async (request) => ok(await service.saveReceiver(request.caller, request.params.id, request.body)),
  );
  app.post(`${base}/receivers/delete`, { schema: { tags, summary: 'Deletes alarm receivers', body: idListBody } }, async (request) =>
    ok(await service.removeReceivers(request.caller, request.body.ids)),
  );
  app.post(
    `${base}/receivers/:id/test`,
    { schema: { tags, summary: 'Sends a test message to an e-mail or webhook receiver', params: idParams } },
    async (request) => ok(await service.testReceiver(request.params.id)),
  );

  app.get(
    `${base}/events`,
    {
      schema: {
        tags,
        summary: 'The alarm history, newest first',
        querystring: pageQuerySchema(['firedAt']).extend(alarmEventFilter.shape),
      },
    },
    async (request) => ok(await pageEvents(context.db, request.query)),
  );
  app.post(`${base}/events/:id/acknowledge`, { schema: { tags, summary: 'Acknowledges an alarm', params: idParams } }, async (request) =>
    ok(await service.acknowledge(request.caller, request.params.id)),
  );

  app.get(
    `${base}/settings`,
    { schema: { tags, summary: 'Where outgoing calls may go, and the SMTP server (password withheld)' } },
    async () => ok(publicOutboundSettings(await readOutboundSettings(context.db))),
  );
  app.put(
    `${base}/settings`,
    { schema: { tags, summary: 'Changes the outbound settings', body: outboundSettingsInput } },
    async (request) => ok(await service.saveSettings(request.caller, request.body)),
  );

  app.get(
    '/api/admin/notifications',
    { schema: { tags, summary: "The caller's unread count and latest alarm notifications" } },
    async (request) => ok(await notificationsOf(context.db, request.caller.accountId)),
  );
  app.post(
    '/api/admin/notifications/read',
    { schema: { tags, summary: "Marks some of the caller's notifications read", body: idListBody } },
    async (request) => ok(await markRead(context.db, request.caller.accountId, request.body.ids, context.now())),
  );
  app.post(
    '/api/admin/notifications/read-all',
    { schema: { tags, summary: "Marks all the caller's notifications read" } },
    async (request) => ok(await markRead(context.db, request.caller.accountId, 'all', context.now())),
  );
};
