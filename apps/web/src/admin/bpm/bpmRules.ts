import { bpmKeyPattern, type FieldRule, requiredText } from '@qiming/shared';

/** A BPMN id (definition key, activity id, plugin code): a letter or underscore, then letters, digits, `_ . -`. */
export const bpmKeyRules: FieldRule[] = [
  ...requiredText({ max: 64 }),
  { message: 'validation.identifier', test: (value) => bpmKeyPattern.test(String(value ?? '')) },
];

/** An optional activity id: empty, or a BPMN id. */
export const optionalActivityRules: FieldRule[] = [
  { message: 'validation.identifier', test: (value) => value === '' || value === undefined || bpmKeyPattern.test(String(value)) },
];

/** A JSON object of variables, as text in a form. */
export const variablesTextRules: FieldRule[] = [
  {
    message: 'validation.invalidValue',
    test: (value) => {
      const text = String(value ?? '').trim();
      if (!text) return true;
      try {
        const parsed: unknown = JSON.parse(text);
        return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
      } catch {
        return false;
      }
    },
  },
];
