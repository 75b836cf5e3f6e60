import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { redactedRequest } from '../src/http/redactedRequest.ts';

describe('request log lines', () => {
  it('blank the secrets Nacos clients put in query strings', () => {
    const logged = redactedRequest({
      method: 'PUT',
      url: '/nacos/v1/ns/instance/beat?username=sysadmin&password=Qiming%402026&serviceName=a&accessToken=abc.def',
      ip: '127.0.0.1',
    } as FastifyRequest);
    expect(logged.url).toBe('/nacos/v1/ns/instance/beat?username=sysadmin&password=******&serviceName=a&accessToken=******');
  });
});
