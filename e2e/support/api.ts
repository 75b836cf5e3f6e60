import { sealPassword } from '@qiming/shared';

/** Calls the API as an account, signing in with the same protocol as the browser. */
export async function apiAs(baseUrl: string, account: { userName: string; password: string }) {
  const key = (await (await fetch(`${baseUrl}/api/uc/getkey/LoginGetKey.do?method=getLoginKey`)).json()) as {
    data: { keyId: string; key: string };
  };
  const answer = await fetch(`${baseUrl}/api/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      username: account.userName,
      password: sealPassword(key.data.key, account.password),
      keyId: key.data.keyId,
      client_id: 'qiming-admin',
    }),
  });
  const { access_token: token } = (await answer.json()) as { access_token: string };
  const call = async (method: string, path: string, body?: object) => {
    const response = await fetch(`${baseUrl}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-language': 'en' },
      body: body ? JSON.stringify(body) : undefined,
    });
    // biome-ignore lint/suspicious/noExplicitAny: the specs read a few fields of many answers.
    return { status: response.status, json: (await response.json()) as any };
  };
  return { call, token };
}
