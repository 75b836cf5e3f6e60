import { type ApiGroup, apiGroupRules, apiItemProblem, apiMatchArgs } from '@qiming/shared';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../core/i18n/formatTimeAgo.ts';
import { ResourceTable } from '../../../crud/ResourceTable.tsx';
import type { ResourceDeclaration } from '../../../crud/resource.ts';
import { DefinitionsInput } from '../gateway/DefinitionsInput.tsx';

function ItemsInput(props: { value?: unknown; onChange?: (value: unknown) => void; id?: string }) {
  const { t } = useTranslation();
  return <DefinitionsInput kinds={apiMatchArgs} check={apiItemProblem} addLabel={t('gateway.addPath')} {...props} />;
}

/** API groups: named sets of paths (exact, prefix, regular expression) that flow rules can limit together. */
export default function ApiGroupsPage() {
  const resource: ResourceDeclaration<ApiGroup> = {
    name: 'gateway.apiGroup',
    apiPath: '/admin/gateway/api-groups',
    permissions: { create: 'gateway:group:add', update: 'gateway:group:edit', delete: 'gateway:group:delete' },
    columns: [
      { key: 'apiName', title: 'gateway.apiName' },
      { key: 'items', title: 'gateway.paths', render: (row) => row.items.map((item) => `${item.name} ${item.args.pattern}`).join('; ') },
      { key: 'description', title: 'gateway.description' },
      { key: 'updatedAt', title: 'gateway.updatedAt', render: (row) => formatDateTime(row.updatedAt) },
    ],
    formFields: [
      { name: 'apiName', label: 'gateway.apiName', rules: apiGroupRules.apiName },
      { name: 'items', label: 'gateway.paths', component: ItemsInput },
      { name: 'description', label: 'gateway.description', input: 'textarea', rules: apiGroupRules.description },
    ],
    createValues: () => ({ items: JSON.stringify([{ name: 'prefix', args: { pattern: '/' } }]) }),
    formValues: (row) => ({ ...row, items: JSON.stringify(row.items) }),
    dialogWidth: 720,
  };
  return <ResourceTable resource={resource} />;
}
