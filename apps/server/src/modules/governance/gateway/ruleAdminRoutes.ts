import { apiGroup, apiGroupInput, degradeRule, degradeRuleInput, deletion, flowCounting, flowRule, flowRuleInput } from '@qiming/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RedisCluster } from '../../../cluster/redisCluster.ts';
import type { AppContext } from '../../../context.ts';
import { wholeList } from '../../../db/paginate.ts';
import { envelopeOf, ok, pageOf } from '../../../http/envelope.ts';
import { idListBody, idParam } from '../../../http/idList.ts';
import { listApiGroups, listDegradeRules, listFlowRules } from './ruleRepo.ts';
import { degradeRules, flowRules, RuleService } from './ruleService.ts';
import { sentinelRuleRoutes } from './sentinelRuleRoutes.ts';

const tags = ['gateway'];
const groups = '/api/admin/gateway/api-groups';
const rules = '/api/admin/gateway/flow-rules';
const degrades = '/api/admin/gateway/degrade-rules';
const idParams = z.object({ id: idParam });

/** API groups (named sets of paths), the flow rules that limit routes and groups, and the degrade rules that cut them off. */
export const gatewayRuleRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const service = new RuleService(context);

  app.get(groups, { schema: { tags, summary: 'Every API group', response: { 200: envelopeOf(pageOf(apiGroup)) } } }, async () =>
    ok(wholeList(await listApiGroups(context.db))),
  );
  app.post(
    groups,
    { schema: { tags, summary: 'Adds an API group', body: apiGroupInput, response: { 200: envelopeOf(apiGroup) } } },
    async (request) => ok(await service.saveGroup(request.caller, null, request.body)),
  );
  app.put(
    `${groups}/:id`,
    { schema: { tags, summary: 'Changes an API group', params: idParams, body: apiGroupInput, response: { 200: envelopeOf(apiGroup) } } },
    async (request) => ok(await service.saveGroup(request.caller, request.params.id, request.body)),
  );
  app.post(
    `${groups}/delete`,
    { schema: { tags, summary: 'Deletes API groups no rule uses', body: idListBody, response: { 200: envelopeOf(deletion) } } },
    async (request) => ok(await service.removeGroups(request.caller, request.body.ids)),
  );

  app.get(rules, { schema: { tags, summary: 'Every flow rule', response: { 200: envelopeOf(pageOf(flowRule)) } } }, async () =>
    ok(wholeList(await listFlowRules(context.db))),
  );
  app.get(
    `${rules}/counting`,
    {
      schema: { tags, summary: 'Whether counts are shared by every gateway process (Redis)', response: { 200: envelopeOf(flowCounting) } },
    },
    async () => ok({ clusterWide: context.cluster instanceof RedisCluster }),
  );
  app.post(
    rules,
    { schema: { tags, summary: 'Adds a flow rule', body: flowRuleInput, response: { 200: envelopeOf(flowRule) } } },
    async (request) => ok(await service.saveRule(request.caller, flowRules, null, request.body)),
  );
  app.put(
    `${rules}/:id`,
    { schema: { tags, summary: 'Changes a flow rule', params: idParams, body: flowRuleInput, response: { 200: envelopeOf(flowRule) } } },
    async (request) => ok(await service.saveRule(request.caller, flowRules, request.params.id, request.body)),
  );
  app.post(
    `${rules}/delete`,
    { schema: { tags, summary: 'Deletes flow rules', body: idListBody, response: { 200: envelopeOf(deletion) } } },
    async (request) => ok(await service.removeRules(request.caller, flowRules, request.body.ids)),
  );

  app.get(
    degrades,
    { schema: { tags, summary: 'Every degrade rule (circuit breaker)', response: { 200: envelopeOf(pageOf(degradeRule)) } } },
    async () => ok(wholeList(await listDegradeRules(context.db))),
  );
  app.post(
    degrades,
    { schema: { tags, summary: 'Adds a degrade rule', body: degradeRuleInput, response: { 200: envelopeOf(degradeRule) } } },
    async (request) => ok(await service.saveRule(request.caller, degradeRules, null, request.body)),
  );
  app.put(
    `${degrades}/:id`,
    {
      schema: {
        tags,
        summary: 'Changes a degrade rule',
        params: idParams,
        body: degradeRuleInput,
        response: { 200: envelopeOf(degradeRule) },
      },
    },
    async (request) => ok(await service.saveRule(request.caller, degradeRules, request.params.id, request.body)),
  );
  app.post(
    `${degrades}/delete`,
    { schema: { tags, summary: 'Deletes degrade rules', body: idListBody, response: { 200: envelopeOf(deletion) } } },
    async (request) => ok(await service.removeRules(request.caller, degradeRules, request.body.ids)),
  );
  await sentinelRuleRoutes(app, context);
};
