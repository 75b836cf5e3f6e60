import { type JobRow, portalRules } from '@qiming/shared';
import { ResourceTable } from '../../../crud/ResourceTable.tsx';
import type { ResourceDeclaration } from '../../../crud/resource.ts';

/** The job openings the recruitment page lists. */
export default function JobsPage() {
  const resource: ResourceDeclaration<JobRow> = {
    name: 'portal.jobs.name',
    apiPath: '/admin/portal/jobs',
    permissions: { create: 'portal:jobs:add', update: 'portal:jobs:edit', delete: 'portal:jobs:delete' },
    columns: [
      { key: 'seq', title: 'portal.seq', width: 80 },
      { key: 'title', title: 'portal.title' },
      { key: 'department', title: 'portal.jobs.department' },
      { key: 'location', title: 'portal.jobs.location' },
      { key: 'headcount', title: 'portal.jobs.headcount', width: 100 },
    ],
    searchFields: [{ name: 'name', label: 'portal.title' }],
    formFields: [
      { name: 'seq', label: 'portal.seq', input: 'number', rules: portalRules.seq },
      { name: 'title', label: 'portal.title', rules: portalRules.name },
      { name: 'department', label: 'portal.jobs.department', rules: portalRules.department },
      { name: 'location', label: 'portal.jobs.location', rules: portalRules.location },
      { name: 'headcount', label: 'portal.jobs.headcount', input: 'number', rules: portalRules.headcount },
      { name: 'duties', label: 'portal.jobs.duties', input: 'textarea', rules: portalRules.duties },
      { name: 'requirements', label: 'portal.jobs.requirements', input: 'textarea', rules: portalRules.requirements },
    ],
  };
  return <ResourceTable resource={resource} />;
}
