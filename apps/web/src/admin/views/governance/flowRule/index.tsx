import { type FlowRule, flowBehaviors, flowGrades, flowParamStrategies, flowResourceModes, flowRuleRules } from '@qiming/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../../../core/request/client.ts';
import { ResourceTable } from '../../../crud/ResourceTable.tsx';
import { type ResourceDeclaration, yesNoOptions } from '../../../crud/resource.ts';

const options = (values: readonly string[], prefix: string) => values.map((value) => ({ value, label: `${prefix}.${value}` }));

/** Flow rules on routes and API groups; the page says whether counts are shared by every gateway. */
export default function FlowRulesPage() {
  const { t } = useTranslation();
  const counting = useQuery({
    queryKey: ['/admin/gateway/flow-rules/counting'],
    queryFn: () => api.get('/api/admin/gateway/flow-rules/counting'),
  });
  const resource: ResourceDeclaration<FlowRule> = {
    name: 'gateway.flowRule',
    apiPath: '/admin/gateway/flow-rules',
    permissions: { create: 'gateway:rule:add', update: 'gateway:rule:edit', delete: 'gateway:rule:delete' },
    columns: [
      { key: 'resource', title: 'gateway.resource', render: (row) => `${t(`gateway.modes.${row.resourceMode}`)}: ${row.resource}` },
      { key: 'grade', title: 'gateway.grade', render: (row) => t(`gateway.grades.${row.grade}`) },
      { key: 'count', title: 'gateway.count' },
      { key: 'intervalSec', title: 'gateway.intervalSec' },
      { key: 'burst', title: 'gateway.burst' },
      { key: 'controlBehavior', title: 'gateway.controlBehavior', render: (row) => t(`gateway.behaviors.${row.controlBehavior}`) },
      {
        key: 'paramStrategy',
        title: 'gateway.paramStrategy',
        render: (row) => `${t(`gateway.params.${row.paramStrategy}`)}${row.paramField ? ` ${row.paramField}` : ''}`,
      },
      { key: 'enabled', title: 'gateway.enabled', render: (row) => t(row.enabled ? 'identity.yes' : 'identity.no') },
    ],
    formFields: [
      { name: 'resourceMode', label: 'gateway.resourceMode', input: 'select', options: options(flowResourceModes, 'gateway.modes') },
      { name: 'resource', label: 'gateway.resource', rules: flowRuleRules.resource },
      { name: 'grade', label: 'gateway.grade', input: 'select', options: options(flowGrades, 'gateway.grades') },
      { name: 'count', label: 'gateway.count', input: 'number', rules: flowRuleRules.count },
      { name: 'intervalSec', label: 'gateway.intervalSec', input: 'number', rules: flowRuleRules.intervalSec },
      { name: 'burst', label: 'gateway.burst', input: 'number', rules: flowRuleRules.burst },
      { name: 'controlBehavior', label: 'gateway.controlBehavior', input: 'select', options: options(flowBehaviors, 'gateway.behaviors') },
      { name: 'warmUpPeriodSec', label: 'gateway.warmUpPeriodSec', input: 'number', rules: flowRuleRules.warmUpPeriodSec },
      { name: 'maxQueueingTimeMs', label: 'gateway.maxQueueingTimeMs', input: 'number', rules: flowRuleRules.maxQueueingTimeMs },
      { name: 'paramStrategy', label: 'gateway.paramStrategy', input: 'select', options: options(flowParamStrategies, 'gateway.params') },
      { name: 'paramField', label: 'gateway.paramField', rules: flowRuleRules.paramField },
      { name: 'enabled', label: 'gateway.enabled', input: 'select', options: yesNoOptions },
    ],
    createValues: () => ({
      resourceMode: 'route',
      grade: 'qps',
      intervalSec: 1,
      burst: 0,
      controlBehavior: 'reject',
      paramStrategy: 'none',
      paramField: '',
      warmUpPeriodSec: 10,
      maxQueueingTimeMs: 500,
      enabled: 'true',
    }),
    formValues: (row) => ({ ...row, enabled: String(row.enabled) }),
  };
  return (
    <>
      {counting.data && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          message={t(counting.data.clusterWide ? 'gateway.countingCluster' : 'gateway.countingProcess')}
        />
      )}
      <ResourceTable resource={resource} />
    </>
  );
}
