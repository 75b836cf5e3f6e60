import { menuClientId, sealPassword, type TokenAnswer } from '@qiming/shared';
import { navigate } from '../navigation.ts';
import { api, client } from '../request/client.ts';
import { formEncode } from '../request/formEncoding.ts';
import { usePermissionStore } from '../stores/permissionStore.ts';
import { loadSettingsOf } from '../stores/settingsStore.ts';
import { useTagsStore } from '../stores/tagsStore.ts';
import { type CurrentUser, useUserStore } from '../stores/userStore.ts';
import { clearTokens, readTokens, writeTokens, writeUserId } from './tokenStorage.ts';

/** Spec section 9: poll every 5 minutes and refresh a token with less than 3600 s left; check the user every 2 minutes. */
export const tokenPollMs = 300_000;
export const userCheckMs = 120_000;
export const refreshThresholdSeconds = 3600;

async function requestToken(form: Record<string, string>): Promise<void> {
  const answer = (
    await client.post<TokenAnswer>('/oauth/token', formEncode(form), { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } })
  ).data;
  writeTokens({ accessToken: answer.access_token, refreshToken: answer.refresh_token, expiresAt: Date.now() + answer.expires_in * 1000 });
}

/** The sign-in protocol: a one-time key, the password sealed with it, the OAuth password grant. */
export async function signIn(userName: string, password: string): Promise<void> {
  const { keyId, key } = await api.get('/api/uc/getkey/LoginGetKey.do', { query: { method: 'getLoginKey' } });
  await requestToken({ grant_type: 'password', username: userName, password: sealPassword(key, password), keyId, client_id: menuClientId });
}

let refreshing: Promise<void> | undefined;

/**
 * One refresh at a time. The server ends the session when a rotated-out refresh token comes back, so
 * a second refresh of the same token (a remount, the poll) would sign the user out: callers share the
 * refresh under way.
 */
export function refreshTokens(): Promise<void> {
  const presented = readTokens()?.refreshToken;
  if (!presented) return Promise.resolve();
  refreshing ??= requestToken({ grant_type: 'refresh_token', refresh_token: presented, client_id: menuClientId }).finally(() => {
    refreshing = undefined;
  });
  return refreshing;
}

export async function refreshIfDue(now = Date.now()): Promise<void> {
  const tokens = readTokens();
  if (tokens && tokens.expiresAt - now < refreshThresholdSeconds * 1000) await refreshTokens();
}

export async function loadCurrentUser(): Promise<CurrentUser> {
  const user = await api.get('/api/admin/current/user');
  writeUserId(user.id);
  await loadSettingsOf(user.id);
  useUserStore.getState().setUser(user);
  return user;
}

/** Which call builds the routes: the menu call, or with VITE_MENU_SOURCE=legacy the older menu-type call. */
const menuSource = import.meta.env.VITE_MENU_SOURCE === 'legacy' ? 'legacy' : 'menu';

export async function loadMenus(user: CurrentUser): Promise<void> {
  if (menuSource === 'legacy') {
    const answer = await api.get('/api/bsp/current/menu/{id}', { path: { id: user.menuTypeId } });
    usePermissionStore.getState().setLegacyMenus(JSON.parse(answer.menu), JSON.parse(answer.nMenu));
    return;
  }
  const menus = await api.get('/api/admin/current/menus', { query: { clientId: menuClientId, operationType: 0 } });
  usePermissionStore.getState().setMenus(menus);
}

/** Keeps the session alive while the back-office is open; returns the stopper. */
export function startSessionTimers(): () => void {
  const poll = window.setInterval(() => void refreshIfDue().catch(() => undefined), tokenPollMs);
  const check = window.setInterval(() => void loadCurrentUser().catch(() => undefined), userCheckMs);
  return () => {
    window.clearInterval(poll);
    window.clearInterval(check);
  };
}

export function forgetSession(): void {
  clearTokens();
  useUserStore.getState().setUser(null);
  usePermissionStore.getState().reset();
  useTagsStore.getState().delAllViews();
}

export async function signOut(): Promise<void> {
  try {
    await client.get('/j_hh_security_logout', { headers: { 'X-Front-Request': 'true' } });
  } finally {
    await navigate('/login', { replace: true });
    forgetSession();
  }
}
