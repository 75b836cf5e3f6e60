import Cookies from 'js-cookie';

const keys = { access: 'Admin-Token', refresh: 'Refresh-Token', expiresAt: 'Token-Expires-At', userId: 'User-Id' } as const;
const loginValidCookie = 'Login-Valid';

export interface StoredTokens {
  accessToken: string;
  refreshToken: string;
  /** Epoch milliseconds when the access token expires. */
  expiresAt: number;
}

/**
 * The session token is read from local storage (spec section 6). What protects it there is the
 * server's CSP: no script but the app's own runs on these pages, so injected script cannot read it.
 */
export function readTokens(): StoredTokens | null {
  const accessToken = localStorage.getItem(keys.access);
  const refreshToken = localStorage.getItem(keys.refresh);
  if (!accessToken || !refreshToken) return null;
  return { accessToken, refreshToken, expiresAt: Number(localStorage.getItem(keys.expiresAt) ?? 0) };
}

export function writeTokens(tokens: StoredTokens): void {
  localStorage.setItem(keys.access, tokens.accessToken);
  localStorage.setItem(keys.refresh, tokens.refreshToken);
  localStorage.setItem(keys.expiresAt, String(tokens.expiresAt));
  markLoginValid();
}

export function writeUserId(id: number): void {
  localStorage.setItem(keys.userId, String(id));
}

export function clearTokens(): void {
  for (const key of Object.values(keys)) localStorage.removeItem(key);
  Cookies.remove(loginValidCookie);
}

/** The login-valid flag lives one hour and is renewed with every token. */
export function markLoginValid(): void {
  Cookies.set(loginValidCookie, '1', { expires: 1 / 24, sameSite: 'lax' });
}

export function isLoginValid(): boolean {
  return Cookies.get(loginValidCookie) === '1';
}
