import { configure } from '@testing-library/react';

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
