import { type FormFieldKind, formSchemaInput } from '@qiming/shared';
import { describe, expect, it } from 'vitest';
import {
  addField,
  copyField,
  type DesignSchema,
  deleteField,
  type FieldNaming,
  findField,
  fromSchema,
  keysOf,
  levelOf,
  moveField,
  newField,
  toSchema,
  uniqueKey,
  updateField,
} from './schemaEditing.ts';

const naming: FieldNaming = { label: (kind) => ({ zh: kind }), option: (n) => ({ zh: `选项${n}` }) };

function withKinds(...kinds: FormFieldKind[]): DesignSchema {
  return kinds.reduce<DesignSchema>((design, kind) => addField(design, newField(kind, keysOf(design.fields), naming)), { fields: [] });
}
const keys = (design: DesignSchema, parent?: string) => levelOf(design, parent).map((field) => field.key);

describe('designing a schema', () => {
  it('adds fields with free keys, options for a choice and a first column for a sub-table, and the result passes the shared check', () => {
    const design = withKinds('text', 'text', 'select', 'subTable');
    expect(keys(design)).toEqual(['text1', 'text2', 'select1', 'subTable1']);
    expect(design.fields[2]?.options).toEqual([
      { value: '1', label: { zh: '选项1' } },
      { value: '2', label: { zh: '选项2' } },
    ]);
    expect(design.fields[3]?.fields?.map((column) => column.kind)).toEqual(['text']);
    expect(formSchemaInput.safeParse(toSchema(design)).success).toBe(true);
  });

  it('adds at a place, and into a sub-table but never a sub-table into one', () => {
    let design = withKinds('text', 'subTable');
    const table = design.fields[1]?.uid as string;
    design = addField(design, newField('number', keysOf(design.fields), naming), { index: 0 });
    expect(keys(design)).toEqual(['number1', 'text1', 'subTable1']);
    design = addField(design, newField('date', keysOf(levelOf(design, table)), naming), { parent: table });
    expect(keys(design, table)).toEqual(['text1', 'date1']);
    expect(addField(design, newField('subTable', new Set(), naming), { parent: table })).toBe(design);
  });

  it('moves a field to the place of another of its level, not across levels', () => {
    const design = withKinds('text', 'number', 'date', 'subTable');
    const [text, , date, table] = design.fields;
    const moved = moveField(design, text?.uid as string, date?.uid as string);
    expect(keys(moved)).toEqual(['number1', 'date1', 'text1', 'subTable1']);
    expect(keys(moveField(moved, text?.uid as string, moved.fields[0]?.uid as string))).toEqual(['text1', 'number1', 'date1', 'subTable1']);
    const column = table?.fields?.[0]?.uid as string;
    expect(moveField(design, column, text?.uid as string)).toBe(design);
  });

  it('copies a field right after it with a key of its own, a sub-table with its columns', () => {
    const design = withKinds('text', 'subTable');
    const copied = copyField(design, design.fields[0]?.uid as string);
    expect(keys(copied.design)).toEqual(['text1', 'text1_copy', 'subTable1']);
    expect(copied.uid).toBe(copied.design.fields[1]?.uid);
    const again = copyField(copied.design, design.fields[0]?.uid as string);
    expect(keys(again.design)).toEqual(['text1', 'text1_copy2', 'text1_copy', 'subTable1']);
    const table = copyField(design, design.fields[1]?.uid as string).design.fields[2];
    expect(table?.key).toBe('subTable1_copy');
    expect(table?.fields?.[0]?.uid).not.toBe(design.fields[1]?.fields?.[0]?.uid);
  });

  it('deletes a field and the conditions that named it', () => {
    let design = withKinds('text', 'number');
    const [text, number] = design.fields;
    design = updateField(design, number?.uid as string, { shownWhen: { field: 'text1', hasValue: true } });
    const after = deleteField(design, text?.uid as string);
    expect(keys(after)).toEqual(['number1']);
    expect(after.fields[0]?.shownWhen).toBeUndefined();
  });

  it('changes a field; a new key is followed by the conditions that named the old one', () => {
    let design = withKinds('text', 'number');
    const [text, number] = design.fields;
    design = updateField(design, number?.uid as string, { requiredWhen: { field: 'text1', hasValue: true } });
    design = updateField(design, text?.uid as string, { key: 'name', span: 12 });
    expect(design.fields[0]).toMatchObject({ key: 'name', span: 12 });
    expect(design.fields[1]?.requiredWhen).toEqual({ field: 'name', hasValue: true });
  });

  it('edits a sub-table column in place', () => {
    const design = withKinds('subTable');
    const column = design.fields[0]?.fields?.[0]?.uid as string;
    const changed = updateField(design, column, { required: true });
    expect(findField(changed, column)).toMatchObject({ field: { required: true }, parent: design.fields[0]?.uid });
    expect(keys(deleteField(changed, column), design.fields[0]?.uid)).toEqual([]);
  });

  it('keeps uids out of the saved schema and gives a loaded one new ones', () => {
    const schema = toSchema(withKinds('text', 'subTable'));
    expect(JSON.stringify(schema)).not.toContain('uid');
    const loaded = fromSchema(schema);
    expect(toSchema(loaded)).toEqual(schema);
    expect(new Set(loaded.fields.map((field) => field.uid)).size).toBe(2);
  });

  it('finds a free key', () => {
    expect(uniqueKey('a', new Set())).toBe('a');
    expect(uniqueKey('a', new Set(['a', 'a2']))).toBe('a3');
  });
});
