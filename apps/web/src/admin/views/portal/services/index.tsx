import { type PortalServiceRow, portalRules, serviceKinds } from '@qiming/shared';
import { Image } from 'antd';
import { useTranslation } from 'react-i18next';
import { ResourceTable } from '../../../crud/ResourceTable.tsx';
import type { ResourceDeclaration } from '../../../crud/resource.ts';

const kindOptions = serviceKinds.map((kind) => ({ value: kind, label: `portal.services.kinds.${kind}` }));

/** The information services and science-innovation cases the site lists, in their order. */
export default function ServicesPage() {
  const { t } = useTranslation();
  const resource: ResourceDeclaration<PortalServiceRow> = {
    name: 'portal.services.name',
    apiPath: '/admin/portal/services',
    permissions: { create: 'portal:services:add', update: 'portal:services:edit', delete: 'portal:services:delete' },
    columns: [
      { key: 'kind', title: 'portal.services.kind', render: (row) => t(`portal.services.kinds.${row.kind}`) },
      { key: 'seq', title: 'portal.seq', width: 80 },
      { key: 'name', title: 'portal.name' },
      {
        key: 'image',
        title: 'portal.image',
        render: (row) => row.image && <Image src={row.image} alt={row.name} width={64} height={40} />,
      },
      { key: 'features', title: 'portal.services.features', render: (row) => row.features.length },
    ],
    searchFields: [
      { name: 'kind', label: 'portal.services.kind', input: 'select', options: kindOptions },
      { name: 'name', label: 'portal.name' },
    ],
    formFields: [
      { name: 'kind', label: 'portal.services.kind', input: 'select', options: kindOptions },
      { name: 'seq', label: 'portal.seq', input: 'number', rules: portalRules.seq },
      { name: 'name', label: 'portal.name', rules: portalRules.name },
      { name: 'summary', label: 'portal.summary', input: 'textarea', rules: portalRules.summary },
      { name: 'features', label: 'portal.services.featureLines', input: 'textarea', rules: portalRules.features },
      { name: 'image', label: 'portal.image', input: 'image', rules: portalRules.image },
      { name: 'story', label: 'portal.services.story', input: 'textarea', rules: portalRules.story },
      { name: 'results', label: 'portal.services.resultLines', input: 'textarea', rules: portalRules.labelledLines },
    ],
    createValues: () => ({ kind: 'information', image: '' }),
    formValues: (row) => ({ ...row, features: row.features.join('\n'), results: row.results.join('\n') }),
  };
  return <ResourceTable resource={resource} />;
}
