import { describe, expect, it } from 'vitest';
import { matchLanguage, parseAcceptLanguage } from './languages.ts';
import { formatMessage, messages } from './messages.ts';

describe('message catalogue', () => {
  it('has every message in all four languages, with the same placeholders', () => {
    for (const [key, texts] of Object.entries(messages)) {
      const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
      for (const language of ['en', 'zh', 'es', 'ja'] as const) {
        expect(texts[language], `${key}.${language}`).toBeTruthy();
        expect(placeholders(texts[language]), `${key}.${language}`).toEqual(placeholders(texts.en));
      }
    }
  });

  it('keeps the spec wording in Chinese', () => {
    expect(formatMessage('error.badCredentials', 'zh')).toBe('用户名或密码错误，请重新输入');
    expect(formatMessage('validation.minLength', 'zh', { n: 6 })).toBe('最小长度6位字符');
    expect(formatMessage('validation.nothingSelected', 'zh')).toBe('您还未选择数据');
  });
});

describe('language choice', () => {
  it('follows Accept-Language weights and falls back to nothing it does not know', () => {
    expect(matchLanguage(parseAcceptLanguage('fr-FR,ja;q=0.5,es;q=0.8'))).toBe('es');
    expect(matchLanguage(parseAcceptLanguage('zh-CN,zh;q=0.9'))).toBe('zh');
    expect(matchLanguage(parseAcceptLanguage('fr'))).toBeUndefined();
    expect(matchLanguage(parseAcceptLanguage(undefined))).toBeUndefined();
  });
});
