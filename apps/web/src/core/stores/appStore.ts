import Cookies from 'js-cookie';
import { create } from 'zustand';

export type ComponentSize = 'large' | 'middle' | 'small';
export type Device = 'desktop' | 'mobile';

const sidebarCookie = 'sidebarStatus';
const sizeCookie = 'size';
const sizes: ComponentSize[] = ['large', 'middle', 'small'];

interface AppState {
  sidebarOpened: boolean;
  device: Device;
  size: ComponentSize;
  toggleSidebar(): void;
  closeSidebar(): void;
  setDevice(device: Device): void;
  setSize(size: ComponentSize): void;
}

/** Sidebar state and component size live in cookies (spec section 4), so they survive a reload. */
export const useAppStore = create<AppState>((set, get) => ({
  sidebarOpened: Cookies.get(sidebarCookie) !== '0',
  device: 'desktop',
  size: sizes.find((size) => size === Cookies.get(sizeCookie)) ?? 'small',
  toggleSidebar() {
    const opened = !get().sidebarOpened;
    Cookies.set(sidebarCookie, opened ? '1' : '0', { sameSite: 'lax' });
    set({ sidebarOpened: opened });
  },
  closeSidebar() {
    Cookies.set(sidebarCookie, '0', { sameSite: 'lax' });
    set({ sidebarOpened: false });
  },
  setDevice(device) {
    set({ device });
  },
  setSize(size) {
    Cookies.set(sizeCookie, size, { sameSite: 'lax' });
    set({ size });
  },
}));

export const sidebarWidth = { opened: 208, collapsed: 50 } as const;
