import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveLimits } from '../src/modules/governance/config/configArchive.ts';
import { bearer, createTestApp, signIn, sysadmin, type TestApp, type Tokens } from './testApp.ts';

/** Sets the declared uncompressed size of every entry, in the local headers and the central directory, to `size`. */
function lieAboutSizes(zip: Uint8Array, size: number): Uint8Array {
  const bytes = new Uint8Array(zip);
  const view = new DataView(bytes.buffer);
  for (let at = 0; at + 4 <= bytes.length; at++) {
    const signature = view.getUint32(at, true);
    if (signature === 0x04034b50) view.setUint32(at + 22, size, true);
    if (signature === 0x02014b50) view.setUint32(at + 24, size, true);
  }
  return bytes;
}

describe(`config import under abuse (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  let admin: Tokens;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, sysadmin);
  });
  afterAll(async () => t.close());

  const importZip = (zip: Uint8Array, language = 'en') =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/configs/public/archive?policy=overwrite',
      payload: Buffer.from(zip),
      headers: { ...bearer(admin), 'content-type': 'application/zip', 'accept-language': language },
    });
  const configCount = async () => (await t.context.db.selectFrom('cfg_config').select('id').execute()).length;

  it('refuses a zip bomb quickly, without inflating it into memory, and imports nothing', async () => {
    // 200 MB of zeros compress to about 200 KB.
    const bomb = zipSync({ 'DEFAULT_GROUP/bomb.txt': new Uint8Array(200 * 1024 * 1024) }, { level: 9 });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const before = await configCount();
    const rss = process.memoryUsage().rss;
    const started = Date.now();
    const response = await importZip(bomb);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      `The entry DEFAULT_GROUP/bomb.txt of the archive is too large (at most ${archiveLimits.entryBytes} bytes)`,
    );
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(process.memoryUsage().rss - rss).toBeLessThan(64 * 1024 * 1024);
    expect(await configCount()).toBe(before);
  });

  it('refuses a zip whose entries lie about their size', async () => {
    const liar = lieAboutSizes(zipSync({ 'DEFAULT_GROUP/liar.txt': new Uint8Array(2 * 1024 * 1024) }, { level: 9 }), 10);
    const response = await importZip(liar);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('is too large');
    expect(await t.context.db.selectFrom('cfg_config').select('id').where('data_id', '=', 'liar.txt').execute()).toEqual([]);
  });

  it('refuses more entries than the limit', async () => {
    const files: Record<string, Uint8Array> = {};
    for (let n = 0; n <= archiveLimits.entries; n++) files[`DEFAULT_GROUP/many-${n}.txt`] = strToU8('x');
    const response = await importZip(zipSync(files, { level: 0 }), 'zh');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(`导入文件的条目过多（最多${archiveLimits.entries}个）`);
    expect(await t.context.db.selectFrom('cfg_config').select('id').where('data_id', 'like', 'many-%').execute()).toEqual([]);
  });

  it.each(['../escape.txt', 'DEFAULT_GROUP/..', '../DEFAULT_GROUP/x.txt', './x.txt'])('refuses the entry name %s', async (name) => {
    const response = await importZip(zipSync({ [name]: strToU8('x'), 'DEFAULT_GROUP/fine.txt': strToU8('fine') }));
    expect(response.statusCode).toBe(400);
    expect(await t.context.db.selectFrom('cfg_config').select('id').where('data_id', '=', 'fine.txt').execute()).toEqual([]);
  });

  it('refuses an entry holding a NUL byte, naming it, and imports nothing of the archive', async () => {
    const files = { 'DEFAULT_GROUP/fine-too.txt': strToU8('fine'), 'DEFAULT_GROUP/nul.txt': strToU8('a=1\u0000b=2') };
    const response = await importZip(zipSync(files), 'es');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('DEFAULT_GROUP/nul.txt');
    expect(response.json().message).toContain('NUL');
    expect(await t.context.db.selectFrom('cfg_config').select('id').where('data_id', 'in', ['fine-too.txt', 'nul.txt']).execute()).toEqual(
      [],
    );
  });

  it.each(['..', '.'])('refuses %s as a group or data id on every path that writes one', async (name) => {
    const publish = await t.app.inject({
      method: 'POST',
      url: '/api/admin/configs/public/items',
      headers: bearer(admin),
      payload: { dataId: name, group: 'DEFAULT_GROUP', content: 'x', type: 'text' },
    });
    expect(publish.statusCode).toBe(400);
    const publishGroup = await t.app.inject({
      method: 'POST',
      url: '/api/admin/configs/public/items',
      headers: bearer(admin),
      payload: { dataId: 'ok.txt', group: name, content: 'x', type: 'text' },
    });
    expect(publishGroup.statusCode).toBe(400);
    const nacos = await t.app.inject({
      method: 'POST',
      url: `/nacos/v1/cs/configs?username=sysadmin&password=${encodeURIComponent(sysadmin.password)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ dataId: name, group: 'DEFAULT_GROUP', content: 'x' }).toString(),
    });
    expect(nacos.statusCode).toBe(400);
    expect(await t.context.db.selectFrom('cfg_config').select('id').where('data_id', '=', name).execute()).toEqual([]);
  });

  it('still exports and imports a well-formed archive', async () => {
    const files = { 'DEFAULT_GROUP/app.properties': strToU8('a=1'), 'OTHER/app.json': strToU8('{"a":1}') };
    const response = await importZip(zipSync(files));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.created).toEqual(['DEFAULT_GROUP/app.properties', 'OTHER/app.json']);
  });
});
