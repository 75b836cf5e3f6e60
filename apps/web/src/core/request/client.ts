import type { Envelope } from '@qiming/shared';
import axios, { type AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { clearTokens, readTokens } from '../auth/tokenStorage.ts';
import { currentLanguage, formatMessage, i18n } from '../i18n/i18n.ts';
import { navigate } from '../navigation.ts';
import { type ApiAnswer, type ApiPath, type CallArguments, fillPath } from './apiPaths.ts';
import { formEncode } from './formEncoding.ts';

/** A rejection the client already explained to the user. */
export class RequestError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export const requestTimeoutMs = 60_000;

/** antd's message and modal load with the first toast or box: the sign-in page needs neither until then. */
const notify = () => import('./notify.ts');
const toastError = (text: string) => void notify().then((loaded) => loaded.toastError(text));

export const client = axios.create({ baseURL: import.meta.env.VITE_API_BASE ?? '/api', timeout: requestTimeoutMs });

/**
 * A body whose values must keep their types (a form's schema, a submission's values: numbers, flags and
 * nested lists that a form body would turn into text) goes as JSON, the one exception to spec section 7.
 */
export const jsonBody = (data: object) => ({ data, headers: { 'Content-Type': 'application/json' } });

const isJson = (config: InternalAxiosRequestConfig) => String(config.headers.getContentType() ?? '').startsWith('application/json');

/** Spec section 7: `/admin` urls send GET params as they are and other bodies form-encoded with dotted nesting. */
export function prepareRequest(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  const tokens = readTokens();
  if (tokens) config.headers.set('Authorization', `Bearer ${tokens.accessToken}`);
  config.headers.set('Accept-Language', currentLanguage());
  const method = (config.method ?? 'get').toLowerCase();
  if (config.url?.startsWith('/admin')) {
    if (method === 'get') config.paramsSerializer = (params) => formEncode(params);
    else if (config.data && !(config.data instanceof FormData) && !(config.data instanceof Blob) && !isJson(config)) {
      config.data = formEncode(config.data);
      config.headers.set('Content-Type', 'application/x-www-form-urlencoded');
    }
  }
  return config;
}

function signOutLocally(to: string): void {
  void navigate(to, { replace: true }).then(clearTokens);
}

/**
 * A session that ended (locked, ended by an administrator, expired): straight to sign-in, which says so
 * once and returns to the page afterwards. A back-office page is kept; anything else returns to the dashboard.
 */
export function sendToSignInAfterLostSession(): void {
  const here = window.location.hash.replace(/^#/, '') || '/';
  if (here.startsWith('/login')) return;
  signOutLocally(`/login?expired=1&redirect=${encodeURIComponent(here)}`);
}

/** A refresh the server refused: the session behind it is gone. */
const isRefusedRefresh = (error: AxiosError<{ error?: string }>) =>
  error.response?.status === 400 &&
  error.response.data?.error === 'invalid_grant' &&
  String(error.config?.data ?? '').includes('grant_type=refresh_token');

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Body codes that count as success; 200 unless a helper says otherwise (the delete helper also takes 0). */
    successCodes?: number[];
    /** A poll the user did not ask for: its failures are not toasted (a lost session still is). */
    quiet?: boolean;
  }
}

/** Spec section 8, body codes: a missing code is 200; 401 and 10002 confirm, 500 and others toast; all but 200 reject. */
export async function readBody(response: AxiosResponse): Promise<AxiosResponse> {
  if (response.config.responseType === 'blob' || response.config.responseType === 'arraybuffer') return response;
  const body = response.data as Partial<Envelope<unknown>> | undefined;
  const code = body?.code ?? 200;
  if ((response.config.successCodes ?? [200]).includes(code)) return response;
  const message = body?.message ?? '';
  if (code === 401 || code === 10002) {
    const relogin = await (await notify()).confirmBox({
      title: i18n.t('request.systemPrompt'),
      content: code === 401 ? i18n.t('request.networkProblem') : message,
      okText: i18n.t('request.relogin'),
      cancelText: i18n.t('request.cancel'),
    });
    if (relogin) signOutLocally('/homePage');
  } else if (!response.config.quiet) {
    toastError(message || i18n.t('request.requestError'));
  }
  throw new RequestError(message, code, body?.data);
}

const hasChinese = (text: string) => /[\u4e00-\u9fa5]/.test(text);

/** Spec section 8, HTTP errors, told only when no toast is already showing. */
export function explainHttpError(error: AxiosError<{ message?: string; error?: string; error_description?: string }>): never {
  const status = error.response?.status ?? 0;
  const data = error.response?.data;
  const url = error.config?.url ?? '';
  const serverMessage = data?.message ?? '';
  let text: string;
  if (status === 401 || isRefusedRefresh(error)) {
    // The sign-in page tells why; a toast as well would say it twice.
    sendToSignInAfterLostSession();
    throw new RequestError(i18n.t('request.sessionInvalid'), 401, data);
  }
  if (status === 400 && data?.error === 'invalid_grant') {
    // Refusals that are not about the password itself are shown as the server words them; any other
    // reads as a wrong user name or password, so a failed sign-in reveals nothing more.
    const shown = (['error.accountLocked', 'error.ipRefused', 'error.passwordExpired', 'error.clientOnlyAccount'] as const).map((key) =>
      formatMessage(key, currentLanguage()),
    );
    text = shown.includes(data.error_description ?? '')
      ? (data.error_description as string)
      : formatMessage('error.badCredentials', currentLanguage());
    // Only signing in is refused this way, and the sign-in page shows the refusal in its own alert.
    throw new RequestError(text, status, data);
  } else if (status === 500) {
    if (/process(Model|Definition)|release/i.test(url) && serverMessage) text = serverMessage;
    else if (hasChinese(serverMessage)) text = serverMessage;
    else if (/function.*import|import.*function/i.test(url)) text = i18n.t('request.importSql');
    else text = i18n.t('request.requestError');
  } else if (error.code === 'ECONNABORTED') {
    text = i18n.t('request.timeout');
  } else {
    text = serverMessage || data?.error_description || i18n.t('request.requestError');
  }
  if (!error.config?.quiet) toastError(text);
  throw new RequestError(text, status, data);
}

client.interceptors.request.use(prepareRequest);
client.interceptors.response.use(readBody, explainHttpError);

/** The envelope's data of a JSON call. */
export async function request<T>(config: Parameters<typeof client.request>[0]): Promise<T> {
  const response = await client.request<Envelope<T>>(config);
  return response.data.data;
}

export const http = {
  get: <T>(url: string, params?: object) => request<T>({ method: 'GET', url, params }),
  /** A GET repeated in the background: a failure rejects without a toast, the page shows it if it matters. */
  poll: <T>(url: string, params?: object) => request<T>({ method: 'GET', url, params, quiet: true }),
  post: <T>(url: string, data?: object) => request<T>({ method: 'POST', url, data }),
  put: <T>(url: string, data?: object) => request<T>({ method: 'PUT', url, data }),
  postJson: <T>(url: string, data: object) => request<T>({ method: 'POST', url, ...jsonBody(data) }),
  putJson: <T>(url: string, data: object) => request<T>({ method: 'PUT', url, ...jsonBody(data) }),
  /** A file as the whole body, e.g. an archive to import; `onProgress` hears the share sent so far, 0 to 1. */
  upload: <T>(url: string, file: Blob, params?: object, onProgress?: (sent: number) => void) =>
    request<T>({
      method: 'POST',
      url,
      data: file,
      params,
      headers: { 'Content-Type': file.type || 'application/octet-stream' },
      onUploadProgress: onProgress && ((event) => onProgress(event.total ? event.loaded / event.total : 0)),
    }),
  /** A GET answered as a file. */
  download: async (url: string, params?: object) => (await client.request<Blob>({ method: 'GET', url, params, responseType: 'blob' })).data,
};

interface QueryCall {
  query?: object;
  /** A poll the user did not ask for: see `http.poll`. */
  quiet?: boolean;
}
interface BodyCall {
  body?: object;
  query?: object;
  /** Send the body as JSON (see `jsonBody`) instead of form-encoded. */
  json?: boolean;
}

interface UploadCall {
  query?: object;
  onProgress?: (sent: number) => void;
}

const bodyOf = (call?: BodyCall) => ({ params: call?.query, ...(call?.json && call.body ? jsonBody(call.body) : { data: call?.body }) });

/**
 * Calls checked against the served contract (`packages/shared/src/api/generated/openapi.ts`): the path
 * is one the document lists for that method, and the answer is its declared `data`. Calls not yet
 * converted use `http`, untyped.
 */
export const api = {
  get: <P extends ApiPath<'get'>>(path: P, ...[call]: CallArguments<P, QueryCall>) =>
    request<ApiAnswer<P, 'get'>>({ method: 'GET', url: fillPath(path, call?.path), params: call?.query, quiet: call?.quiet }),
  post: <P extends ApiPath<'post'>>(path: P, ...[call]: CallArguments<P, BodyCall>) =>
    request<ApiAnswer<P, 'post'>>({ method: 'POST', url: fillPath(path, call?.path), ...bodyOf(call) }),
  put: <P extends ApiPath<'put'>>(path: P, ...[call]: CallArguments<P, BodyCall>) =>
    request<ApiAnswer<P, 'put'>>({ method: 'PUT', url: fillPath(path, call?.path), ...bodyOf(call) }),
  delete: <P extends ApiPath<'delete'>>(path: P, ...[call]: CallArguments<P, QueryCall>) =>
    request<ApiAnswer<P, 'delete'>>({ method: 'DELETE', url: fillPath(path, call?.path), params: call?.query }),
  /** A file as the whole body (see `http.upload`). */
  upload: <P extends ApiPath<'post'>>(path: P, file: Blob, ...[call]: CallArguments<P, UploadCall>) =>
    http.upload<ApiAnswer<P, 'post'>>(fillPath(path, call?.path), file, call?.query, call?.onProgress),
};
