import type { FunctionTreeNode, Role } from '@qiming/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../core/i18n/i18n.ts';
import { api } from '../../../../core/request/client.ts';
import { FunctionGrants } from './RoleGrants.tsx';

// jsdom renders antd slowly on a loaded machine: wait for what a fetch brings longer than the default second.
const slow = { timeout: 30_000 };

vi.mock('../../../../core/request/client.ts', () => ({ api: { get: vi.fn() } }));

// The function tree as the server answers it: stored names, Qiming's in English from its declarations.
const functionTree: FunctionTreeNode[] = [
  {
    key: 'app:qiming',
    code: 'qiming',
    title: 'Qiming',
    children: [
      {
        key: 'module:platform',
        code: 'platform',
        title: 'Platform',
        children: [
          {
            key: 'function:platform.dict',
            code: 'platform.dict',
            title: 'Dictionaries',
            children: [
              { key: 'operation:11', code: 'dict:view', title: 'View', operationId: 11 },
              { key: 'operation:12', code: 'dict:add', title: 'Add', operationId: 12 },
            ],
          },
        ],
      },
    ],
  },
  {
    key: 'app:crm',
    code: 'crm',
    title: 'Customer care',
    children: [
      {
        key: 'module:crm.customer',
        code: 'crm.customer',
        title: 'Customer records',
        children: [
          {
            key: 'function:crm.customer.list',
            code: 'crm.customer.list',
            title: 'Customer list',
            children: [{ key: 'operation:21', code: 'customer:view', title: 'Browse', operationId: 21 }],
          },
        ],
      },
    ],
  },
];

const role = { id: 5, roleCode: 'editors', roleName: 'Editors', isSuper: false } as Role;

describe("a role's function grants in Chinese", () => {
  beforeEach(async () => {
    vi.mocked(api.get).mockImplementation((async (path: string) =>
      path === '/api/admin/roles/function-tree' ? functionTree : [11]) as never);
    await i18n.changeLanguage('zh');
  });
  afterEach(async () => {
    cleanup();
    vi.clearAllMocks();
    await i18n.changeLanguage('en');
  });

  it("names Qiming's own entries in Chinese, with each operation's code, and an imported app's as stored", async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <FunctionGrants role={role} onSaved={() => undefined} />
      </QueryClientProvider>,
    );
    // The tree is drawn anew once the model has loaded: look it up after that.
    expect(await screen.findByText('查看 (dict:view)', {}, slow)).toBeTruthy();
    const shown = within(screen.getByRole('tree', { name: '功能授权' }))
      .getAllByRole('treeitem')
      .map((item) => item.textContent);
    expect(shown).toEqual([
      '启明',
      '基础平台',
      '数据字典',
      '查看 (dict:view)',
      '新增 (dict:add)',
      'Customer care',
      'Customer records',
      'Customer list',
      'Browse (customer:view)',
    ]);
  }, 120_000);
});
