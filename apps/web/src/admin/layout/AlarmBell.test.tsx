import type { AlarmNotifications } from '@qiming/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../core/i18n/i18n.ts';
import { api } from '../../core/request/client.ts';
import { type CurrentUser, useUserStore } from '../../core/stores/userStore.ts';
import { AlarmBell } from './AlarmBell.tsx';

vi.mock('../../core/request/client.ts', () => ({ api: { get: vi.fn(), post: vi.fn() } }));

const user: CurrentUser = {
  id: 1,
  userName: 'sysadmin',
  name: 'Admin',
  avatar: '',
  introduction: '',
  roles: [],
  menuTypeId: 1,
  isSuper: true,
  passwordExpired: false,
};
const notifications: AlarmNotifications = {
  unread: 2,
  records: [
    { id: 7, eventId: 3, ruleName: 'Slow orders', level: 'urgent', target: 'orders', phase: 'firing', createdAt: Date.now(), read: false },
    { id: 6, eventId: 2, ruleName: 'Disk', level: 'general', target: 'node-1', phase: 'resolved', createdAt: Date.now(), read: true },
  ],
};

function renderBell() {
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queries}>
      <MemoryRouter>
        <AlarmBell />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the alarm bell', () => {
  beforeEach(() => {
    vi.mocked(api.get).mockResolvedValue(notifications);
    vi.mocked(api.post).mockResolvedValue(null);
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
    useUserStore.getState().setUser(null);
  });

  it('asks nothing while nobody is signed in', async () => {
    renderBell();
    expect(await screen.findByTestId('alarm-bell')).toBeTruthy();
    expect(api.get).not.toHaveBeenCalled();
  });

  it('says how many are unread, lists the latest and marks one or all read', async () => {
    useUserStore.getState().setUser(user);
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Alarm notifications, 2 unread' });
    expect(api.get).toHaveBeenCalledWith('/api/admin/notifications', { quiet: true });
    fireEvent.click(bell);
    fireEvent.click(await screen.findByRole('button', { name: /Slow orders/ }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/api/admin/notifications/read', { body: { ids: [7] } }));
    // A read one stays as it is.
    fireEvent.click(screen.getByRole('button', { name: /Disk/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/api/admin/notifications/read-all'));
    expect(api.post).toHaveBeenCalledTimes(2);
  });
});
