import { readTokens } from '../auth/tokenStorage.ts';
import { http, RequestError } from '../request/client.ts';
import { useErrorLogStore } from '../stores/errorLogStore.ts';
import { useSettingsStore } from '../stores/settingsStore.ts';

let installed = false;

/** Keeps an unhandled UI error: in the store with the page URL, on the console, and on the server. */
export function recordUiError(error: unknown, info = ''): void {
  const entry = {
    message: error instanceof Error ? error.message : String(error),
    stack: error instanceof Error ? (error.stack ?? '') : '',
    info,
    url: window.location.href,
    time: Date.now(),
  };
  useErrorLogStore.getState().add(entry);
  console.error(error);
  if (readTokens()) {
    void http
      .post('/admin/client-errors', {
        pageUrl: entry.url.slice(0, 2000),
        message: entry.message.slice(0, 2000) || 'Error',
        stack: entry.stack.slice(0, 20000),
        info,
      })
      .catch(() => undefined);
  }
}

/** In production builds, with the error-log setting on, every unhandled error is recorded (spec section 8). */
export function installErrorLog(): void {
  if (installed || !import.meta.env.PROD || useSettingsStore.getState().errorLog !== 'production') return;
  installed = true;
  window.addEventListener('error', (event) => recordUiError(event.error ?? event.message, 'window.onerror'));
  window.addEventListener('unhandledrejection', (event) => {
    // A failed request was already explained to the user by the request client.
    if (!(event.reason instanceof RequestError)) recordUiError(event.reason, 'unhandledrejection');
  });
}
