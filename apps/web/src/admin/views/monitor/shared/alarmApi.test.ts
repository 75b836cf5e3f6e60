import { describe, expect, it } from 'vitest';
import { formEncode } from '../../../../core/request/formEncoding.ts';
import { listsIndexed } from './alarmApi.ts';

describe('alarm form bodies', () => {
  it('send lists as indexed keys, so a list of one stays a list', () => {
    expect(formEncode(listsIndexed({ receiverName: 'ops', emails: ['a@example.com'], roleCodes: [], enabled: 'true' }))).toBe(
      'receiverName=ops&emails.0=a%40example.com&enabled=true',
    );
    expect(formEncode(listsIndexed({ receiverIds: [3, 7] }))).toBe('receiverIds.0=3&receiverIds.1=7');
  });
});
