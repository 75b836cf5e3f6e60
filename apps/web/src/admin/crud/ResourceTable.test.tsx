import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../core/i18n/i18n.ts';
import type { ListPath } from '../../core/request/apiPaths.ts';
import { usePermissionStore } from '../../core/stores/permissionStore.ts';
import { ResourceTable } from './ResourceTable.tsx';
import type { ResourceDeclaration } from './resource.ts';

interface Item {
  id: number;
  title: string;
  status: 'draft' | 'published';
}

vi.mock('./dataProvider.ts', () => ({
  dataProvider: () => ({
    getList: async () => ({
      total: 2,
      records: [
        { id: 1, title: 'A draft', status: 'draft' },
        { id: 2, title: 'A published one', status: 'published' },
      ],
    }),
  }),
  confirmAndDelete: vi.fn(),
  saveBlob: vi.fn(),
}));

const resource: ResourceDeclaration<Item> = {
  name: 'portal.news.name',
  // The kit's own behaviour, on a path no server serves (the client is mocked).
  apiPath: '/admin/probe' as ListPath<Item>,
  permissions: { update: 'probe:edit' },
  columns: [{ key: 'title', title: 'portal.title' }],
  formFields: [{ name: 'title', label: 'portal.title' }],
  editable: (row, holds) => row.status !== 'published' || holds('probe:publish'),
};

async function editButtons(): Promise<Record<string, boolean>> {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ResourceTable resource={resource} />
    </QueryClientProvider>,
  );
  const rows = await Promise.all(['A draft', 'A published one'].map(async (title) => (await screen.findByText(title)).closest('tr')));
  return Object.fromEntries(
    rows.map((row, index) => [
      index === 0 ? 'draft' : 'published',
      within(row as HTMLElement).queryByRole('button', { name: /Edit/ }) !== null,
    ]),
  );
}

describe('the resource table', () => {
  afterEach(cleanup);

  it('offers editing a row only to a user the row allows, beside the update grant', async () => {
    usePermissionStore.setState({ actions: new Set(['probe:edit']) });
    expect(await editButtons()).toEqual({ draft: true, published: false });
    cleanup();
    usePermissionStore.setState({ actions: new Set(['probe:edit', 'probe:publish']) });
    expect(await editButtons()).toEqual({ draft: true, published: true });
    cleanup();
    usePermissionStore.setState({ actions: new Set(['probe:publish']) });
    expect(await editButtons()).toEqual({ draft: false, published: false });
  });
});
