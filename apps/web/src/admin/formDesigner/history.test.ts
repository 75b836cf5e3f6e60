import { describe, expect, it } from 'vitest';
import { historyLimit, record, redo, startHistory, undo } from './history.ts';

describe('undo and redo', () => {
  it('takes steps back and forward, and a new change forgets the steps undone', () => {
    let history = record(record(startHistory(1), 2), 3);
    history = undo(undo(history));
    expect(history.present).toBe(1);
    history = redo(history);
    expect(history.present).toBe(2);
    history = record(history, 9);
    expect(history).toMatchObject({ past: [1, 2], present: 9, future: [] });
    expect(redo(history)).toBe(history);
    expect(undo(startHistory(1)).present).toBe(1);
  });

  it('merges a run of changes of one group into one step', () => {
    let history = record(startHistory('a'), 'ab', 'label');
    history = record(history, 'abc', 'label');
    expect(undo(history).present).toBe('a');
    history = record(history, 'abcd', 'key');
    expect(undo(history).present).toBe('abc');
  });

  it('starts a new step after an undo even within the same group', () => {
    let history = record(record(startHistory('a'), 'ab', 'label'), 'abc', 'label');
    history = record(undo(history), 'x', 'label');
    expect(history.past).toEqual(['a']);
  });

  it('keeps a bounded number of steps', () => {
    let history = startHistory(0);
    for (let n = 1; n <= historyLimit + 20; n += 1) history = record(history, n);
    expect(history.past).toHaveLength(historyLimit);
    expect(history.past[0]).toBe(20);
  });
});
