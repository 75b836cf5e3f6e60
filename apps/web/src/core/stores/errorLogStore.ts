import { create } from 'zustand';

export interface ErrorLogEntry {
  message: string;
  stack: string;
  info: string;
  url: string;
  time: number;
}

interface ErrorLogState {
  logs: ErrorLogEntry[];
  add(entry: ErrorLogEntry): void;
  clear(): void;
}

export const useErrorLogStore = create<ErrorLogState>((set) => ({
  logs: [],
  add: (entry) => set((state) => ({ logs: [...state.logs, entry].slice(-100) })),
  clear: () => set({ logs: [] }),
}));
