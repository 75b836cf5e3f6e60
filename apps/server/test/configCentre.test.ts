import { createHash } from 'node:crypto';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, form, signIn, sysadmin, type TestApp, type Tokens, withBearer } from './testApp.ts';

const client = { username: sysadmin.userName, password: sysadmin.password };
const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');
const listening = (...lines: string[][]) => lines.map((parts) => `${parts.join('\u0002')}\u0001`).join('');

describe(`config centre (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  let admin: Tokens;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, sysadmin);
  });
  afterAll(async () => t.close());

  const nacos = (method: 'GET' | 'POST' | 'DELETE', url: string, values: Record<string, string>, headers: Record<string, string> = {}) => {
    const params = new URLSearchParams({ ...client, ...values }).toString();
    return method === 'POST'
      ? t.app.inject({ method, url, payload: params, headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } })
      : t.app.inject({ method, url: `${url}?${params}`, headers });
  };
  const publish = (values: Record<string, string>) => nacos('POST', '/nacos/v1/cs/configs', values);
  const admin$ = (method: 'GET' | 'POST' | 'PUT', url: string, values?: Record<string, string | number | Array<string | number>>) =>
    t.app.inject({ method, url, ...withBearer(admin, values ? form(values) : { headers: {} }) });
  const configCount = async () => (await t.context.db.selectFrom('cfg_config').select('id').execute()).length;
  const historyCount = async () => (await t.context.db.selectFrom('cfg_history').select('id').execute()).length;

  it('publishes, reads with its MD5, and keeps each version with who and when', async () => {
    const content = '{"名称": "启明", "port": 8080}';
    expect((await publish({ dataId: 'svc.json', group: 'DEFAULT_GROUP', content, type: 'json' })).body).toBe('true');
    const read = await nacos('GET', '/nacos/v1/cs/configs', { dataId: 'svc.json', group: 'DEFAULT_GROUP' });
    expect(read.body).toBe(content);
    expect(read.headers['content-md5']).toBe(md5(content));

    await publish({ dataId: 'svc.json', group: 'DEFAULT_GROUP', content: '{"port": 9090}', type: 'json' });
    const config = (await admin$('GET', '/api/admin/configs/public/items?dataId=svc.json')).json().data.records[0];
    expect(config).toMatchObject({ md5: md5('{"port": 9090}'), type: 'json', updatedBy: 'sysadmin' });

    const versions = (await admin$('GET', `/api/admin/configs/public/items/${config.id}/versions`)).json().data;
    expect(versions.records.map((version: { operation: string; changedBy: string }) => [version.operation, version.changedBy])).toEqual([
      ['update', 'sysadmin'],
      ['insert', 'sysadmin'],
    ]);

    const rollback = await admin$('POST', `/api/admin/configs/public/items/${config.id}/rollback`, { versionId: versions.records[1].id });
    expect(rollback.json().data).toMatchObject({ content, md5: md5(content) });
    expect((await admin$('GET', `/api/admin/configs/public/items/${config.id}/versions`)).json().data.total).toBe(3);
  });

  it.each([
    ['a missing dataId', { group: 'DEFAULT_GROUP', content: 'x' }, 'Invalid parameter dataId: This field is required'],
    ['a dataId with a slash', { dataId: 'a/b', content: 'x' }, 'Invalid parameter dataId: Only letters, digits and _ - . : are allowed'],
    ['empty content', { dataId: 'e.txt', content: '' }, 'Invalid parameter content: This field is required'],
    ['content over 100 KiB', { dataId: 'big.txt', content: 'x'.repeat(102_401) }, 'The content is larger than 102400 bytes'],
    [
      'JSON that does not parse',
      { dataId: 'bad.json', type: 'json', content: '{"a": ' },
      'The content is not valid json: the error is at line 1, column 7',
    ],
    [
      'XML that does not parse',
      { dataId: 'bad.xml', type: 'xml', content: '<a><b></a>' },
      'The content is not valid xml: the error is at line 1, column 7',
    ],
    [
      'YAML that does not parse',
      { dataId: 'bad.yaml', type: 'yaml', content: 'a: [1, 2' },
      'The content is not valid yaml: the error is at line 1, column 9',
    ],
    [
      'properties without keys',
      { dataId: 'bad.properties', type: 'properties', content: 'a=1\n=2' },
      'The content is not valid properties: the error is at line 2, column 1',
    ],
    ['an unknown type', { dataId: 'x.bin', type: 'binary', content: 'x' }, 'Invalid parameter type'],
  ])('refuses %s with 400 and writes nothing', async (_label, values, message) => {
    const [configs, history] = [await configCount(), await historyCount()];
    const response = await publish(values);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
    expect([await configCount(), await historyCount()]).toEqual([configs, history]);
  });

  it("names where content breaks its type in the caller's language, with none of the parser's English", async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/configs/public/items',
      payload: { dataId: 'broken.json', group: 'DEFAULT_GROUP', type: 'json', content: '{"a": 1,}' },
      headers: { authorization: `Bearer ${admin.access_token}`, 'accept-language': 'zh' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('配置内容不是合法的json：第1行第9列有误');
  });

  describe('long polling', () => {
    const poll = (configs: string, timeout?: number) =>
      nacos(
        'POST',
        '/nacos/v1/cs/configs/listener',
        { 'Listening-Configs': configs },
        timeout ? { 'Long-Pulling-Timeout': String(timeout) } : {},
      );

    it('answers at once when the client holds an old MD5', async () => {
      await publish({ dataId: 'poll.txt', group: 'G1', content: 'one' });
      const started = Date.now();
      const response = await poll(listening(['poll.txt', 'G1', md5('stale')]), 30_000);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(decodeURIComponent(response.body)).toBe('poll.txt\u0002G1\u0001');
      expectPollHeaders(response);
    });

    /** Answers to the listener route counted in the API figures so far. */
    const pollsCounted = () => t.context.traffic.everything().get('api')?.get('POST /nacos/v1/cs/configs/listener')?.succeeded ?? 0;
    /** What every answer of a poll carries, held or not: its type, no caching, the request id and the security headers. */
    const expectPollHeaders = (response: { headers: Record<string, unknown> }) =>
      expect(response.headers).toMatchObject({
        'content-type': 'text/plain; charset=UTF-8',
        'cache-control': 'no-cache,no-store',
        'x-request-id': expect.any(String),
        'x-content-type-options': 'nosniff',
      });

    it('holds while nothing changes, shows the listener, and answers on the first change', async () => {
      const counted = pollsCounted();
      const held = poll(listening(['poll.txt', 'G1', md5('one'), 'public']), 30_000);
      const config = (await admin$('GET', '/api/admin/configs/public/items?dataId=poll.txt')).json().data.records[0];
      await expect
        .poll(async () => (await admin$('GET', `/api/admin/configs/public/items/${config.id}/listeners`)).json().data)
        .toMatchObject([{ clientIp: '127.0.0.1', md5: md5('one') }]);
      await admin$('PUT', `/api/admin/configs/public/items/${config.id}`, {
        dataId: 'poll.txt',
        group: 'G1',
        type: 'text',
        content: 'two',
      });
      const answer = await held;
      expect(decodeURIComponent(answer.body)).toBe('poll.txt\u0002G1\u0002public\u0001');
      // Answered straight to its connection, a held poll still carries what an answer carries and is counted.
      expectPollHeaders(answer);
      expect(pollsCounted()).toBe(counted + 1);
      // The answered poll's entry goes once the answers are out, as the listeners page reads it.
      await expect
        .poll(async () => (await admin$('GET', `/api/admin/configs/public/items/${config.id}/listeners`)).json().data)
        .toEqual([]);
    });

    it('answers empty when the hold times out', async () => {
      const response = await poll(listening(['poll.txt', 'G1', md5('two')]), 1_000);
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe('');
      expectPollHeaders(response);
    });

    it.each([
      ['no entries', ''],
      ['a missing end byte', `poll.txt\u0002G1\u0002${md5('two')}`],
      ['too few parts', 'poll.txt\u0002G1\u0001'],
      ['a bad MD5', listening(['poll.txt', 'G1', 'nothex'])],
      ['a bad dataId', listening(['a b', 'G1', md5('x')])],
    ])('refuses %s with 400', async (_label, configs) => {
      const response = await poll(configs, 1_000);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/Listening-Configs/);
    });
  });

  describe('namespaces, export, import and clone', () => {
    it('creates and renames a namespace; public stays fixed; a namespace in use is not deleted', async () => {
      const created = await admin$('POST', '/api/admin/namespaces', { namespaceId: 'dev', name: 'Development', description: '' });
      expect(created.json().data).toMatchObject({ namespaceId: 'dev', name: 'Development', configCount: 0 });
      const duplicate = await admin$('POST', '/api/admin/namespaces', { namespaceId: 'dev', name: 'Again' });
      expect(duplicate.json().message).toBe('The namespace ID already exists');
      const renamed = await admin$('PUT', `/api/admin/namespaces/${created.json().data.id}`, { name: 'Dev', description: 'team' });
      expect(renamed.json().data.name).toBe('Dev');
      const all = (await admin$('GET', '/api/admin/namespaces/all')).json().data.records;
      const publicId = all.find((namespace: { namespaceId: string }) => namespace.namespaceId === 'public').id;
      expect((await admin$('PUT', `/api/admin/namespaces/${publicId}`, { name: 'x' })).json().message).toBe(
        'The public namespace cannot be changed or deleted',
      );
      expect((await admin$('POST', '/api/admin/namespaces/delete', { ids: publicId })).statusCode).toBe(400);
      expect((await admin$('POST', '/api/admin/namespaces/delete', { ids: publicId })).json().message).toBe(
        'The public namespace cannot be changed or deleted',
      );
    });

    it('exports a zip that imports into another namespace, with a report under each conflict policy', async () => {
      const exported = await t.app.inject({
        method: 'GET',
        url: '/api/admin/configs/public/archive',
        headers: withBearer(admin, { headers: {} }).headers,
      });
      expect(exported.headers['content-type']).toBe('application/zip');
      const files = unzipSync(new Uint8Array(exported.rawPayload));
      expect(strFromU8(files['DEFAULT_GROUP/svc.json'] as Uint8Array)).toBe('{"名称": "启明", "port": 8080}');
      expect(strFromU8(files['.metadata.yml'] as Uint8Array)).toContain('type: json');

      const upload = (bytes: Uint8Array | string, policy: string) =>
        t.app.inject({
          method: 'POST',
          url: `/api/admin/configs/dev/archive?policy=${policy}`,
          payload: Buffer.from(bytes),
          headers: { ...withBearer(admin, { headers: {} }).headers, 'content-type': 'application/zip' },
        });
      const first = await upload(exported.rawPayload, 'abort');
      expect(first.json().data.created.sort()).toEqual(['DEFAULT_GROUP/svc.json', 'G1/poll.txt']);
      const devConfigs = async () => (await admin$('GET', '/api/admin/configs/dev/items')).json().data.records;
      expect((await devConfigs()).find((config: { dataId: string }) => config.dataId === 'svc.json')).toMatchObject({ type: 'json' });

      const before = await historyCount();
      const conflict = await upload(exported.rawPayload, 'abort');
      expect(conflict.statusCode).toBe(400);
      expect(conflict.json().message).toContain('These configs already exist in the target namespace');
      expect(await historyCount()).toBe(before);

      expect((await upload(exported.rawPayload, 'skip')).json().data.skipped).toHaveLength(2);
      const changed = zipSync({ 'G1/poll.txt': strToU8('three'), 'G2/new.txt': strToU8('new') });
      expect((await upload(changed, 'overwrite')).json().data).toEqual({
        created: ['G2/new.txt'],
        overwritten: ['G1/poll.txt'],
        skipped: [],
      });

      for (const bad of [
        'not a zip',
        zipSync({ 'a/b/c': strToU8('deep') }),
        zipSync({
          'G/bad.json': strToU8('{'),
          '.metadata.yml': strToU8('metadata:\n  - group: G\n    dataId: bad.json\n    type: json\n'),
        }),
      ]) {
        const count = await configCount();
        const response = await upload(bad, 'overwrite');
        expect(response.statusCode).toBe(400);
        expect(await configCount()).toBe(count);
      }
    });

    it('clones chosen configs into another namespace and reports what it skipped', async () => {
      const publicConfigs = (await admin$('GET', '/api/admin/configs/public/items')).json().data.records;
      const ids = publicConfigs.map((config: { id: number }) => config.id);
      await admin$('POST', '/api/admin/namespaces', { namespaceId: 'test', name: 'Test' });
      const first = await admin$('POST', '/api/admin/configs/public/clone', { ids, target: 'test', policy: 'skip' });
      expect(first.json().data.created).toHaveLength(ids.length);
      const second = await admin$('POST', '/api/admin/configs/public/clone', { ids, target: 'test', policy: 'skip' });
      expect(second.json().data).toMatchObject({ created: [], overwritten: [] });
      expect(second.json().data.skipped).toHaveLength(ids.length);
      const inUse = await admin$('GET', '/api/admin/namespaces');
      const test = inUse.json().data.records.find((namespace: { namespaceId: string }) => namespace.namespaceId === 'test');
      const refused = await admin$('POST', '/api/admin/namespaces/delete', { ids: test.id });
      expect(refused.json().message).toBe('The namespace still holds configs or services and cannot be deleted');
    });
  });
});
