import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../core/i18n/i18n.ts';
import { api } from '../../../../core/request/client.ts';
import { usePermissionStore } from '../../../../core/stores/permissionStore.ts';
import MenuPage from './index.tsx';

// jsdom renders antd slowly on a loaded machine: wait for what a fetch brings longer than the default second.
const slow = { timeout: 30_000 };

vi.mock('../../../../core/request/client.ts', () => ({ api: { get: vi.fn() } }));

const menuRow = (id: number, menuCode: string, menuName: string) => ({
  id,
  menuCode,
  menuName,
  parentMenuId: null,
  isLeaf: 1,
  menuPath: menuCode.replaceAll('_', '/'),
  requestAction: null,
  icon: '',
  seq: id,
  target: '_self',
});

describe('the menus page in Chinese', () => {
  beforeEach(async () => {
    vi.mocked(api.get).mockImplementation((async (path: string) =>
      path === '/api/admin/menu-types'
        ? { total: 1, records: [{ id: 1, menuTypeName: '后台菜单', isSys: 1 }] }
        : [menuRow(1, 'system_dictionary', 'Dictionaries'), menuRow(2, 'crm_visits', '客户拜访')]) as never);
    usePermissionStore.setState({ actions: new Set(['menu:edit']) });
    await i18n.changeLanguage('zh');
  });
  afterEach(async () => {
    cleanup();
    vi.clearAllMocks();
    await i18n.changeLanguage('en');
  });

  it('names each menu as the sidebar does, and the edit form keeps the stored name', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MenuPage />
      </QueryClientProvider>,
    );
    const dictionary = (await screen.findByRole('cell', { name: '数据字典' }, slow)).closest('tr') as HTMLElement;
    expect(screen.getByRole('cell', { name: '客户拜访' })).toBeTruthy();
    expect(screen.queryByRole('cell', { name: 'Dictionaries' })).toBeNull();

    fireEvent.click(within(dictionary).getByRole('button', { name: /编辑/ }));
    const dialog = await screen.findByRole('dialog', { name: '编辑菜单' }, slow);
    expect(within(dialog).getByLabelText('菜单名称')).toHaveProperty('value', 'Dictionaries');
  }, 120_000);
});
