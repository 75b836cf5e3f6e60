import type { AlarmNotifications } from '@qiming/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../core/i18n/i18n.ts';
import { http } from '../../core/request/client.ts';
import { type CurrentUser, useUserStore } from '../../core/stores/userStore.ts';
import { AlarmBell } from './AlarmBell.tsx';

vi.mock('../../core/request/client.ts', () => ({ http: { poll: vi.fn(), post: vi.fn() } }));

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
    vi.mocked(http.poll).mockResolvedValue(notifications);
    vi.mocked(http.post).mockResolvedValue(undefined);
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
    useUserStore.getState().setUser(null);
  });

  it('asks nothing while nobody is signed in', async () => {
    renderBell();
    expect(await screen.findByTestId('alarm-bell')).toBeTruthy();
    expect(http.poll).not.toHaveBeenCalled();
  });

  it('says how many are unread, lists the latest and marks one or all read', async () => {
    useUserStore.getState().setUser(user);
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Alarm notifications, 2 unread' });
    expect(http.poll).toHaveBeenCalledWith('/admin/notifications');
    fireEvent.click(bell);
    fireEvent.click(await screen.findByRole('button', { name: /Slow orders/ }));
    await waitFor(() => expect(http.post).toHaveBeenCalledWith('/admin/notifications/read', { ids: [7] }));
    // A read one stays as it is.
    fireEvent.click(screen.getByRole('button', { name: /Disk/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(http.post).toHaveBeenCalledWith('/admin/notifications/read-all'));
    expect(http.post).toHaveBeenCalledTimes(2);
  });
});
