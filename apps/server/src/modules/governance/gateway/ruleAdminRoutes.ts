import { apiGroup, apiGroupInput, degradeRule, degradeRuleInput, flowCounting, flowRule, flowRuleInput } from '@qiming/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RedisCluster } from '../../../cluster/redisCluster.ts';
import type { AppContext } from '../../../context.ts';
import { wholeList } from '../../../db/paginate.ts';
import { envelopeOf, ok } from '../../../http/envelope.ts';
import { registerListRoutes } from '../../../http/listRoutes.ts';
import { listApiGroups, listDegradeRules, listFlowRules } from './ruleRepo.ts';
import { degradeRules, flowRules, RuleService } from './ruleService.ts';
import { sentinelRuleRoutes } from './sentinelRuleRoutes.ts';

const tags = ['gateway'];
const rules = '/api/admin/gateway/flow-rules';

/** API groups (named sets of paths), the flow rules that limit routes and groups, and the degrade rules that cut them off. */
export const gatewayRuleRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const service = new RuleService(context);

  registerListRoutes(app, {
    path: '/api/admin/gateway/api-groups',
    operations: 'gateway:group',
    tags,
    summaries: {
      list: 'Every API group',
      add: 'Adds an API group',
      edit: 'Changes an API group',
      remove: 'Deletes API groups no rule uses',
    },
    input: apiGroupInput,
    row: apiGroup,
    saved: apiGroup,
    list: async () => wholeList(await listApiGroups(context.db)),
    add: (caller, input) => service.saveGroup(caller, null, input),
    edit: (caller, id, input) => service.saveGroup(caller, id, input),
    remove: (caller, ids) => service.removeGroups(caller, ids),
  });

  registerListRoutes(app, {
    path: rules,
    operations: 'gateway:rule',
    tags,
    summaries: { list: 'Every flow rule', add: 'Adds a flow rule', edit: 'Changes a flow rule', remove: 'Deletes flow rules' },
    input: flowRuleInput,
    row: flowRule,
    saved: flowRule,
    list: async () => wholeList(await listFlowRules(context.db)),
    add: (caller, input) => service.saveRule(caller, flowRules, null, input),
    edit: (caller, id, input) => service.saveRule(caller, flowRules, id, input),
    remove: (caller, ids) => service.removeRules(caller, flowRules, ids),
  });
  app.get(
    `${rules}/counting`,
    {
      config: { operation: 'gateway:rule:view' },
      schema: { tags, summary: 'Whether counts are shared by every gateway process (Redis)', response: { 200: envelopeOf(flowCounting) } },
    },
    async () => ok({ clusterWide: context.cluster instanceof RedisCluster }),
  );

  registerListRoutes(app, {
    path: '/api/admin/gateway/degrade-rules',
    operations: 'gateway:degrade',
    tags,
    summaries: {
      list: 'Every degrade rule (circuit breaker)',
      add: 'Adds a degrade rule',
      edit: 'Changes a degrade rule',
      remove: 'Deletes degrade rules',
    },
    input: degradeRuleInput,
    row: degradeRule,
    saved: degradeRule,
    list: async () => wholeList(await listDegradeRules(context.db)),
    add: (caller, input) => service.saveRule(caller, degradeRules, null, input),
    edit: (caller, id, input) => service.saveRule(caller, degradeRules, id, input),
    remove: (caller, ids) => service.removeRules(caller, degradeRules, ids),
  });
  await sentinelRuleRoutes(app, context);
};
