import type { ModelLevel, ModelNode } from '@qiming/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../core/i18n/i18n.ts';
import { api } from '../../../../core/request/client.ts';
import FunctionModelPage from './index.tsx';

// jsdom renders antd slowly on a loaded machine: wait for what a fetch brings longer than the default second.
const slow = { timeout: 30_000 };

vi.mock('../../../../core/request/client.ts', () => ({ api: { get: vi.fn() } }));

let nextId = 1;
const node = (level: ModelLevel, code: string, name: string, builtIn: boolean, children: ModelNode[] = []): ModelNode => ({
  level,
  id: nextId++,
  code,
  name,
  builtIn,
  fields: { [`${level}Code`]: code, [`${level}Name`]: name },
  children,
});

// Qiming's own app as the server stores it (English, from its declarations), beside an imported app.
const model: ModelNode[] = [
  node('app', 'qiming', 'Qiming', true, [
    node('module', 'platform', 'Platform', true, [
      node('function', 'platform.dict', 'Dictionaries', true, [
        node('operation', 'dict:view', 'View', true),
        node('operation', 'dict:add', 'Add', true),
      ]),
    ]),
  ]),
  node('app', 'crm', 'Customer care', false, [
    node('module', 'crm.customer', 'Customer records', false, [node('function', 'crm.customer.list', 'Customer list', false)]),
  ]),
];

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <FunctionModelPage />
    </QueryClientProvider>,
  );

describe('the function model page in Chinese', () => {
  beforeEach(async () => {
    vi.mocked(api.get).mockResolvedValue(model);
    await i18n.changeLanguage('zh');
  });
  afterEach(async () => {
    cleanup();
    vi.clearAllMocks();
    await i18n.changeLanguage('en');
  });

  // The tree is drawn anew for each search: look it up after the search, not before.
  const searchFor = async (text: string) => {
    const search = await screen.findByRole('searchbox', { name: '按编码或名称搜索' }, slow);
    fireEvent.change(search, { target: { value: text } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.keyUp(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
  };
  const tree = () => screen.getByRole('tree', { name: '功能模型' });

  it("names Qiming's own modules, functions and operations in Chinese and an imported app's as stored", async () => {
    renderPage();
    // The apps open expanded once the model has loaded.
    expect(await screen.findByText('基础平台', { exact: true }, slow)).toBeTruthy();
    await searchFor('dict');
    expect(await screen.findByText('数据字典', { exact: true }, slow)).toBeTruthy();
    for (const name of ['启明', '查看', '新增']) expect(within(tree()).getByText(name, { exact: true })).toBeTruthy();
    for (const english of ['Platform', 'Dictionaries', 'View', 'Add'])
      expect(within(tree()).queryByText(english, { exact: true })).toBeNull();
    await searchFor('crm');
    expect(await screen.findByText('Customer care', { exact: true }, slow)).toBeTruthy();
    for (const name of ['Customer records', 'Customer list']) expect(within(tree()).getByText(name, { exact: true })).toBeTruthy();
  }, 120_000);

  it('finds a built-in entry by its Chinese name and shows it so in the details', async () => {
    renderPage();
    await searchFor('字典');
    fireEvent.click(await screen.findByText('数据字典', { exact: true }, slow));
    expect(within(tree()).queryByText('Customer care', { exact: true })).toBeNull();
    const details = screen.getByRole('table');
    expect(within(details).getByText('数据字典', { exact: true })).toBeTruthy();
    expect(within(details).getByText('platform.dict', { exact: true })).toBeTruthy();
  }, 120_000);
});
