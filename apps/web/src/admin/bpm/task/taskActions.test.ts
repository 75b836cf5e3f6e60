import type { BpmPluginButton } from '@qiming/shared';
import { describe, expect, it } from 'vitest';
import { offeredCommands, splitButtons } from './taskActions.ts';

const open = { status: 'open' as const, outcome: null, candidateUsers: [], candidateGroups: ['manager'] };

describe('what a task offers', () => {
  it('offers a claim while nobody has it', () => {
    expect(offeredCommands({ ...open, assignee: null }, 'manager01')).toEqual(['claim']);
  });

  it('offers complete, re-assign, return and giving back to its assignee', () => {
    expect(offeredCommands({ ...open, assignee: 'manager01' }, 'manager01', 1)).toEqual(['complete', 'assign', 'return', 'unclaim']);
    expect(offeredCommands({ ...open, candidateGroups: [], assignee: 'manager01' }, 'manager01')).toEqual(['complete', 'assign']);
  });

  it('offers nothing on a task someone else holds', () => {
    expect(offeredCommands({ ...open, assignee: 'director01' }, 'manager01')).toEqual([]);
  });

  it('offers recall only on a task the user completed', () => {
    expect(offeredCommands({ ...open, status: 'closed', outcome: 'completed', assignee: 'staff01' }, 'staff01')).toEqual(['recall']);
    expect(offeredCommands({ ...open, status: 'closed', outcome: 'returned', assignee: 'staff01' }, 'staff01')).toEqual([]);
  });
});

describe('plugin buttons', () => {
  const button = (code: string, action: BpmPluginButton['action'], sort: number, enabled = true): BpmPluginButton => ({
    id: sort,
    code,
    name: code,
    typeCode: 'approval',
    action,
    variables: {},
    sort,
    enabled,
  });

  it('sorts enabled buttons into decisions, return and transfer', () => {
    const split = splitButtons([
      button('reject', 'complete', 2),
      button('agree', 'complete', 1),
      button('back', 'return', 3),
      button('give', 'transfer', 4),
      button('old', 'complete', 0, false),
    ]);
    expect(split.completing.map((entry) => entry.code)).toEqual(['agree', 'reject']);
    expect(split.returning.map((entry) => entry.code)).toEqual(['back']);
    expect(split.transferring.map((entry) => entry.code)).toEqual(['give']);
  });
});
