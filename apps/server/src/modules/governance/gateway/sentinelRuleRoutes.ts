import { degradeRule, degradeRuleInput, flowRule, flowRuleInput } from '@qiming/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { envelopeOf, ok } from '../../../http/envelope.ts';
import { badRequest } from '../../../http/errors.ts';
import { listDegradeRules, listFlowRules, resourceExists } from './ruleRepo.ts';
import { degradeRules, flowRules, RuleService } from './ruleService.ts';
import {
  countRefused,
  fromSentinelDegradeRule,
  fromSentinelFlowRule,
  fromSentinelGatewayFlowRule,
  type ResourceModeOf,
  sentinelDegradeAnswer,
  sentinelDegradeRule,
  sentinelFlowRule,
  sentinelGatewayFlowAnswer,
  sentinelGatewayFlowRule,
  toSentinelDegradeRule,
  toSentinelGatewayFlowRule,
} from './sentinelRules.ts';

const tags = ['gateway'];

/** Sentinel's own JSON arrays: at most this many rules in one import. */
const maxRules = 500;

/** A mapped rule checked by our own rules; a refusal names the rule's place and the field. */
function checked<T>(schema: z.ZodType<T>, mapped: unknown, index: number): T {
  if (mapped === countRefused) throw badRequest('validation.invalidValue', { field: `${index}.count` });
  const result = schema.safeParse(mapped);
  if (result.success) return result.data;
  const issue = result.error.issues[0] as z.core.$ZodIssue & { params?: Record<string, string | number> };
  throw badRequest('validation.sentinelField', { field: [index, ...issue.path].join('.'), reason: issue.message, ...issue.params });
}

/**
 * Sentinel's rule JSON in and out: flow rules (core FlowRule, named by a route id or API group, as the
 * SCG adapter names resources), gateway flow rules and degrade rules. An import adds its rules, all or none.
 */
const sentinelFlowPath = '/api/admin/gateway/flow-rules/sentinel';
const sentinelGatewayFlowPath = '/api/admin/gateway/flow-rules/sentinel-gateway';
const sentinelDegradePath = '/api/admin/gateway/degrade-rules/sentinel';

// An import adds rules and an export reads them, so the rule list's add and view grants cover them.
export const sentinelRuleRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const service = new RuleService(context);
  const modeOf: ResourceModeOf = async (resource) =>
    (await resourceExists(context.db, 'route', resource)) || !(await resourceExists(context.db, 'apiGroup', resource))
      ? 'route'
      : 'apiGroup';

  app.post(
    sentinelFlowPath,
    {
      config: { operation: 'gateway:rule:add' },
      schema: {
        tags,
        summary: "Adds flow rules written as Sentinel's FlowRule JSON",
        body: z.array(sentinelFlowRule).max(maxRules),
        response: { 200: envelopeOf(z.array(flowRule)) },
      },
    },
    async (request) => {
      const inputs = await Promise.all(
        request.body.map(async (rule, index) => checked(flowRuleInput, await fromSentinelFlowRule(rule, modeOf), index)),
      );
      return ok(await service.importRules(request.caller, flowRules, inputs));
    },
  );
  app.get(
    sentinelGatewayFlowPath,
    {
      config: { operation: 'gateway:rule:view' },
      schema: {
        tags,
        summary: "Every enabled flow rule as Sentinel's GatewayFlowRule JSON",
        response: { 200: envelopeOf(z.array(sentinelGatewayFlowAnswer)) },
      },
    },
    async () => ok((await listFlowRules(context.db)).filter((rule) => rule.enabled).map(toSentinelGatewayFlowRule)),
  );
  app.post(
    sentinelGatewayFlowPath,
    {
      config: { operation: 'gateway:rule:add' },
      schema: {
        tags,
        summary: "Adds flow rules written as Sentinel's GatewayFlowRule JSON",
        body: z.array(sentinelGatewayFlowRule).max(maxRules),
        response: { 200: envelopeOf(z.array(flowRule)) },
      },
    },
    async (request) => {
      const inputs = request.body.map((rule, index) => checked(flowRuleInput, fromSentinelGatewayFlowRule(rule), index));
      return ok(await service.importRules(request.caller, flowRules, inputs));
    },
  );
  app.get(
    sentinelDegradePath,
    {
      config: { operation: 'gateway:degrade:view' },
      schema: {
        tags,
        summary: "Every enabled degrade rule as Sentinel's DegradeRule JSON",
        response: { 200: envelopeOf(z.array(sentinelDegradeAnswer)) },
      },
    },
    async () => ok((await listDegradeRules(context.db)).filter((rule) => rule.enabled).map(toSentinelDegradeRule)),
  );
  app.post(
    sentinelDegradePath,
    {
      config: { operation: 'gateway:degrade:add' },
      schema: {
        tags,
        summary: "Adds degrade rules written as Sentinel's DegradeRule JSON",
        body: z.array(sentinelDegradeRule).max(maxRules),
        response: { 200: envelopeOf(z.array(degradeRule)) },
      },
    },
    async (request) => {
      const inputs = await Promise.all(
        request.body.map(async (rule, index) => checked(degradeRuleInput, await fromSentinelDegradeRule(rule, modeOf), index)),
      );
      return ok(await service.importRules(request.caller, degradeRules, inputs));
    },
  );
};
