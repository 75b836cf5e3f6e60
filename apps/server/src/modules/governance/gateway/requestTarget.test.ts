import { describe, expect, it } from 'vitest';
import { targetParts } from './requestTarget.ts';

/** What WHATWG URL makes of a request target: the route must be matched on exactly this. */
function byUrl(target: string) {
  const url = new URL(target, 'http://gateway.invalid');
  return { path: url.pathname, search: url.search };
}

const tricky = [
  '/',
  '/api/items/42',
  '/api/v1.0/file.json',
  '/a//b/',
  '/a/./b',
  '/a/../b',
  '/a/..',
  '/a/.',
  '/..',
  '/../../etc/passwd',
  '/a/%2e%2e/b',
  '/a/%2E%2e/b',
  '/a/.%2e/b',
  '/a/%2e./b',
  '/a/%2e/b',
  '/a/%2fb',
  '/a/%41',
  '/a\\..\\b',
  '/a\\b',
  '\\\\evil/b',
  '//evil.example/admin',
  '///a',
  '/a/.hidden/b',
  '/a/..hidden',
  '/a b',
  '/a\tb',
  '/a\nb',
  ' /a',
  '/a#fragment',
  '/a?#',
  '/a?',
  '/a??',
  '/a?q=1&r=2',
  '/a?q=1#frag',
  "/a?q='x'",
  '/a?q="x"',
  '/a?q=<x>',
  '/a?q=%zz&r=%2e%2e',
  '/a?q=/../b',
  '/a?q=[]&r={}|^`\\',
  '/a?q=é',
  '/é',
  '/a%',
  '/a/%zz',
  '*',
  'http://other.example/path/../x?y',
  'HTTP://other.example:8080/p',
  '/a;b=c/d:e@f',
  "/a!$&'()*+,=~-_",
  '/a^b',
  '/a|b',
  '/a[b]',
  '/a{b}',
  '/a`b',
];

describe('targetParts', () => {
  it.each(tricky)('gives the path and query URL gives for %j', (target) => {
    expect(targetParts(target)).toEqual(byUrl(target));
  });

  it('gives what URL gives for every printable ASCII character in a segment and in the query', () => {
    for (let code = 0x20; code < 0x7f; code++) {
      const character = String.fromCharCode(code);
      for (const target of [`/a${character}b`, `/a/${character}`, `/${character}${character}/b`, `/a?q=${character}`, `/a?${character}`]) {
        expect(targetParts(target), target).toEqual(byUrl(target));
      }
    }
  });
});
