import { http } from '../../../core/request/client.ts';

/**
 * Opens the real site in a new tab showing the unsaved values: the server keeps them behind a token
 * for half an hour, and the site, given `?preview=<token>`, shows them in place of what is published.
 */
export async function openPreview(apiPath: string, values: Record<string, unknown>, sitePath: string): Promise<void> {
  // The tab is opened before the request, so the browser counts it as the click's own.
  const tab = window.open('about:blank', '_blank');
  try {
    const { token } = await http.post<{ token: string }>(apiPath, values);
    if (tab) tab.location.href = `/?preview=${encodeURIComponent(token)}#${sitePath}`;
  } catch (error) {
    tab?.close();
    throw error;
  }
}
