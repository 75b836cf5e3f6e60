import { ExperimentOutlined, RollbackOutlined, SendOutlined } from '@ant-design/icons';
import {
  type Definition,
  filterArgs,
  filterProblem,
  type GatewayRoute,
  predicateArgs,
  predicateProblem,
  type RouteStatus,
  routeRules,
  routeStatuses,
} from '@qiming/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../core/i18n/formatTimeAgo.ts';
import { api } from '../../../../core/request/client.ts';
import { toastSuccess } from '../../../../core/request/notify.ts';
import { Access } from '../../../crud/Access.tsx';
import { confirmAction } from '../../../crud/confirmAction.ts';
import { ResourceTable } from '../../../crud/ResourceTable.tsx';
import type { ResourceDeclaration } from '../../../crud/resource.ts';
import { DefinitionsInput } from './DefinitionsInput.tsx';
import { RouteTestDialog } from './RouteTestDialog.tsx';
import { useGatewayState } from './useGatewayState.ts';

const statusBadges: Record<RouteStatus, 'default' | 'success' | 'warning'> = {
  unreleased: 'default',
  released: 'success',
  cancelled: 'warning',
};
const summary = (definitions: Definition[]) =>
  definitions.map((definition) => `${definition.name}=${Object.values(definition.args).join(',')}`).join('; ');

function PredicatesInput(props: { value?: unknown; onChange?: (value: unknown) => void; id?: string }) {
  const { t } = useTranslation();
  return <DefinitionsInput kinds={predicateArgs} check={predicateProblem} addLabel={t('gateway.addPredicate')} {...props} />;
}

function FiltersInput(props: { value?: unknown; onChange?: (value: unknown) => void; id?: string }) {
  const { t } = useTranslation();
  return <DefinitionsInput kinds={filterArgs} check={filterProblem} addLabel={t('gateway.addFilter')} {...props} />;
}

/** Gateway routes: defined with predicate and filter forms, released to every gateway, cancelled. */
export default function GatewayRoutesPage() {
  const { t } = useTranslation();
  const queries = useQueryClient();
  const apiPath = '/admin/gateway/routes';
  const [testing, setTesting] = useState(false);
  const live = useGatewayState();

  const step = async (route: GatewayRoute, action: 'release' | 'cancel') => {
    if (!(await confirmAction(t, t(`gateway.${action}`)))) return;
    await api.post(`/api/admin/gateway/routes/{id}/${action}`, { path: { id: route.id } });
    toastSuccess(t(`gateway.${action}Done`));
    await queries.invalidateQueries({ queryKey: [apiPath] });
  };

  const resource: ResourceDeclaration<GatewayRoute> = {
    name: 'gateway.route',
    apiPath,
    permissions: { create: 'gateway:add', update: 'gateway:edit', delete: 'gateway:delete' },
    columns: [
      { key: 'orderNum', title: 'gateway.orderNum', sortable: true, width: 90 },
      { key: 'routeId', title: 'gateway.routeId', sortable: true },
      { key: 'routeName', title: 'gateway.routeName', sortable: true },
      { key: 'uri', title: 'gateway.uri' },
      { key: 'predicates', title: 'gateway.predicates', render: (row) => summary(row.predicates) },
      {
        key: 'status',
        title: 'gateway.status',
        render: (row) => <Badge status={statusBadges[row.status]} text={t(`gateway.statuses.${row.status}`)} />,
      },
      {
        key: 'id',
        title: 'gateway.trafficNow',
        render: (row) => (row.status === 'released' && live.processes > 0 ? t('gateway.trafficValue', live.traffic(row.routeId)) : '-'),
      },
      { key: 'updatedAt', title: 'gateway.updatedAt', sortable: true, render: (row) => formatDateTime(row.updatedAt) },
    ],
    searchFields: [
      { name: 'routeId', label: 'gateway.routeId' },
      { name: 'routeName', label: 'gateway.routeName' },
      {
        name: 'status',
        label: 'gateway.status',
        input: 'select',
        options: routeStatuses.map((status) => ({ value: status, label: `gateway.statuses.${status}` })),
      },
    ],
    formFields: [
      { name: 'routeId', label: 'gateway.routeId', rules: routeRules.routeId, readOnlyOnEdit: true },
      { name: 'routeName', label: 'gateway.routeName', rules: routeRules.routeName },
      { name: 'orderNum', label: 'gateway.orderNum', input: 'number', rules: routeRules.orderNum },
      { name: 'uri', label: 'gateway.uri', rules: routeRules.uri },
      { name: 'predicates', label: 'gateway.predicates', component: PredicatesInput },
      { name: 'filters', label: 'gateway.filters', component: FiltersInput },
      { name: 'description', label: 'gateway.description', input: 'textarea', rules: routeRules.description },
    ],
    createValues: () => ({ orderNum: 0, predicates: JSON.stringify([{ name: 'Path', args: { patterns: '/' } }]), filters: '[]' }),
    formValues: (row) => ({ ...row, predicates: JSON.stringify(row.predicates), filters: JSON.stringify(row.filters) }),
    dialogWidth: 960,
    toolbar: () => (
      <Button icon={<ExperimentOutlined />} onClick={() => setTesting(true)}>
        {t('gateway.test')}
      </Button>
    ),
    rowActions: (row) => (
      <Access code="gateway:release">
        {row.status === 'released' ? (
          <Button type="link" size="small" icon={<RollbackOutlined />} onClick={() => void step(row, 'cancel')}>
            {t('gateway.cancel')}
          </Button>
        ) : (
          <Button type="link" size="small" icon={<SendOutlined />} onClick={() => void step(row, 'release')}>
            {t('gateway.release')}
          </Button>
        )}
      </Access>
    ),
  };
  return (
    <>
      <ResourceTable resource={resource} />
      <RouteTestDialog open={testing} onClose={() => setTesting(false)} />
    </>
  );
}
