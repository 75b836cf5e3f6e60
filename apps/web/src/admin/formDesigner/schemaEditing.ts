import type { FormField, FormFieldKind, FormSchema, FormSubField, LocalizedText } from '@qiming/shared';
import { optionKinds } from '@qiming/shared';

/**
 * The designer's copy of a schema: every field carries a `uid` that stays put while the author edits
 * its key, so that selection, drag and undo follow the field, not its name. `toSchema` drops the uids.
 */
export type DesignSubField = FormSubField & { uid: string };
export type DesignField = Omit<FormField, 'fields'> & { uid: string; fields?: DesignSubField[] };
export interface DesignSchema {
  fields: DesignField[];
}

/** Where a field goes: the form's own fields, or a sub-table's columns (by the sub-table's uid). */
export interface Place {
  parent?: string;
  index?: number;
}

/** Texts a new field starts with, in the four languages. */
export interface FieldNaming {
  label(kind: FormFieldKind): LocalizedText;
  option(n: number): LocalizedText;
}

let lastUid = 0;
const nextUid = () => {
  lastUid += 1;
  return `f${lastUid}`;
};

/** `base` if free, else `base` followed by the first number that is. */
export function uniqueKey(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}${n}`)) n += 1;
  return `${base}${n}`;
}

function keyFor(kind: FormFieldKind, taken: ReadonlySet<string>): string {
  let n = 1;
  while (taken.has(`${kind}${n}`)) n += 1;
  return `${kind}${n}`;
}

/** A field of the kind with a free key of its level, two options for a choice and one column for a sub-table. */
export function newField(kind: FormFieldKind, taken: ReadonlySet<string>, naming: FieldNaming): DesignField {
  const field: DesignField = {
    uid: nextUid(),
    key: keyFor(kind, taken),
    label: naming.label(kind),
    kind,
    required: false,
    hidden: false,
    readOnly: false,
    span: 24,
    validators: [],
  };
  if (optionKinds.includes(kind)) field.options = [1, 2].map((n) => ({ value: String(n), label: naming.option(n) }));
  if (kind === 'subTable') field.fields = [newField('text', new Set(), naming) as DesignSubField];
  return field;
}

/** The fields of one level: the form's, or a sub-table's columns. */
export function levelOf(design: DesignSchema, parent?: string): DesignSubField[] {
  if (parent === undefined) return design.fields;
  return design.fields.find((field) => field.uid === parent)?.fields ?? [];
}

function withLevel(design: DesignSchema, parent: string | undefined, change: (fields: DesignSubField[]) => DesignSubField[]): DesignSchema {
  if (parent === undefined) return { fields: change(design.fields) as DesignField[] };
  return {
    fields: design.fields.map((field) => (field.uid === parent && field.fields ? { ...field, fields: change(field.fields) } : field)),
  };
}

/** The level holding the field: undefined for the form's own fields, else the sub-table's uid. */
export function findField(design: DesignSchema, uid: string): { field: DesignField; parent?: string } | undefined {
  for (const field of design.fields) {
    if (field.uid === uid) return { field };
    const inner = field.fields?.find((sub) => sub.uid === uid);
    if (inner) return { field: inner, parent: field.uid };
  }
  return undefined;
}

export const keysOf = (fields: readonly { key: string }[]) => new Set(fields.map((field) => field.key));

/** Adds the field at the place (at the end by default); sub-tables do not nest, so one is never added inside another. */
export function addField(design: DesignSchema, field: DesignField, place: Place = {}): DesignSchema {
  if (place.parent !== undefined) {
    const table = design.fields.find((candidate) => candidate.uid === place.parent);
    if (!table?.fields || field.kind === 'subTable') return design;
  }
  return withLevel(design, place.parent, (fields) => {
    const at = place.index ?? fields.length;
    return [...fields.slice(0, at), field as DesignSubField, ...fields.slice(at)];
  });
}

/** Moves a field to the position of another of its level. */
export function moveField(design: DesignSchema, uid: string, overUid: string): DesignSchema {
  const found = findField(design, uid);
  const over = findField(design, overUid);
  if (!found || !over || found.parent !== over.parent || uid === overUid) return design;
  return withLevel(design, found.parent, (fields) => {
    const from = fields.findIndex((field) => field.uid === uid);
    const to = fields.findIndex((field) => field.uid === overUid);
    const next = fields.filter((field) => field.uid !== uid);
    next.splice(to, 0, fields[from] as DesignSubField);
    return next;
  });
}

/** A copy right after the field, with a key of its own; a sub-table's columns are copied too. */
export function copyField(design: DesignSchema, uid: string): { design: DesignSchema; uid?: string } {
  const found = findField(design, uid);
  if (!found) return { design };
  const level = levelOf(design, found.parent);
  const copy: DesignField = {
    ...structuredClone(found.field),
    uid: nextUid(),
    key: uniqueKey(`${found.field.key}_copy`, keysOf(level)),
  };
  copy.fields = copy.fields?.map((sub) => ({ ...sub, uid: nextUid() }));
  const index = level.findIndex((field) => field.uid === uid) + 1;
  return { design: addField(design, copy, { parent: found.parent, index }), uid: copy.uid };
}

/** Removes the field, and the conditions of its level that named it. */
export function deleteField(design: DesignSchema, uid: string): DesignSchema {
  const found = findField(design, uid);
  if (!found) return design;
  const key = found.field.key;
  return withLevel(design, found.parent, (fields) =>
    fields
      .filter((field) => field.uid !== uid)
      .map((field) => ({
        ...field,
        shownWhen: field.shownWhen?.field === key ? undefined : field.shownWhen,
        requiredWhen: field.requiredWhen?.field === key ? undefined : field.requiredWhen,
      })),
  );
}

/** Changes the field; a new key is followed by the conditions of its level that named the old one. */
export function updateField(design: DesignSchema, uid: string, change: Partial<DesignSubField>): DesignSchema {
  const found = findField(design, uid);
  if (!found) return design;
  const { key: oldKey } = found.field;
  const renamed = change.key !== undefined && change.key !== oldKey ? change.key : undefined;
  const follow = (condition: DesignSubField['shownWhen']) =>
    renamed !== undefined && condition?.field === oldKey ? { ...condition, field: renamed } : condition;
  return withLevel(design, found.parent, (fields) =>
    fields.map((field) =>
      field.uid === uid
        ? { ...field, ...change }
        : { ...field, shownWhen: follow(field.shownWhen), requiredWhen: follow(field.requiredWhen) },
    ),
  );
}

const stripUid = <T extends { uid: string }>({ uid: _uid, ...field }: T) => field;

/** The schema as it is saved: without the designer's uids and without properties left unset. */
export function toSchema(design: DesignSchema): FormSchema {
  return JSON.parse(
    JSON.stringify({
      fields: design.fields.map((field) => ({ ...stripUid(field), fields: field.fields?.map(stripUid) })),
    }),
  ) as FormSchema;
}

/** A saved schema ready for the designer. */
export function fromSchema(schema: FormSchema): DesignSchema {
  return {
    fields: schema.fields.map((field) => ({
      ...field,
      uid: nextUid(),
      fields: field.fields?.map((sub) => ({ ...sub, uid: nextUid() })),
    })),
  };
}
