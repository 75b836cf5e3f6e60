import { type CustomerRow, portalRules } from '@qiming/shared';
import { Image } from 'antd';
import { ResourceTable } from '../../../crud/ResourceTable.tsx';
import type { ResourceDeclaration } from '../../../crud/resource.ts';

/** The typical customers the site shows, with their logos. */
export default function CustomersPage() {
  const resource: ResourceDeclaration<CustomerRow> = {
    name: 'portal.customers.name',
    apiPath: '/admin/portal/customers',
    permissions: { create: 'portal:customers:add', update: 'portal:customers:edit', delete: 'portal:customers:delete' },
    columns: [
      { key: 'seq', title: 'portal.seq', width: 80 },
      { key: 'name', title: 'portal.name' },
      { key: 'category', title: 'portal.customers.category' },
      { key: 'region', title: 'portal.customers.region' },
      {
        key: 'logo',
        title: 'portal.customers.logo',
        render: (row) => row.logo && <Image src={row.logo} alt={row.name} width={64} height={40} />,
      },
    ],
    searchFields: [{ name: 'name', label: 'portal.name' }],
    formFields: [
      { name: 'seq', label: 'portal.seq', input: 'number', rules: portalRules.seq },
      { name: 'name', label: 'portal.name', rules: portalRules.name },
      { name: 'category', label: 'portal.customers.category', rules: portalRules.category },
      { name: 'region', label: 'portal.customers.region', rules: portalRules.region },
      { name: 'description', label: 'portal.description', input: 'textarea', rules: portalRules.description },
      { name: 'logo', label: 'portal.customers.logo', input: 'image', rules: portalRules.image },
    ],
    createValues: () => ({ logo: '' }),
  };
  return <ResourceTable resource={resource} />;
}
