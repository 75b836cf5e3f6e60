import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/** The page settings of spec section 9; the tab bar ships on (see ARCHITECTURE.md). */
export interface Settings {
  showSettings: boolean;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  errorLog: 'production' | 'never';
}

interface SettingsState extends Settings {
  drawerOpen: boolean;
  change<K extends keyof Settings>(key: K, value: Settings[K]): void;
  setDrawerOpen(open: boolean): void;
}

export const defaultSettings: Settings = {
  showSettings: false,
  tagsView: true,
  fixedHeader: true,
  sidebarLogo: true,
  errorLog: 'production',
};

export const useSettingsStore = create<SettingsState>()(
  persist(
    (set) => ({
      ...defaultSettings,
      drawerOpen: false,
      change: (key, value) => set({ [key]: value } as Partial<Settings>),
      setDrawerOpen: (drawerOpen) => set({ drawerOpen }),
    }),
    {
      name: 'qiming-settings',
      partialize: ({ showSettings, tagsView, fixedHeader, sidebarLogo, errorLog }) => ({
        showSettings,
        tagsView,
        fixedHeader,
        sidebarLogo,
        errorLog,
      }),
    },
  ),
);
