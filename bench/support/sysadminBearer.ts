import { sealPassword } from '@qiming/shared';
import type { FastifyInstance } from 'fastify';

/** Signs the demo's sysadmin in on an app built in this process and answers the bearer header to call with. */
export async function sysadminBearer(app: FastifyInstance): Promise<{ authorization: string }> {
  const key = (await app.inject({ method: 'GET', url: '/api/uc/getkey/LoginGetKey.do?method=getLoginKey' })).json().data;
  const token = await app.inject({
    method: 'POST',
    url: '/api/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'password',
      username: 'sysadmin',
      password: sealPassword(key.key, 'Qiming@2026'),
      keyId: key.keyId,
      client_id: 'qiming-admin',
    }).toString(),
  });
  return { authorization: `Bearer ${token.json().access_token}` };
}
