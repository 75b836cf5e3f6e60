import { describe, expect, it } from 'vitest';
import { dropPlace } from './designerDrag.ts';
import { addField, type DesignSchema, type FieldNaming, keysOf, newField } from './schemaEditing.ts';

const naming: FieldNaming = { label: (kind) => ({ zh: kind }), option: (n) => ({ zh: String(n) }) };
const design = (['text', 'subTable'] as const).reduce<DesignSchema>(
  (current, kind) => addField(current, newField(kind, keysOf(current.fields), naming)),
  { fields: [] },
);
const [text, table] = design.fields;

describe('where a kind dropped from the palette goes', () => {
  it('to the end of the canvas, before the field it is dropped on, or into a sub-table', () => {
    expect(dropPlace(design, 'canvas')).toEqual({});
    expect(dropPlace(design, text?.uid as string)).toEqual({ parent: undefined, index: 0 });
    expect(dropPlace(design, `sub:${table?.uid}`)).toEqual({ parent: table?.uid });
    expect(dropPlace(design, table?.fields?.[0]?.uid as string)).toEqual({ parent: table?.uid, index: 0 });
    expect(dropPlace(design, 'elsewhere')).toBeUndefined();
  });
});
