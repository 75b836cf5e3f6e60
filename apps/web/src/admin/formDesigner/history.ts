/**
 * Undo and redo over whole values. `group` merges a run of changes into one step (the keystrokes of
 * one text box), so that undo takes back the word, not the letter.
 */
export interface History<T> {
  past: T[];
  present: T;
  future: T[];
  group?: string;
}

/** Steps kept: enough for an editing session, bounded so that a long one does not grow without end. */
export const historyLimit = 100;

export function startHistory<T>(present: T): History<T> {
  return { past: [], present, future: [] };
}

export function record<T>(history: History<T>, next: T, group?: string): History<T> {
  if (next === history.present) return history;
  if (group !== undefined && group === history.group) return { ...history, present: next, future: [] };
  return { past: [...history.past, history.present].slice(-historyLimit), present: next, future: [], group };
}

export function undo<T>(history: History<T>): History<T> {
  const previous = history.past.at(-1);
  if (previous === undefined) return history;
  return { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future] };
}

export function redo<T>(history: History<T>): History<T> {
  const [next, ...rest] = history.future;
  if (next === undefined) return history;
  return { past: [...history.past, history.present].slice(-historyLimit), present: next, future: rest };
}
