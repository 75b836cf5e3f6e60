import { type BreakerState, type DegradeRule, degradeGrades, degradeRuleRules, flowResourceModes } from '@qiming/shared';
import { Badge, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ResourceTable } from '../../../crud/ResourceTable.tsx';
import { type ResourceDeclaration, yesNoOptions } from '../../../crud/resource.ts';
import { useGatewayState } from '../gateway/useGatewayState.ts';

const breakerBadges: Record<BreakerState, 'success' | 'error' | 'warning'> = { closed: 'success', open: 'error', halfOpen: 'warning' };

const options = (values: readonly string[], prefix: string) => values.map((value) => ({ value, label: `${prefix}.${value}` }));

/** Degrade rules: circuit breakers that cut a failing or slow route or API group off for a while. */
export default function DegradeRulesPage() {
  const { t } = useTranslation();
  const live = useGatewayState();
  const resource: ResourceDeclaration<DegradeRule> = {
    name: 'gateway.degradeRule',
    apiPath: '/admin/gateway/degrade-rules',
    permissions: { create: 'gateway:degrade:add', update: 'gateway:degrade:edit', delete: 'gateway:degrade:delete' },
    columns: [
      { key: 'resource', title: 'gateway.resource', render: (row) => `${t(`gateway.modes.${row.resourceMode}`)}: ${row.resource}` },
      { key: 'grade', title: 'gateway.degradeGrade', render: (row) => t(`gateway.degradeGrades.${row.grade}`) },
      { key: 'count', title: 'gateway.degradeCount' },
      { key: 'slowRatioThreshold', title: 'gateway.slowRatioThreshold' },
      { key: 'minRequestAmount', title: 'gateway.minRequestAmount' },
      { key: 'statIntervalMs', title: 'gateway.statIntervalMs' },
      { key: 'timeWindow', title: 'gateway.timeWindow' },
      { key: 'enabled', title: 'gateway.enabled', render: (row) => t(row.enabled ? 'identity.yes' : 'identity.no') },
      {
        key: 'id',
        title: 'gateway.breakerState',
        render: (row) => {
          const states = live.breaker(row.id);
          if (states.length === 0) return '-';
          return (
            <Space direction="vertical" size={0}>
              {states.map(([state, count]) => (
                <Badge
                  key={state}
                  status={breakerBadges[state]}
                  text={`${t(`gateway.breakerStates.${state}`)}${live.processes > 1 ? ` (${t('gateway.breakerOn', { count, total: live.processes })})` : ''}`}
                />
              ))}
            </Space>
          );
        },
      },
    ],
    formFields: [
      { name: 'resourceMode', label: 'gateway.resourceMode', input: 'select', options: options(flowResourceModes, 'gateway.modes') },
      { name: 'resource', label: 'gateway.resource', rules: degradeRuleRules.resource },
      { name: 'grade', label: 'gateway.degradeGrade', input: 'select', options: options(degradeGrades, 'gateway.degradeGrades') },
      { name: 'count', label: 'gateway.degradeCount', rules: degradeRuleRules.count },
      { name: 'slowRatioThreshold', label: 'gateway.slowRatioThreshold', rules: degradeRuleRules.slowRatioThreshold },
      { name: 'minRequestAmount', label: 'gateway.minRequestAmount', input: 'number', rules: degradeRuleRules.minRequestAmount },
      { name: 'statIntervalMs', label: 'gateway.statIntervalMs', input: 'number', rules: degradeRuleRules.statIntervalMs },
      { name: 'timeWindow', label: 'gateway.timeWindow', input: 'number', rules: degradeRuleRules.timeWindow },
      { name: 'enabled', label: 'gateway.enabled', input: 'select', options: yesNoOptions },
    ],
    createValues: () => ({
      resourceMode: 'route',
      grade: 'errorRatio',
      count: '0.5',
      slowRatioThreshold: '1',
      minRequestAmount: 5,
      statIntervalMs: 1000,
      timeWindow: 10,
      enabled: 'true',
    }),
    formValues: (row) => ({
      ...row,
      count: String(row.count),
      slowRatioThreshold: String(row.slowRatioThreshold),
      enabled: String(row.enabled),
    }),
  };
  return <ResourceTable resource={resource} />;
}
