import { DndContext } from '@dnd-kit/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import '../../../core/i18n/i18n.ts';
import type { OpenWorkflowTask, WorkflowTasks } from '@qiming/shared';
import { BucketColumn } from './index.tsx';
import { WorkflowTaskCard } from './WorkflowTaskCard.tsx';

const now = Date.UTC(2026, 10, 22, 8, 0, 0);
const approval: OpenWorkflowTask = {
  id: 7,
  name: 'Manager approval',
  definitionName: 'Leave approval',
  businessKey: 'QJ-2026-0106',
  createdAt: now - 5 * 86_400_000,
  dueAt: now - 86_400_000,
};
const form: OpenWorkflowTask = { ...approval, id: 8, name: 'Fill the request', businessKey: '', dueAt: null };

describe('workflow tasks in the to-do inbox', () => {
  afterEach(cleanup);

  it('shows a workflow task read-only: marked, named with its process, overdue, opening the workflow to-do page', () => {
    render(
      <MemoryRouter>
        <ul>
          <WorkflowTaskCard task={approval} now={now} />
          <WorkflowTaskCard task={form} now={now} />
        </ul>
      </MemoryRouter>,
    );
    const [first, second] = screen.getAllByRole('listitem');
    const card = within(first as HTMLElement);
    expect(card.getByRole('link', { name: 'Open Manager approval in My to-do tasks' }).getAttribute('href')).toBe('/bpm/todo');
    expect(card.getByText('Leave approval · QJ-2026-0106')).toBeTruthy();
    expect(card.getByText('Workflow task')).toBeTruthy();
    expect(card.getByText('Overdue').className).toContain('error');
    expect(card.queryByRole('button')).toBeNull();
    expect(within(second as HTMLElement).getByText('Leave approval')).toBeTruthy();
    expect(within(second as HTMLElement).queryByText('Overdue')).toBeNull();
  });

  it('counts the inbox as own tasks plus workflow tasks, and links to the rest past those shown', () => {
    const workflow: WorkflowTasks = { total: 3, overdue: 1, records: [approval, form] };
    render(
      <MemoryRouter>
        <DndContext>
          <BucketColumn bucket={1} tasks={[]} count={0} workflow={workflow}>
            {null}
          </BucketColumn>
        </DndContext>
      </MemoryRouter>,
    );
    expect(screen.getByText('0 + 3 workflow')).toBeTruthy();
    expect(screen.queryByText('Nothing here')).toBeNull();
    const section = within(screen.getByRole('region', { name: 'Workflow tasks' }));
    expect(section.getAllByRole('listitem')).toHaveLength(2);
    expect(section.getByRole('link', { name: '1 more in My to-do tasks' }).getAttribute('href')).toBe('/bpm/todo');
  });
});
