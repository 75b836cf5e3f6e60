import { configure } from '@testing-library/react';
import Cookies from 'js-cookie';
import type { StoreApi } from 'zustand';
import { i18n } from './core/i18n/i18n.ts';
import { useAppStore } from './core/stores/appStore.ts';
import { useErrorLogStore } from './core/stores/errorLogStore.ts';
import { usePermissionStore } from './core/stores/permissionStore.ts';
import { useSettingsStore } from './core/stores/settingsStore.ts';
import { useTagsStore } from './core/stores/tagsStore.ts';
import { useUserStore } from './core/stores/userStore.ts';

// antd measures the window: jsdom has neither matchMedia nor ResizeObserver.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;

// Testing Library waits 1 s for what a test awaits; the suite runs beside the browser specs on two cores,
// where antd's validation of a long form once took longer (2026-11-27). What is awaited is unchanged.
configure({ asyncUtilTimeout: 5_000 });

// Test files share their worker's modules (isolate: false in vitest.config.ts, a third of the suite's CPU), so
// each starts as a page newly opened would: empty storage and cookies, every store as created, English. The body is
// left: antd's message keeps its container there for the worker's life.
localStorage.clear();
sessionStorage.clear();
for (const name of Object.keys(Cookies.get())) Cookies.remove(name);
for (const store of [useAppStore, useErrorLogStore, usePermissionStore, useSettingsStore, useTagsStore, useUserStore]) {
  (store as StoreApi<object>).setState(store.getInitialState(), true);
}
await i18n.changeLanguage('en');
