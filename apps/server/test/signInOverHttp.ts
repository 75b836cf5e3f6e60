import { sealPassword } from '@qiming/shared';
import { sysadmin } from './demoAccounts.ts';

/**
 * Signs in to a server process over real HTTP as the back-office does (a one-time login key, the sealed
 * password, the token endpoint), each call bounded so a server that stops answering fails the test
 * instead of hanging it. Answers the access token; any refusal throws with the server's answer.
 */
export async function signInOverHttp(url: string, account: { userName: string; password: string } = sysadmin): Promise<string> {
  const keyAnswer = await fetch(`${url}/api/uc/getkey/LoginGetKey.do?method=getLoginKey`, { signal: AbortSignal.timeout(20_000) });
  if (keyAnswer.status !== 200) throw new Error(`login key answered ${keyAnswer.status}: ${await keyAnswer.text()}`);
  const { data } = (await keyAnswer.json()) as { data: { key: string; keyId: string } };
  const response = await fetch(`${url}/api/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      username: account.userName,
      password: sealPassword(data.key, account.password),
      keyId: data.keyId,
      client_id: 'qiming-admin',
    }),
    signal: AbortSignal.timeout(20_000),
  });
  if (response.status !== 200) throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}
