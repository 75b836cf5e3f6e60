import { describe, expect, it } from 'vitest';
import { fieldRules, firstBrokenRule, multiSelect, requiredText } from './rules.ts';
import { ruledString } from './zod.ts';

const messageFor = (rules: Parameters<typeof firstBrokenRule>[0], value: unknown) => firstBrokenRule(rules, value)?.message;

describe('mobile numbers', () => {
  it.each(['13012345678', '15912345678', '18812345678'])('accepts %s (second digit 3 to 8)', (value) => {
    expect(messageFor(fieldRules.mobile, value)).toBeUndefined();
  });
  it.each([
    ['', 'validation.mobileRequired'],
    ['12012345678', 'validation.mobile'],
    ['19012345678', 'validation.mobile'],
    ['1301234567', 'validation.mobile'],
    ['130123456789', 'validation.mobile'],
    ['23012345678', 'validation.mobile'],
  ])('refuses %j with %s', (value, message) => {
    expect(messageFor(fieldRules.mobile, value)).toBe(message);
  });
});

describe('user names', () => {
  it.each([
    ['abcde', 'validation.userNameLength'],
    ['abcdef', undefined],
    ['a'.repeat(18), undefined],
    ['a'.repeat(19), 'validation.userNameLength'],
    ['', 'validation.userNameRequired'],
    ['   ', 'validation.notEmpty'],
    ['user-name', 'validation.userNameChars'],
    ['用户名称六个字', 'validation.userNameChars'],
    ['staff_01', undefined],
  ])('%j -> %s', (value, message) => {
    expect(messageFor(fieldRules.userName, value)).toBe(message);
  });
});

describe('other patterns', () => {
  it.each([
    ['email', 'a@b.cn', true],
    ['email', 'a@b', false],
    ['email', '', true],
    ['naturalNumber', '0', true],
    ['naturalNumber', '012', false],
    ['englishLetters', 'abcXYZ', true],
    ['englishLetters', 'abc1', false],
    ['landline', '010-12345678', true],
    ['landline', '0571-8765432', true],
    ['landline', '12345', false],
    ['bankCard', '1234567890', true],
    ['bankCard', '123456789', false],
    ['bankCard', '1'.repeat(21), false],
    ['idNumber', 'A'.repeat(50), true],
    ['idNumber', 'A'.repeat(51), false],
    ['chineseId', '11010519491231002X', true],
    ['chineseId', '110105194912310021', false],
    ['chineseId', '110105194902300021', false],
    ['qq', '10000', true],
    ['qq', '1000', false],
    ['qq', '1234567890123', false],
    ['url', 'https://example.cn/a', true],
    ['url', 'ftp://example.cn', false],
    ['alphanumeric20', 'a'.repeat(20), true],
    ['alphanumeric20', 'a'.repeat(21), false],
    ['letters2to100', '启明 Qiming', true],
    ['letters2to100', 'a', false],
    ['digitsAndLineBreaks', '1\n2\r\n3', true],
    ['digitsAndLineBreaks', '1 2', false],
    ['max255', 'x'.repeat(255), true],
    ['max255', 'x'.repeat(256), false],
  ] as const)('%s: %j passes = %s', (rule, value, passes) => {
    expect(firstBrokenRule(fieldRules[rule], value) === undefined).toBe(passes);
  });
});

describe('generic builders', () => {
  it('required text with bounds names the bound in its message', () => {
    const rules = requiredText({ min: 2, max: 4 });
    expect(firstBrokenRule(rules, '')?.message).toBe('validation.required');
    expect(firstBrokenRule(rules, 'a')).toMatchObject({ message: 'validation.minLength', params: { n: 2 } });
    expect(firstBrokenRule(rules, 'abcde')).toMatchObject({ message: 'validation.maxLength', params: { n: 4 } });
    expect(firstBrokenRule(rules, 'abcd')).toBeUndefined();
  });

  it('multi-select counts its choices', () => {
    const rules = multiSelect({ min: 1, max: 2 });
    expect(firstBrokenRule(rules, [])).toMatchObject({ message: 'validation.minSelect', params: { n: 1 } });
    expect(firstBrokenRule(rules, ['a', 'b', 'c'])).toMatchObject({ message: 'validation.maxSelect', params: { n: 2 } });
    expect(firstBrokenRule(rules, ['a'])).toBeUndefined();
  });

  it('the zod form carries the message key for the server to translate', () => {
    const result = ruledString(fieldRules.userName).safeParse('abc');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('validation.userNameLength');
    expect(ruledString(fieldRules.userName).safeParse(undefined).error?.issues[0]?.message).toBe('validation.userNameRequired');
  });
});
