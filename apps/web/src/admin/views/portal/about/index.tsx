import { type AboutSectionRow, portalRules } from '@qiming/shared';
import { ResourceTable } from '../../../crud/ResourceTable.tsx';
import type { ResourceDeclaration } from '../../../crud/resource.ts';

/** The about-us sections; their order is the footer's `activeIndex` 0, 1, 2, 3. */
export default function AboutSectionsPage() {
  const resource: ResourceDeclaration<AboutSectionRow> = {
    name: 'portal.about.name',
    apiPath: '/admin/portal/about',
    permissions: { create: 'portal:about:add', update: 'portal:about:edit', delete: 'portal:about:delete' },
    columns: [
      { key: 'seq', title: 'portal.seq', width: 80 },
      { key: 'title', title: 'portal.title' },
      { key: 'body', title: 'portal.about.body', render: (row) => (row.body.length > 60 ? `${row.body.slice(0, 60)}…` : row.body) },
    ],
    searchFields: [{ name: 'name', label: 'portal.title' }],
    formFields: [
      { name: 'seq', label: 'portal.seq', input: 'number', rules: portalRules.seq },
      { name: 'title', label: 'portal.title', rules: portalRules.name },
      { name: 'body', label: 'portal.about.body', input: 'textarea', rules: portalRules.sectionBody },
      { name: 'image', label: 'portal.image', input: 'image', rules: portalRules.image },
      { name: 'items', label: 'portal.about.itemLines', input: 'textarea', rules: portalRules.labelledLines },
    ],
    createValues: () => ({ image: '' }),
    formValues: (row) => ({ ...row, items: row.items.join('\n') }),
  };
  return <ResourceTable resource={resource} />;
}
