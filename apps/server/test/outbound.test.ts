import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureHeader, signBody } from '../src/modules/outbound/bodySignature.ts';
import { OutboundPolicy } from '../src/modules/outbound/outboundPolicy.ts';
import { postJson } from '../src/modules/outbound/postJson.ts';
import { type SmtpSettings, sendMail } from '../src/modules/outbound/sendMail.ts';
import { isMetadataAddress, UpstreamPolicy } from '../src/modules/outbound/upstreamPolicy.ts';
import { type ReceivedMail, startLocalSmtp } from './localSmtp.ts';

interface Hit {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

type Answer = (hit: Hit, response: http.ServerResponse, count: number) => void;

/** A real HTTP listener on `host` that records every request it receives and answers with `answer`. */
async function startListener(host: string, answer: Answer = (_, response) => response.writeHead(200).end('ok')) {
  const hits: Hit[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const hit = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
      };
      hits.push(hit);
      answer(hit, response, hits.length);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    hits,
    port,
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

const refused = (host: string, address: string) => ({ status: 403, messageKey: 'error.outboundRefused', params: { host, address } });
const failed = (reason: string | RegExp) => ({ status: 502, messageKey: 'error.outboundFailed', params: { reason } });
const quick = { backoffMs: 10 };

describe('outbound policy', () => {
  const internal = ['127.0.0.1', '::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '0.0.0.0', '::', '169.254.169.254', '10.1.2.3'];
  const alsoInternal = ['172.16.0.1', '192.168.1.1', '100.64.0.1', 'fe80::1', 'fd00::1', '224.0.0.1', '::ffff:169.254.169.254'];

  it('refuses every address, internal or public, while the list is empty', () => {
    const policy = new OutboundPolicy([]);
    for (const address of [...internal, ...alsoInternal, '93.184.216.34', '2606:2800:220:1::1']) {
      expect(policy.allows(address, address), address).toBe(false);
    }
  });

  it('allows addresses inside a listed CIDR range and none outside', () => {
    const policy = new OutboundPolicy(['10.0.0.0/8', 'fd00::/8', '203.0.113.0/24']);
    expect(policy.allows('a', '10.2.3.4')).toBe(true);
    expect(policy.allows('a', '::ffff:10.2.3.4')).toBe(true);
    expect(policy.allows('a', 'fd12::1')).toBe(true);
    expect(policy.allows('a', '203.0.113.9')).toBe(true);
    expect(policy.allows('a', '11.0.0.1')).toBe(false);
    expect(policy.allows('a', 'fe80::1')).toBe(false);
    expect(policy.allows('a', '203.0.114.1')).toBe(false);
  });

  it('reads 0.0.0.0/0 as the public internet: it opens no internal address', () => {
    const policy = new OutboundPolicy(['0.0.0.0/0', '::/0']);
    expect(policy.allows('a', '93.184.216.34')).toBe(true);
    expect(policy.allows('a', '2606:2800:220:1::1')).toBe(true);
    for (const address of [...internal, ...alsoInternal]) expect(policy.allows('a', address), address).toBe(false);
  });

  it('matches *.example.com on the names under it, not on the name itself, and never at an internal address', () => {
    const policy = new OutboundPolicy(['*.example.com']);
    expect(policy.allows('hooks.example.com', '93.184.216.34')).toBe(true);
    expect(policy.allows('A.B.Example.COM.', '93.184.216.34')).toBe(true);
    expect(policy.allows('example.com', '93.184.216.34')).toBe(false);
    expect(policy.allows('badexample.com', '93.184.216.34')).toBe(false);
    expect(policy.allows('rebound.example.com', '127.0.0.1')).toBe(false);
    expect(policy.allows('rebound.example.com', '169.254.169.254')).toBe(false);
  });

  it('lets an exactly listed name or address reach an internal address', () => {
    const policy = new OutboundPolicy(['intranet.example.com', '::ffff:127.0.0.1']);
    expect(policy.allows('intranet.example.com', '10.0.0.5')).toBe(true);
    expect(policy.allows('other.example.com', '10.0.0.5')).toBe(false);
    expect(policy.allows('127.0.0.1', '127.0.0.1')).toBe(true);
    expect(policy.allows('127.0.0.2', '127.0.0.2')).toBe(false);
  });

  it('ignores entries it cannot read rather than widening the list', () => {
    const policy = new OutboundPolicy(['10.0.0.0/33', '10.0.0.0/8/8', 'not a host', '*', '']);
    for (const address of ['10.0.0.1', '93.184.216.34']) expect(policy.allows('not a host', address)).toBe(false);
  });

  it('resolves a name and refuses it when an address it resolves to is not allowed', async () => {
    await expect(new OutboundPolicy([]).resolve('localhost')).rejects.toMatchObject(refused('localhost', '127.0.0.1'));
    const addresses = await new OutboundPolicy(['localhost']).resolve('LOCALHOST');
    expect(addresses.map((resolved) => resolved.address)).toContain('127.0.0.1');
  });
});

describe('gateway upstream policy', () => {
  const ownPorts = () => [3000, 3080];
  const everything = new UpstreamPolicy(['0.0.0.0/0', '::/0', '10.0.0.0/8', '127.0.0.0/8', 'fd00::/8', 'metadata.example'], ownPorts);
  const reason = (policy: UpstreamPolicy, host: string, address: string, port = 80) => policy.refusal(host, address, port)?.reason;

  it.each([
    ['169.254.169.254'],
    ['::ffff:169.254.169.254'],
    ['64:ff9b::a9fe:a9fe'],
    ['::ffff:a9fe:a9fe'],
    ['fe80::1'],
    ['fd00:ec2::254'],
    ['100.100.100.200'],
    ['192.0.0.192'],
  ])('never allows the metadata address %s, not even for an exactly listed name or a listed range', (address) => {
    expect(reason(everything, 'metadata.example', address)).toBe('validation.upstreamMetadata');
    expect(isMetadataAddress(address)).toBe(true);
  });

  it("never allows Qiming's own ports on any address of this machine, while other ports there are allowed", () => {
    const interfaces = Object.values(networkInterfaces()).flatMap((entries) => entries ?? []);
    const own = interfaces.find((entry) => entry.family === 'IPv4' && !entry.internal)?.address ?? '127.0.0.1';
    for (const address of ['127.0.0.1', '127.3.2.1', '0.0.0.0', '::1', '::ffff:127.0.0.1', own]) {
      expect(reason(new UpstreamPolicy([address, '0.0.0.0/0', '127.0.0.0/8', '::1'], ownPorts), address, address, 3000)).toBe(
        'validation.upstreamOwnPort',
      );
    }
    expect(reason(everything, '127.0.0.1', '127.0.0.1', 3001)).toBeUndefined();
    expect(reason(everything, '10.1.2.3', '10.1.2.3', 3000)).toBeUndefined();
  });

  it('keeps private ranges shut unless listed, and opens the public internet by default', () => {
    const publicOnly = new UpstreamPolicy(['0.0.0.0/0', '::/0'], ownPorts);
    for (const address of ['10.20.2.21', '192.168.1.1', '127.0.0.1', '::1', '64:ff9b::7f00:1', 'fd12::1', '100.64.0.1']) {
      expect(reason(publicOnly, address, address)).toBe('validation.upstreamNotAllowed');
    }
    expect(reason(publicOnly, 'example.org', '93.184.215.14')).toBeUndefined();
    expect(reason(everything, '10.20.2.21', '10.20.2.21')).toBeUndefined();
  });

  it('resolves a name and answers the refusal of the first address it may not reach', async () => {
    const publicOnly = new UpstreamPolicy(['0.0.0.0/0', '::/0'], ownPorts);
    expect(await publicOnly.resolve('localhost', 8080)).toMatchObject({ reason: 'validation.upstreamNotAllowed', port: 8080 });
    expect(await everything.resolve('127.0.0.1', 8080)).toEqual([{ address: '127.0.0.1', family: 4 }]);
  });
});

describe('posting JSON to real listeners', () => {
  let listener: Awaited<ReturnType<typeof startListener>>;
  let other: Awaited<ReturnType<typeof startListener>>;
  let ipv6: Awaited<ReturnType<typeof startListener>>;
  const onlyLoopback = new OutboundPolicy(['127.0.0.1']);

  beforeAll(async () => {
    listener = await startListener('127.0.0.1', (hit, response, count) => {
      const path = hit.url;
      if (path === '/to-other') response.writeHead(307, { location: `${other.url}/stolen` }).end();
      else if (path === '/to-ipv6') response.writeHead(302, { location: `${ipv6.url}/stolen` }).end();
      else if (path === '/to-self') response.writeHead(308, { location: '/landed' }).end();
      else if (path === '/see-other') response.writeHead(303, { location: '/landed' }).end();
      else if (path === '/loop') response.writeHead(302, { location: '/loop' }).end();
      else if (path === '/flaky') response.writeHead(hits('/flaky') <= 2 ? 500 : 200).end();
      else if (path === '/bad') response.writeHead(400).end('no');
      else if (path === '/silent') return;
      else response.writeHead(200, { 'content-type': 'application/json' }).end(`{"count":${count}}`);
    });
    other = await startListener('127.0.0.2');
    ipv6 = await startListener('::1');
  });

  afterAll(async () => {
    await Promise.all([listener.close(), other.close(), ipv6.close()]);
  });

  const hits = (path: string) => listener.hits.filter((hit) => hit.url === path).length;

  it('refuses 127.0.0.1 while it is not listed, and the listener receives nothing', async () => {
    await expect(postJson(new OutboundPolicy([]), `${listener.url}/refused`, { a: 1 })).rejects.toMatchObject(
      refused('127.0.0.1', '127.0.0.1'),
    );
    expect(hits('/refused')).toBe(0);
  });

  it('delivers the JSON with a signature the receiver can verify once 127.0.0.1 is listed', async () => {
    const body = { alarm: 'cpu', level: 'critical', values: [91.5, 97] };
    const bodyText = JSON.stringify(body);
    const answer = await postJson(onlyLoopback, `${listener.url}/hook`, body, {
      headers: { [signatureHeader]: signBody('s3cret', bodyText) },
    });
    expect(answer).toEqual({ status: 200, attempts: 1 });
    const [hit] = listener.hits.filter((received) => received.url === '/hook');
    expect(hit?.method).toBe('POST');
    expect(hit?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(hit?.body ?? '')).toEqual(body);
    const expected = `sha256=${createHmac('sha256', 's3cret')
      .update(hit?.body ?? '')
      .digest('hex')}`;
    expect(hit?.headers['x-qiming-signature']).toBe(expected);
  });

  it('reaches an address inside a listed range', async () => {
    const before = other.hits.length;
    expect(await postJson(new OutboundPolicy(['127.0.0.0/8']), `${other.url}/ranged`, {})).toEqual({ status: 200, attempts: 1 });
    expect(other.hits.length).toBe(before + 1);
  });

  it('refuses a name that resolves to loopback unless the name is listed', async () => {
    const byName = `http://localhost:${listener.port}/by-name`;
    await expect(postJson(new OutboundPolicy(['*.localhost']), byName, {})).rejects.toMatchObject(refused('localhost', '127.0.0.1'));
    expect(hits('/by-name')).toBe(0);
    expect(await postJson(new OutboundPolicy(['localhost']), byName, {})).toEqual({ status: 200, attempts: 1 });
    expect(hits('/by-name')).toBe(1);
  });

  it('connects to the address the policy checked, without asking DNS again', async () => {
    // `.invalid` never resolves: the call can only arrive if the connection takes the checked address.
    const checkedOnly = new (class extends OutboundPolicy {
      override async resolve(host: string) {
        expect(host).toBe('hooks.invalid');
        return [{ address: '127.0.0.1', family: 4 }];
      }
    })(['hooks.invalid']);
    expect(await postJson(checkedOnly, `http://hooks.invalid:${listener.port}/pinned`, {})).toEqual({ status: 200, attempts: 1 });
    expect(listener.hits.find((hit) => hit.url === '/pinned')?.headers.host).toBe(`hooks.invalid:${listener.port}`);
  });

  it('refuses IPv4-mapped IPv6 and 0.0.0.0 forms of loopback', async () => {
    for (const url of [`http://[::ffff:127.0.0.1]:${listener.port}/mapped`, `http://0.0.0.0:${listener.port}/mapped`]) {
      await expect(postJson(new OutboundPolicy([]), url, {}), url).rejects.toMatchObject({
        status: 403,
        messageKey: 'error.outboundRefused',
      });
    }
    expect(hits('/mapped')).toBe(0);
  });

  it('refuses a redirect to an address that is not listed, and its target receives nothing', async () => {
    await expect(postJson(onlyLoopback, `${listener.url}/to-other`, {}, quick)).rejects.toMatchObject(refused('127.0.0.2', '127.0.0.2'));
    await expect(postJson(onlyLoopback, `${listener.url}/to-ipv6`, {}, quick)).rejects.toMatchObject(refused('::1', '::1'));
    expect(other.hits.filter((hit) => hit.url === '/stolen')).toEqual([]);
    expect(ipv6.hits).toEqual([]);
    // A refusal is final: the redirecting listener was asked once each time.
    expect(hits('/to-other')).toBe(1);
    expect(hits('/to-ipv6')).toBe(1);
  });

  it('follows an allowed redirect: 308 repeats the POST, 303 turns it into a GET', async () => {
    expect(await postJson(onlyLoopback, `${listener.url}/to-self`, { kept: true })).toEqual({ status: 200, attempts: 1 });
    expect(await postJson(onlyLoopback, `${listener.url}/see-other`, { kept: false })).toEqual({ status: 200, attempts: 1 });
    const landed = listener.hits.filter((hit) => hit.url === '/landed');
    expect(landed.map((hit) => [hit.method, hit.body])).toEqual([
      ['POST', '{"kept":true}'],
      ['GET', ''],
    ]);
  });

  it('stops after three redirects without trying again', async () => {
    await expect(postJson(onlyLoopback, `${listener.url}/loop`, {}, quick)).rejects.toMatchObject(failed('more than 3 redirects'));
    expect(hits('/loop')).toBe(4);
  });

  it('tries again after two 500 answers and succeeds on the third attempt', async () => {
    expect(await postJson(onlyLoopback, `${listener.url}/flaky`, {}, quick)).toEqual({ status: 200, attempts: 3 });
    expect(hits('/flaky')).toBe(3);
  });

  it('does not try a 400 again', async () => {
    await expect(postJson(onlyLoopback, `${listener.url}/bad`, {}, quick)).rejects.toMatchObject(failed('HTTP 400'));
    expect(hits('/bad')).toBe(1);
  });

  it('gives up on a listener that never answers after about timeoutMs', async () => {
    const started = Date.now();
    await expect(postJson(onlyLoopback, `${listener.url}/silent`, {}, { timeoutMs: 300, attempts: 1 })).rejects.toMatchObject(
      failed('no answer within 300 ms'),
    );
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(1500);
  });

  it('calls only http and https URLs', async () => {
    await expect(postJson(onlyLoopback, 'file:///etc/passwd', {})).rejects.toMatchObject(failed('not an http or https URL'));
  });
});

describe('sending e-mail to a real SMTP server', () => {
  let smtp: Awaited<ReturnType<typeof startLocalSmtp>>;
  let received: ReceivedMail[];
  let settings: SmtpSettings;

  beforeAll(async () => {
    smtp = await startLocalSmtp();
    received = smtp.received;
    settings = {
      smtpHost: '127.0.0.1',
      smtpPort: smtp.port,
      smtpSecure: false,
      smtpUser: '',
      smtpPassword: '',
      smtpFrom: 'alarms@qiming.test',
    };
  });

  afterAll(() => smtp?.close());

  const message = { to: 'ops@qiming.test', subject: 'CPU above 95 %', text: 'Host app-1 has been above 95 % for 5 minutes.' };

  it('delivers subject, body, sender and recipient once 127.0.0.1 is listed', async () => {
    const sent = await sendMail(new OutboundPolicy(['127.0.0.1']), settings, message);
    expect(sent.attempts).toBe(1);
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail?.from).toBe('alarms@qiming.test');
    expect(mail?.to).toEqual(['ops@qiming.test']);
    expect(mail?.raw).toContain('Subject: CPU above 95 %');
    expect(mail?.raw).toMatch(/^From: alarms@qiming\.test\r$/m);
    expect(mail?.raw).toMatch(/^To: ops@qiming\.test\r$/m);
    expect(mail?.raw).toContain('Host app-1 has been above 95 % for 5 minutes.');
  });

  it('refuses an SMTP host that is not listed, and nothing arrives', async () => {
    const before = received.length;
    await expect(sendMail(new OutboundPolicy([]), settings, message, quick)).rejects.toMatchObject(refused('127.0.0.1', '127.0.0.1'));
    await expect(
      sendMail(new OutboundPolicy(['*.localhost']), { ...settings, smtpHost: 'localhost' }, message, quick),
    ).rejects.toMatchObject(refused('localhost', '127.0.0.1'));
    expect(received).toHaveLength(before);
  });

  it('answers 409 while no SMTP host is set', async () => {
    await expect(sendMail(new OutboundPolicy(['127.0.0.1']), { ...settings, smtpHost: ' ' }, message)).rejects.toMatchObject({
      status: 409,
      messageKey: 'error.smtpNotConfigured',
    });
  });
});
