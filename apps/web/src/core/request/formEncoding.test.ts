import { describe, expect, it } from 'vitest';
import { formEncode } from './formEncoding.ts';

describe('form encoding of admin requests', () => {
  it('dots nested objects, repeats arrays and leaves out empty values', () => {
    expect(formEncode({ role: { code: 'a', organ: { id: 3 } }, ids: [1, 2], note: null, gone: undefined, on: false })).toBe(
      'role.code=a&role.organ.id=3&ids=1&ids=2&on=false',
    );
  });

  it('encodes text that would break the form: separators, spaces and non-Latin letters', () => {
    const encoded = formEncode({ name: 'a&b=c d', label: '中文' });
    expect(encoded).toBe('name=a%26b%3Dc+d&label=%E4%B8%AD%E6%96%87');
    expect(new URLSearchParams(encoded).get('name')).toBe('a&b=c d');
  });

  it('sends times as ISO text', () => {
    expect(formEncode({ at: new Date(Date.UTC(2026, 10, 22)) })).toBe('at=2026-11-22T00%3A00%3A00.000Z');
  });
});
