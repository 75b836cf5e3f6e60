import type { Namespace } from '@qiming/shared';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../../core/i18n/i18n.ts';
import { api } from '../../../../core/request/client.ts';
import { NamespaceGrants } from './NamespaceGrants.tsx';

vi.mock('../../../../core/request/client.ts', () => ({ api: { get: vi.fn(), put: vi.fn() } }));
vi.mock('../../../../core/request/notify.ts', () => ({ toastSuccess: vi.fn() }));

const teamA = { id: 4, namespaceId: 'team-a', name: 'Team A', description: '', configCount: 0, serviceCount: 0 } as Namespace;
const grants = {
  grants: [{ roleId: 7, roleCode: 'team_a_client', roleName: 'Team A clients', access: 'write' }],
  roles: [
    { id: 7, roleCode: 'team_a_client', roleName: 'Team A clients' },
    { id: 9, roleCode: 'auditors', roleName: 'Auditors' },
  ],
};

describe('the grants of a namespace', () => {
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('lists the roles granted, adds one as read-only and saves the whole list', async () => {
    vi.mocked(api.get).mockResolvedValue(grants);
    vi.mocked(api.put).mockResolvedValue([]);
    const onClose = vi.fn();
    render(<NamespaceGrants namespace={teamA} onClose={onClose} />);
    expect(await screen.findByText('Team A clients (team_a_client)', {}, { timeout: 30_000 })).toBeTruthy();
    expect(api.get).toHaveBeenCalledWith('/api/admin/namespaces/{id}/grants', { path: { id: 4 } });

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Grant a role…' }));
    fireEvent.click(await screen.findByText('Auditors (auditors)', { selector: '.ant-select-item-option-content' }, { timeout: 30_000 }));
    const added = (await screen.findByText('Auditors (auditors)', { selector: 'td' }, { timeout: 30_000 })).closest('tr') as HTMLElement;
    expect(within(added).getByText('Read')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Save grants' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled(), { timeout: 30_000 });
    expect(api.put).toHaveBeenCalledWith('/api/admin/namespaces/{id}/grants', {
      path: { id: 4 },
      body: {
        grants: [
          { roleId: 7, access: 'write' },
          { roleId: 9, access: 'read' },
        ],
      },
      json: true,
    });
  }, 120_000);

  it('saves an empty list once the last role is removed', async () => {
    vi.mocked(api.get).mockResolvedValue(grants);
    vi.mocked(api.put).mockResolvedValue([]);
    render(<NamespaceGrants namespace={teamA} onClose={() => {}} />);
    const row = (await screen.findByText('Team A clients (team_a_client)', {}, { timeout: 30_000 })).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('No role is granted this namespace by name', {}, { timeout: 30_000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save grants' }));
    await waitFor(
      () =>
        expect(api.put).toHaveBeenCalledWith('/api/admin/namespaces/{id}/grants', { path: { id: 4 }, body: { grants: [] }, json: true }),
      { timeout: 30_000 },
    );
  }, 120_000);
});
