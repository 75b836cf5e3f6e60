import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export type ThemeMode = 'light' | 'dark';

/**
 * The page settings of spec section 9 (the tab bar ships on, see ARCHITECTURE.md) and the look of
 * ant-design-pro's setting drawer: theme, primary colour, compact, fixed header and sidebar.
 */
export interface Settings {
  showSettings: boolean;
  tagsView: boolean;
  fixedHeader: boolean;
  fixedSidebar: boolean;
  sidebarLogo: boolean;
  errorLog: 'production' | 'never';
  theme: ThemeMode;
  primaryColour: string;
  compact: boolean;
}

interface SettingsState extends Settings {
  drawerOpen: boolean;
  change<K extends keyof Settings>(key: K, value: Settings[K]): void;
  setDrawerOpen(open: boolean): void;
}

/** Primary colours offered, ant-design-pro's eight at the palette step where white text on them passes WCAG AA. */
export const primaryColours = {
  daybreak: '#096dd9',
  dust: '#cf1322',
  volcano: '#ad2102',
  sunset: '#ad4e00',
  cyan: '#006d75',
  green: '#237804',
  geekblue: '#1d39c4',
  purple: '#531dab',
} as const;

export const defaultSettings: Settings = {
  showSettings: false,
  tagsView: true,
  fixedHeader: true,
  fixedSidebar: true,
  sidebarLogo: true,
  errorLog: 'production',
  theme: 'light',
  primaryColour: primaryColours.daybreak,
  compact: false,
};

const storeName = (userId: string | null) => `qiming-settings:${userId ?? 'signed-out'}`;

/**
 * Settings are kept per account in this browser's local storage (the server keeps no user
 * preferences): the key names the user whose id the last sign-in stored, so a reload paints that
 * user's theme before the user call answers, and another account on the same browser keeps its own.
 */
export const useSettingsStore = create<SettingsState>()(
  persist(
    (set) => ({
      ...defaultSettings,
      drawerOpen: false,
      change: (key, value) => set({ [key]: value } as Partial<Settings>),
      setDrawerOpen: (drawerOpen) => set({ drawerOpen }),
    }),
    {
      name: storeName(localStorage.getItem('User-Id')),
      storage: createJSONStorage(() => localStorage),
      partialize: ({ drawerOpen, change, setDrawerOpen, ...settings }) => settings,
      // A user with nothing stored starts from the defaults, not from the previous user's choices.
      merge: (persisted, current) => ({ ...current, ...defaultSettings, ...(persisted as Partial<Settings> | undefined) }),
    },
  ),
);

/** Loads the signed-in user's settings when they are not the ones shown (another account signed in). */
export function loadSettingsOf(userId: number): Promise<void> | void {
  const name = storeName(String(userId));
  if (useSettingsStore.persist.getOptions().name === name) return;
  useSettingsStore.persist.setOptions({ name });
  return useSettingsStore.persist.rehydrate();
}
