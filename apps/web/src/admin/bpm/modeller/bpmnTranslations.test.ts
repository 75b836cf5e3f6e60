import { describe, expect, it } from 'vitest';
import { bpmEn } from '../../../core/i18n/locales/bpm/en.ts';
import { bpmEs } from '../../../core/i18n/locales/bpm/es.ts';
import { bpmZh } from '../../../core/i18n/locales/bpm/zh.ts';
import { bpmnTemplateKeys, bpmnTranslateModule, bpmnTranslator } from './bpmnTranslations.ts';

const lookup = (table: Record<string, string>) => (key: string) => table[key.replace('bpm.bpmnjs.', '')] ?? key;

describe('bpmn-js translate service', () => {
  it('names every listed template in the English table with the template itself', () => {
    for (const [template, key] of Object.entries(bpmnTemplateKeys)) {
      expect((bpmEn.bpmnjs as Record<string, string>)[key], key).toBe(template);
    }
  });

  it('answers palette and context pad entries in the language', () => {
    const translate = bpmnTranslator(lookup(bpmZh.bpmnjs));
    expect(translate('Create start event')).toBe('创建开始事件');
    expect(translate('Append gateway')).toBe('追加网关');
    expect(translate('Delete')).toBe('删除');
  });

  it('names every event kind the engine runs in the change-element menu, in Spanish too', () => {
    expect(bpmnTranslator(lookup(bpmZh.bpmnjs))('Message boundary event (non-interrupting)')).toBe('消息边界事件（非中断）');
    expect(bpmnTranslator(lookup(bpmEs.bpmnjs))('Escalation end event')).toBe('Evento de fin de escalamiento');
  });

  it('keeps templates it does not know in English, with their placeholders filled', () => {
    const translate = bpmnTranslator(lookup(bpmZh.bpmnjs));
    expect(translate('No parser for {element}', { element: 'Task_1' })).toBe('No parser for Task_1');
    expect(translate('Unknown {missing}')).toBe('Unknown {missing}');
  });

  it('is a bpmn-js module replacing the translate service with a value', () => {
    const module = bpmnTranslateModule(lookup(bpmZh.bpmnjs));
    expect(module.translate[0]).toBe('value');
    expect(typeof module.translate[1]).toBe('function');
  });
});
