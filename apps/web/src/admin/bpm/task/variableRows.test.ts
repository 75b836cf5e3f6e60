import { describe, expect, it } from 'vitest';
import { rowsToVariables, valueProblem } from './variableRows.ts';

describe('the variable editor’s rows', () => {
  it('reads each row as its type and leaves out rows without a name', () => {
    expect(
      rowsToVariables([
        { name: 'note', type: 'text', value: ' ok ' },
        { name: 'days', type: 'number', value: ' 4.5 ' },
        { name: 'approved', type: 'boolean', value: true },
        { name: 'rejected', type: 'boolean', value: '' },
        { name: 'items', type: 'json', value: '[1, {"a": 2}]' },
        { name: '  ', type: 'text', value: 'lost' },
        { name: 'plain', value: 'text by default' },
      ]),
    ).toEqual({ note: ' ok ', days: 4.5, approved: true, rejected: false, items: [1, { a: 2 }], plain: 'text by default' });
    expect(rowsToVariables(undefined)).toEqual({});
  });

  it('names what a value of its type cannot be', () => {
    expect(valueProblem('number', '')).toBe('numberInvalid');
    expect(valueProblem('number', '4 days')).toBe('numberInvalid');
    expect(valueProblem('number', '-3')).toBeUndefined();
    expect(valueProblem('json', '{days: 4}')).toBe('jsonInvalid');
    expect(valueProblem('json', 'null')).toBeUndefined();
    expect(valueProblem('text', '')).toBeUndefined();
  });
});
