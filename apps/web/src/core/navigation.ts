import { flushSync } from 'react-dom';
import { navigateTo } from '../hashLocation.ts';

/**
 * Navigation for code outside React (the request client, sign-out): the new page is committed before the
 * returned promise resolves, so nothing of the old one renders after, say, a sign-out forgets the tokens.
 */
export async function navigate(to: string, options?: { replace?: boolean }): Promise<void> {
  flushSync(() => navigateTo(to, options));
}
