import { createHash } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, sysadmin, type TestApp, type Tokens, withBearer } from './testApp.ts';

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');
const credentials = { username: sysadmin.userName, password: sysadmin.password };

/** One answer read off a raw connection: status, headers (lower-cased names) and body. */
interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** A keep-alive connection on which requests are written by hand and answers read as they come. */
class RawConnection {
  private text = '';
  private waiting: (() => void) | undefined;
  constructor(private readonly socket: net.Socket) {
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      this.text += chunk;
      this.waiting?.();
    });
  }

  static open(port: number): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const socket = net.connect({ host: '127.0.0.1', port }, () => resolve(new RawConnection(socket)));
      socket.once('error', reject);
    });
  }

  send(request: string): void {
    this.socket.write(request, 'latin1');
  }

  /** The next whole answer (its `content-length` bytes read). */
  async answer(): Promise<RawAnswer> {
    for (;;) {
      const end = this.text.indexOf('\r\n\r\n');
      if (end >= 0) {
        const [statusLine = '', ...lines] = this.text.slice(0, end).split('\r\n');
        const headers = Object.fromEntries(
          lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
        );
        const length = Number(headers['content-length']);
        const body = this.text.slice(end + 4);
        if (body.length >= length) {
          this.text = body.slice(length);
          return { status: Number(statusLine.split(' ')[1]), headers, body: body.slice(0, length) };
        }
      }
      await new Promise<void>((resolve) => {
        this.waiting = resolve;
      });
    }
  }

  close(): void {
    this.socket.destroy();
  }
}

describe(`held long polls over real connections (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  let admin: Tokens;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ realTime: true });
    admin = await signIn(t.app, sysadmin);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    port = address.port;
  });
  afterAll(async () => t.close());

  const publish = (content: string) =>
    t.app.inject({
      method: 'POST',
      url: '/nacos/v1/cs/configs',
      payload: new URLSearchParams({ ...credentials, dataId: 'held.txt', group: 'G1', content }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  const pollRequest = (heldMd5: string) => {
    const body = new URLSearchParams({ ...credentials, 'Listening-Configs': `held.txt\u0002G1\u0002${heldMd5}\u0001` }).toString();
    return (
      'POST /nacos/v1/cs/configs/listener HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/x-www-form-urlencoded\r\n' +
      `long-pulling-timeout: 30000\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
    );
  };

  it('answers a held poll with the change and every header of an answer, and serves the next poll on the connection', async () => {
    await publish('one');
    const connection = await RawConnection.open(port);
    try {
      connection.send(pollRequest(md5('one')));
      const config = (
        await t.app.inject({ method: 'GET', url: '/api/admin/configs/public/items?dataId=held.txt', ...withBearer(admin, { headers: {} }) })
      ).json().data.records[0];
      await expect
        .poll(
          async () =>
            (
              await t.app.inject({
                method: 'GET',
                url: `/api/admin/configs/public/items/${config.id}/listeners`,
                ...withBearer(admin, { headers: {} }),
              })
            ).json().data,
        )
        .toHaveLength(1);
      await publish('two');
      const held = await connection.answer();
      expect(held.status).toBe(200);
      expect(decodeURIComponent(held.body)).toBe('held.txt\u0002G1\u0001');
      expect(held.headers).toMatchObject({
        'content-type': 'text/plain; charset=UTF-8',
        'cache-control': 'no-cache,no-store',
        'x-content-type-options': 'nosniff',
        connection: 'keep-alive',
      });
      expect(held.headers['x-request-id']).toEqual(expect.any(String));
      expect(Date.parse(held.headers.date ?? '')).not.toBeNaN();

      // The same connection takes the client's next poll: an old MD5 is answered at once, with its own request id.
      connection.send(pollRequest(md5('one')));
      const next = await connection.answer();
      expect(decodeURIComponent(next.body)).toBe('held.txt\u0002G1\u0001');
      expect(next.headers['x-request-id']).not.toBe(held.headers['x-request-id']);
    } finally {
      connection.close();
    }
  });
});
