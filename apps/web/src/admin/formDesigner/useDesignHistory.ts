import { useCallback, useEffect, useState } from 'react';
import { type History, record, redo, startHistory, undo } from './history.ts';
import type { DesignSchema } from './schemaEditing.ts';

type Change = (design: DesignSchema) => DesignSchema;

const isTextEntry = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || target.tagName === 'TEXTAREA' || target.tagName === 'INPUT');

/**
 * The schema being designed with undo and redo, by the returned calls and by Ctrl+Z, Ctrl+Shift+Z and
 * Ctrl+Y (Cmd on a Mac). Inside a text box those keys keep undoing the typing, as everywhere else.
 */
export function useDesignHistory(initial: () => DesignSchema) {
  const [history, setHistory] = useState<History<DesignSchema>>(() => startHistory(initial()));
  const change = useCallback((next: Change, group?: string) => setHistory((current) => record(current, next(current.present), group)), []);
  const undoStep = useCallback(() => setHistory(undo), []);
  const redoStep = useCallback(() => setHistory(redo), []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || isTextEntry(event.target)) return;
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) undoStep();
      else if ((key === 'z' && event.shiftKey) || key === 'y') redoStep();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undoStep, redoStep]);

  return {
    design: history.present,
    change,
    undo: undoStep,
    redo: redoStep,
    canUndo: history.past.length > 0,
    canRedo: history.future.length > 0,
  };
}
