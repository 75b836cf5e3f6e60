import qs from 'qs';
import { describe, expect, it } from 'vitest';
import { parseQueryString } from './formBody.ts';

/** qs as the server configures it: the fast path must answer exactly this. */
const byQs = (text: string) => qs.parse(text, { allowDots: true, depth: 5, arrayLimit: 1000, parameterLimit: 2000 });

const beat = encodeURIComponent(JSON.stringify({ serviceName: 'DEFAULT_GROUP@@svc', ip: '10.0.0.1', port: 8080, cluster: 'DEFAULT' }));

const tricky = [
  '',
  'a',
  'a=',
  '=a',
  'a=1',
  'a=1&b=2',
  'a=1&',
  '&a=1',
  'a=1&&b=2',
  'a=1&a=2',
  'a=1&b=2&a=3',
  'a.b=1',
  'a[b]=1',
  'a[]=1&a[]=2',
  'a%5Bb%5D=1',
  'a%5bb%5d=1',
  'a=%5B1%5D',
  'a=x%5D=y',
  'a=x]=y',
  'a]=1',
  'a=b=c',
  'a=%E2%9C%93',
  'a=%E2%5B',
  'a=%zz',
  'a=%',
  'a=1%2B1+2',
  'a=x+y',
  'a+b=1',
  'a%20b=1',
  '%61=1',
  'toString=1',
  '__proto__=1',
  'constructor=1&a=2',
  'hasOwnProperty=x',
  '0=a&1=b',
  '1a=x',
  'a-b=1&c_d=2',
  'Listening-Configs=bench.properties%02DEFAULT_GROUP%02d41d8cd98f00b204e9800998ecf8427e%01&accessToken=eyJ.x.y',
  `username=sysadmin&password=Qiming%402026&serviceName=DEFAULT_GROUP@@svc-1&beat=${beat}`,
  'a=%00&b=%uD800',
  'a=%ED%A0%80',
  'a=1;b=2',
  'a=1&b.c=2',
  'é=1',
  'a=é',
  Array.from({ length: 2_000 }, (_, n) => `p${n}=${n}`).join('&'),
  Array.from({ length: 2_001 }, (_, n) => `p${n}=${n}`).join('&'),
];

describe('flat query and form parameters', () => {
  it.each(tricky.map((text) => [text.slice(0, 80), text]))('parses %j as qs does', (_shown, text) => {
    expect(parseQueryString(text)).toStrictEqual(byQs(text));
  });

  it('parses every printable ASCII character in a name and a value as qs does', () => {
    for (let code = 32; code < 127; code++) {
      const character = String.fromCharCode(code);
      for (const text of [`a${character}=1`, `a=${character}`, `a=x${character}y&b=2`, `${character}=1&b=2`]) {
        expect(parseQueryString(text), text).toStrictEqual(byQs(text));
      }
    }
  });
});
