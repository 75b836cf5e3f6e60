import { z } from 'zod';
import type { Language } from '../i18n/languages.ts';
import { formatMessage, type MessageKey, type MessageParams } from '../i18n/messages.ts';
import { type FieldRule, fieldRules, firstBrokenRule, isEmpty, optionalText, requiredText } from '../validation/rules.ts';
import { ruledString } from '../validation/zod.ts';
import { solarDate } from './identity.ts';

/**
 * Cloud forms (issue 11): a form's fields are described by our own schema, `FormSchema = { fields }`.
 * The same schema drives the browser's form and the server's check of a submission
 * (`validateSubmission`), so both show the same messages, the spec's field rules among them.
 *
 * Values by kind:
 * - text, textarea, richText: a string; number, money (at most two decimals), rate (integer 0..5): a number;
 * - date 'YYYY-MM-DD'; dateRange ['YYYY-MM-DD', 'YYYY-MM-DD'], start not after end; time 'HH:mm' or 'HH:mm:ss';
 * - select, radio: one option value; checkbox: a list of option values; switch: a boolean;
 * - region: the region code path, e.g. ['110000', '110100']; organ, account: a record id;
 * - upload: a list of attachment ids; staticText: no value (its label is a heading, its help a paragraph:
 *   how a form is divided into sections); subTable: a list of rows, each an object
 *   of the sub-fields' values (sub-tables do not nest).
 */
export const formFieldKinds = [
  'text',
  'textarea',
  'number',
  'money',
  'date',
  'dateRange',
  'time',
  'select',
  'radio',
  'checkbox',
  'switch',
  'rate',
  'region',
  'organ',
  'account',
  'upload',
  'richText',
  'staticText',
  'subTable',
] as const;
export type FormFieldKind = (typeof formFieldKinds)[number];

export type FieldRuleName = keyof typeof fieldRules;
const fieldRuleNames = Object.keys(fieldRules) as [FieldRuleName, ...FieldRuleName[]];
/** Rules that need a number: a length, a size or a count. */
export const boundRules = ['minLength', 'maxLength', 'min', 'max', 'minItems', 'maxItems'] as const;
/** The spec's field rules by name, bounds on length, size and count, and a form author's own pattern. */
export const formValidatorRules = [...fieldRuleNames, ...boundRules, 'pattern'] as const;
export type FormValidatorRule = (typeof formValidatorRules)[number];

const textKinds: readonly FormFieldKind[] = ['text', 'textarea', 'richText'];
const numberKinds: readonly FormFieldKind[] = ['number', 'money', 'rate'];
const listKinds: readonly FormFieldKind[] = ['checkbox', 'upload', 'subTable'];
/** Kinds whose value is picked from options, typed in or from a dictionary. */
export const optionKinds: readonly FormFieldKind[] = ['select', 'radio', 'checkbox'];
/** Kinds whose empty value asks the person to choose rather than to type. */
const choiceKinds: readonly FormFieldKind[] = ['select', 'radio', 'checkbox', 'region', 'organ', 'account'];

/** Which kinds each rule applies to: text rules to what is typed, bounds to numbers, counts to lists. */
export function ruleAppliesTo(rule: FormValidatorRule, kind: FormFieldKind): boolean {
  if (rule === 'min' || rule === 'max') return numberKinds.includes(kind);
  if (rule === 'minItems' || rule === 'maxItems') return listKinds.includes(kind);
  if (rule === 'minLength' || rule === 'maxLength' || rule === 'pattern') return textKinds.includes(kind);
  return textKinds.includes(kind) || kind === 'number';
}

/** Longest text each text kind takes, so that no submission is unbounded. */
const textCaps: Partial<Record<FormFieldKind, number>> = { text: 500, textarea: 5000, richText: 100_000 };

const identifierRule: FieldRule = { message: 'validation.identifier', test: (value) => /^[A-Za-z][A-Za-z0-9_]*$/.test(String(value)) };

/** Text in the four languages; Chinese is required, the others fall back to it. */
export const localizedText = z.object({
  zh: ruledString(requiredText({ max: 200 })),
  en: z.string().max(200).optional(),
  es: z.string().max(200).optional(),
  ja: z.string().max(200).optional(),
});
export type LocalizedText = z.infer<typeof localizedText>;

/** Longer text in the four languages: a field's help, a static text's paragraph. */
const localizedParagraph = z.object({
  zh: ruledString(requiredText({ max: 2000 })),
  en: z.string().max(2000).optional(),
  es: z.string().max(2000).optional(),
  ja: z.string().max(2000).optional(),
});

export function localized(text: LocalizedText, language: Language): string {
  return text[language] || text.zh;
}

const optionValue = z.union([z.string().max(100), z.number()]);
/** A choice's options: typed in, or the items of a dictionary (checked by the dictionary, not here). */
const formOptions = z.union([
  z
    .array(z.object({ value: optionValue, label: localizedText }))
    .min(1)
    .max(500),
  z.object({ dictCode: z.string().min(1).max(100) }),
]);

const formValidator = z.object({
  rule: z.enum(formValidatorRules),
  /** The bound of minLength..maxItems, the regular expression of `pattern`. */
  value: z.union([z.number(), z.string().max(500)]).optional(),
  /** The author's own message, shown instead of the rule's. */
  message: localizedText.optional(),
});
export type FormValidator = z.infer<typeof formValidator>;

/** A simple condition: true when the named field of the same level has a value. */
const formCondition = z.object({ field: z.string().max(50), hasValue: z.literal(true) });
export type FormCondition = z.infer<typeof formCondition>;

const fieldShape = {
  /** Names the value in a submission; unique among its level's fields. */
  key: ruledString([...requiredText({ max: 50 }), identifierRule]),
  label: localizedText,
  kind: z.enum(formFieldKinds),
  required: z.boolean().default(false),
  /** Never shown: its value is dropped and it is never required. */
  hidden: z.boolean().default(false),
  /** Shown but not edited: the submission's value is ignored and the default stands. */
  readOnly: z.boolean().default(false),
  placeholder: localizedText.optional(),
  /** Shown under the field; a static text's paragraph, under its label as a heading. */
  help: localizedParagraph.optional(),
  /** Columns of a 24-column row the field takes: 24 a whole row, 12 a half, 8 a third, 6 a quarter. */
  span: z.number().int().min(1).max(24).default(24),
  defaultValue: z.unknown().optional(),
  options: formOptions.optional(),
  validators: z.array(formValidator).max(20).default([]),
  /** Required only while the condition holds. */
  requiredWhen: formCondition.optional(),
  /** Shown only while the condition holds; otherwise like a hidden field. */
  shownWhen: formCondition.optional(),
};
const subFieldInput = z.object(fieldShape);
// Named, so the API's document writes a field's schema once and refers to it from each form operation.
const formFieldInput = z
  .object({ ...fieldShape, /** A sub-table's columns. */ fields: z.array(subFieldInput).min(1).max(50).optional() })
  .meta({ id: 'FormField' });
export type FormSubField = z.infer<typeof subFieldInput>;
export type FormField = z.infer<typeof formFieldInput>;
/** A form's schema as answers carry it: the fields as saved, each default filled in. */
export const formSchema = z.object({ fields: z.array(formFieldInput) });
export type FormSchema = z.infer<typeof formSchema>;

/** Checks one level of fields: unique keys, conditions on its own fields, options, sub-fields and rules fit for the kind. */
function checkLevel(fields: readonly FormSubField[], path: (string | number)[], context: z.RefinementCtx, subLevel: boolean): void {
  const keys = new Set<string>();
  for (const [index, field] of fields.entries()) {
    const at = [...path, index];
    if (keys.has(field.key))
      context.addIssue({ code: 'custom', message: 'validation.formDuplicateKey', params: { key: field.key }, path: [...at, 'key'] });
    keys.add(field.key);
  }
  for (const [index, field] of fields.entries()) {
    const at = [...path, index];
    for (const name of ['requiredWhen', 'shownWhen'] as const) {
      const condition = field[name];
      if (condition && (!keys.has(condition.field) || condition.field === field.key)) {
        context.addIssue({
          code: 'custom',
          message: 'validation.formConditionField',
          params: { key: condition.field },
          path: [...at, name],
        });
      }
    }
    if (optionKinds.includes(field.kind) !== (field.options !== undefined)) {
      context.addIssue({ code: 'custom', message: 'validation.formOptionsRequired', path: [...at, 'options'] });
    }
    // A read-only field keeps its default whatever the filler sends, so the default must be a value of its kind.
    if (!isEmpty(field.defaultValue) && (field.kind === 'staticText' || checkKind(field, field.defaultValue))) {
      context.addIssue({
        code: 'custom',
        message: 'validation.formDefaultValue',
        params: { key: field.key },
        path: [...at, 'defaultValue'],
      });
    }
    const subFields = (field as FormField).fields;
    if ((field.kind === 'subTable') !== (subFields !== undefined) || (subLevel && field.kind === 'subTable')) {
      context.addIssue({ code: 'custom', message: 'validation.formSubFields', path: [...at, 'fields'] });
    }
    for (const [position, validator] of field.validators.entries()) {
      const where = [...at, 'validators', position];
      if (!ruleAppliesTo(validator.rule, field.kind)) {
        context.addIssue({
          code: 'custom',
          message: 'validation.formRuleKind',
          params: { rule: validator.rule, kind: field.kind },
          path: where,
        });
      } else if (validator.rule === 'pattern') {
        const source = String(validator.value ?? '');
        if (typeof validator.value === 'string' && backtrackingShape.test(source)) {
          context.addIssue({ code: 'custom', message: 'validation.backtrackingRegex', params: { value: source }, path: where });
        } else if (typeof validator.value !== 'string' || compilePattern(validator.value) === undefined) {
          context.addIssue({ code: 'custom', message: 'validation.badRegex', params: { value: source }, path: where });
        }
      } else if ((boundRules as readonly string[]).includes(validator.rule)) {
        const value = validator.value;
        const whole = validator.rule !== 'min' && validator.rule !== 'max';
        if (typeof value !== 'number' || !Number.isFinite(value) || (whole && (!Number.isInteger(value) || value < 0))) {
          context.addIssue({ code: 'custom', message: 'validation.formRuleValue', params: { rule: validator.rule }, path: where });
        }
      }
    }
    if (subFields) checkLevel(subFields, [...at, 'fields'], context, true);
  }
}

/**
 * A quantified group that itself holds a quantifier or an alternation, `(a+)+`, `(\\w*)*`, `(a|ab)*`: the
 * shapes that backtrack for ever in JavaScript's engine, refused when the form is saved. A heuristic that
 * misses some (`\\s*\\s*\\s*x`, `(a+){12}`), so it is not what keeps the server safe: the server runs
 * authors' patterns on a linear-time engine (`usePatternEngine`). It keeps a browser from hanging on
 * its own form while the author types.
 */
const backtrackingShape = /\((?:[^()\\]|\\.)*(?:[*+?}|])(?:[^()\\]|\\.)*\)(?:[*+]|\{\d*,)/;

/** Compiles an author's pattern into a test; undefined when the engine cannot run it. */
export type PatternEngine = (source: string) => ((value: string) => boolean) | undefined;

const javaScriptPatterns: PatternEngine = (source) => {
  try {
    const pattern = new RegExp(source, 'u');
    return (value) => pattern.test(value);
  } catch {
    return undefined;
  }
};

let patternEngine: PatternEngine = javaScriptPatterns;
const compiledPatterns = new Map<string, ((value: string) => boolean) | undefined>();

/**
 * Replaces JavaScript's pattern engine, whose matching time has no bound, for the whole process: the
 * server installs a linear-time engine at start, because it runs authors' patterns against anyone's input.
 */
export function usePatternEngine(engine: PatternEngine): void {
  patternEngine = engine;
  compiledPatterns.clear();
}

function compilePattern(source: string): ((value: string) => boolean) | undefined {
  if (backtrackingShape.test(source)) return undefined;
  if (!compiledPatterns.has(source)) {
    // Patterns come from forms, a few hundred at most; the bound only keeps a flood of saves from growing it.
    if (compiledPatterns.size >= 1000) compiledPatterns.clear();
    compiledPatterns.set(source, patternEngine(source));
  }
  return compiledPatterns.get(source);
}

/** A form's schema as an author saves it: every problem is answered with its message key. */
export const formSchemaInput = z
  .object({ fields: z.array(formFieldInput).max(200) })
  .superRefine((schema, context) => checkLevel(schema.fields, ['fields'], context, false));

export const formRules = {
  name: requiredText({ max: 100 }),
  description: optionalText({ max: 500 }),
  action: optionalText({ max: 200 }),
  url: [...optionalText({ max: 500 }), ...fieldRules.url],
  modelName: [...requiredText({ max: 100 }), identifierRule],
};

/** A cloud form as the back office edits it: its draft schema in `field`. */
export const formInput = z.object({
  name: ruledString(formRules.name),
  description: ruledString(formRules.description),
  field: formSchemaInput,
  /** What the form does when submitted, in the author's words or as a code. */
  action: ruledString(formRules.action),
  /** Where a submission is posted on, when given. */
  url: ruledString(formRules.url),
  /** The data model the submissions describe. */
  modelName: ruledString(formRules.modelName),
});
export type FormInput = z.infer<typeof formInput>;

export const formSortable = ['name', 'modelName', 'updatedAt'] as const;

export const form = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  field: formSchema,
  action: z.string(),
  url: z.string(),
  modelName: z.string(),
  /** The latest published version; null before the first publication. */
  version: z.number().int().nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type Form = z.infer<typeof form>;

export const formVersion = z.object({
  formId: z.number().int(),
  version: z.number().int(),
  field: formSchema,
  publishedAt: z.number().int(),
  publishedBy: z.string(),
});
export type FormVersion = z.infer<typeof formVersion>;

/** Where posting a submission on to the form's `url` stands: `none` when the form has no url. */
export const formPostStatuses = ['none', 'pending', 'posted', 'failed'] as const;
export type FormPostStatus = (typeof formPostStatuses)[number];

export const formSubmission = z.object({
  id: z.number().int(),
  formId: z.number().int(),
  version: z.number().int(),
  values: z.record(z.string(), z.unknown()),
  submittedBy: z.number().int(),
  /** The submitter's name, for lists and exports. */
  submittedByName: z.string(),
  submittedAt: z.number().int(),
  postStatus: z.enum(formPostStatuses),
  /** Why posting on failed, in English (the server's language). */
  postError: z.string().nullable(),
});
export type FormSubmission = z.infer<typeof formSubmission>;

/** A submission as a page of them lists it: without its values, which only the detail carries. */
export const submissionSummary = formSubmission.omit({ values: true });
export type SubmissionSummary = z.infer<typeof submissionSummary>;

/** A form someone may fill in: its latest published version. */
export const publishedForm = z.object({ id: z.number().int(), name: z.string(), description: z.string(), version: z.number().int() });
export type PublishedForm = z.infer<typeof publishedForm>;

/** One submission with the schema of its own version and names for the ids among its values (see `referenceLabelKey`). */
export const submissionDetail = formSubmission.extend({ field: formSchema, labels: z.record(z.string(), z.string()) });
export type SubmissionDetail = z.infer<typeof submissionDetail>;

/** What a picker offers: an organisation, an account, a dictionary item or a region. */
export const lookupOption = z.object({
  value: z.union([z.string(), z.number()]),
  label: z.string(),
  /** A region with nothing under it. */
  isLeaf: z.boolean().optional(),
});
export type LookupOption = z.infer<typeof lookupOption>;

/**
 * A 422 answer's data: every problem of a refused submission, in the caller's language and named by its
 * field; null when the request was refused as a whole (a workflow command that ran into an incident).
 */
export const submissionProblems = z.object({ problems: z.array(z.object({ field: z.string(), message: z.string() })) }).nullable();

/** A form as the submissions page names it. */
export const formName = publishedForm.pick({ id: true, name: true });

export const submissionSearch = z.object({
  /** Part of the submitter's name or user name. */
  submittedBy: z.string().max(100).optional(),
  /** Epoch milliseconds, inclusive. */
  submittedFrom: z.coerce.number().int().nonnegative().optional(),
  submittedTo: z.coerce.number().int().nonnegative().optional(),
});
export type SubmissionSearch = z.infer<typeof submissionSearch>;

/** A value that names a record kept elsewhere: dictionary items, organisations, accounts, regions, attachments. */
export type ReferenceKind = 'dict' | 'organ' | 'account' | 'region' | 'upload';

export interface FormReference {
  /** The value's dotted path, as a problem names it. */
  path: string;
  field: FormSubField;
  kind: ReferenceKind;
  /** The dictionary of a `dict` reference. */
  dictCode?: string;
  /** The ids or codes named: a region's whole path, a checkbox's or an upload's list. */
  items: (string | number)[];
}

/** The key of one referenced record in a submission's `labels`: `organ:12`, `dict:gender:M`, `region:110000`. */
export function referenceLabelKey(kind: ReferenceKind, item: string | number, dictCode?: string): string {
  return kind === 'dict' ? `dict:${dictCode}:${item}` : `${kind}:${item}`;
}

function referenceOf(field: FormSubField, value: unknown, path: string): FormReference | undefined {
  const items = (Array.isArray(value) ? value : [value]).filter((item) => typeof item === 'string' || typeof item === 'number');
  if (optionKinds.includes(field.kind) && field.options && !Array.isArray(field.options)) {
    return { path, field, kind: 'dict', dictCode: field.options.dictCode, items };
  }
  if (field.kind === 'organ' || field.kind === 'account' || field.kind === 'region' || field.kind === 'upload') {
    return { path, field, kind: field.kind, items };
  }
  return undefined;
}

/** Every reference among checked values, sub-table cells included, in the order of the fields. */
export function formReferences(schema: FormSchema, values: Record<string, unknown>): FormReference[] {
  const found: FormReference[] = [];
  const visit = (fields: readonly FormSubField[], row: Record<string, unknown>, prefix: string) => {
    for (const field of fields) {
      const value = row[field.key];
      if (isEmpty(value)) continue;
      const subFields = (field as FormField).fields;
      if (field.kind === 'subTable' && subFields && Array.isArray(value)) {
        value.forEach((cells, index) => {
          if (isRecord(cells)) visit(subFields, cells, `${prefix}${field.key}.${index}.`);
        });
        continue;
      }
      const reference = referenceOf(field, value, `${prefix}${field.key}`);
      if (reference) found.push(reference);
    }
  };
  visit(schema.fields, values, '');
  return found;
}

/** One problem of a submission: `field` is a dotted path ('items.0.qty' for a sub-table's cell). */
export interface SubmissionProblem {
  field: string;
  message: MessageKey;
  params: MessageParams;
  /** The message in the language asked for, or the form author's own. */
  text: string;
}

export interface CheckedSubmission {
  /** The values to keep: hidden fields dropped, read-only ones at their defaults. */
  values: Record<string, unknown>;
  problems: SubmissionProblem[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isId = (value: unknown) => typeof value === 'number' && Number.isInteger(value) && value > 0 && value < 2 ** 31;
const isDate = (value: unknown) => solarDate.safeParse(value).success;
const isTime = (value: unknown) => typeof value === 'string' && /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(value);
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

type Broken = { message: MessageKey; params?: MessageParams; custom?: LocalizedText };

function optionValues(field: FormSubField): readonly unknown[] | undefined {
  return Array.isArray(field.options) ? field.options.map((option) => option.value) : undefined;
}

/** Whether a present value has the kind's type; the first mismatch, or undefined. */
function checkKind(field: FormSubField, value: unknown): Broken | undefined {
  const invalid: Broken = { message: 'validation.invalidValue' };
  const known = optionValues(field);
  switch (field.kind) {
    case 'text':
    case 'textarea':
    case 'richText': {
      if (typeof value !== 'string') return invalid;
      const cap = textCaps[field.kind] ?? 0;
      return [...value].length > cap ? { message: 'validation.maxLength', params: { n: cap } } : undefined;
    }
    case 'number':
      return isNumber(value) ? undefined : { message: 'validation.number' };
    case 'money':
      if (!isNumber(value)) return { message: 'validation.number' };
      return Math.abs(value * 100 - Math.round(value * 100)) < 1e-6 ? undefined : { message: 'validation.formMoney' };
    case 'rate':
      return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 5
        ? undefined
        : { message: 'validation.numberRange', params: { min: 0, max: 5 } };
    case 'date':
      return isDate(value) ? undefined : { message: 'validation.date' };
    case 'dateRange':
      return Array.isArray(value) && value.length === 2 && value.every(isDate) && String(value[0]) <= String(value[1])
        ? undefined
        : { message: 'validation.formDateRange' };
    case 'time':
      return isTime(value) ? undefined : { message: 'validation.formTime' };
    case 'select':
    case 'radio':
      if (typeof value !== 'string' && !isNumber(value)) return invalid;
      return known && !known.includes(value) ? { message: 'validation.formOption' } : undefined;
    case 'checkbox':
      if (!Array.isArray(value) || value.some((item) => typeof item !== 'string' && !isNumber(item))) return invalid;
      if (new Set(value).size !== value.length) return invalid;
      return known && value.some((item) => !known.includes(item)) ? { message: 'validation.formOption' } : undefined;
    case 'switch':
      return typeof value === 'boolean' ? undefined : invalid;
    case 'region':
      return Array.isArray(value) && value.length <= 5 && value.every((code) => typeof code === 'string' && /^\d{6}(\d{6})?$/.test(code))
        ? undefined
        : { message: 'validation.regionCode' };
    case 'organ':
    case 'account':
      return isId(value) ? undefined : { message: 'validation.positiveInteger' };
    case 'upload':
      return Array.isArray(value) && value.length <= 50 && value.every(isId) ? undefined : invalid;
    case 'subTable':
      return Array.isArray(value) && value.length <= 500 ? undefined : invalid;
    case 'staticText':
      return undefined;
  }
}

/** The first of the field's own validators that a present value breaks. */
function checkValidators(field: FormSubField, value: unknown): Broken | undefined {
  for (const validator of field.validators) {
    const broken = checkValidator(validator, value);
    if (broken) return validator.message ? { ...broken, custom: validator.message } : broken;
  }
  return undefined;
}

function checkValidator(validator: FormValidator, value: unknown): Broken | undefined {
  const n = Number(validator.value);
  const length = typeof value === 'string' ? [...value].length : 0;
  const count = Array.isArray(value) ? value.length : 0;
  switch (validator.rule) {
    case 'minLength':
      return length < n ? { message: 'validation.minLength', params: { n } } : undefined;
    case 'maxLength':
      return length > n ? { message: 'validation.maxLength', params: { n } } : undefined;
    case 'min':
      return (value as number) < n ? { message: 'validation.formMin', params: { n } } : undefined;
    case 'max':
      return (value as number) > n ? { message: 'validation.formMax', params: { n } } : undefined;
    case 'minItems':
      return count < n ? { message: 'validation.minSelect', params: { n } } : undefined;
    case 'maxItems':
      return count > n ? { message: 'validation.maxSelect', params: { n } } : undefined;
    case 'pattern':
      return compilePattern(String(validator.value))?.(String(value)) ? undefined : { message: 'validation.formPattern' };
    default: {
      const broken = firstBrokenRule(fieldRules[validator.rule], value);
      return broken && { message: broken.message, params: broken.params };
    }
  }
}

/**
 * Checks a submission against a published schema, as the browser does before sending it and the
 * server before keeping it. Unknown keys are refused; hidden fields, and fields whose `shownWhen` does
 * not hold, are neither required nor kept.
 */
export function validateSubmission(schema: FormSchema, values: unknown, language: Language = 'zh'): CheckedSubmission {
  const problems: SubmissionProblem[] = [];
  const report = (path: string, field: FormSubField | undefined, broken: Broken) => {
    const params: MessageParams = { ...(field ? { field: localized(field.label, language) } : {}), ...broken.params };
    const text = broken.custom ? localized(broken.custom, language) : formatMessage(broken.message, language, params);
    problems.push({ field: path, message: broken.message, params, text });
  };
  const checked = checkValues(schema.fields, values, '', report);
  return { values: checked, problems };
}

/** A problem the server finds beyond the schema (a reference it cannot follow), shaped like the schema's own. */
export function fieldProblem(path: string, field: FormSubField, message: MessageKey, language: Language): SubmissionProblem {
  const params: MessageParams = { field: localized(field.label, language) };
  return { field: path, message, params, text: formatMessage(message, language, params) };
}

type Report = (path: string, field: FormSubField | undefined, broken: Broken) => void;

/**
 * Whether a field is shown given its level's values: not hidden, and its `shownWhen` field shown and
 * filled in. Hidden and unshown fields are neither required nor kept (the renderer leaves them out).
 */
export function isFieldShown(field: FormSubField, fields: readonly FormSubField[], values: Record<string, unknown>): boolean {
  const byKey = new Map(fields.map((each) => [each.key, each]));
  const seen = new Set<string>();
  for (let current: FormSubField | undefined = field; current; ) {
    if (current.hidden || seen.has(current.key)) return false;
    if (!current.shownWhen) return true;
    seen.add(current.key);
    const target = byKey.get(current.shownWhen.field);
    if (!target || isEmpty(ownValue(values, target.key))) return false;
    current = target;
  }
  return false;
}

/** Whether a shown field must be filled in: always, or while its `requiredWhen` field is shown and filled in. */
export function isFieldRequired(field: FormSubField, fields: readonly FormSubField[], values: Record<string, unknown>): boolean {
  if (field.required) return true;
  const condition = field.requiredWhen;
  const target = condition && fields.find((each) => each.key === condition.field);
  return target !== undefined && isFieldShown(target, fields, values) && !isEmpty(ownValue(values, target.key));
}

/** A value the filler sent for `key`: own properties only, so a key such as `constructor` finds nothing inherited. */
const ownValue = (values: Record<string, unknown>, key: string) => (Object.hasOwn(values, key) ? values[key] : undefined);

/** Checks one object of values (the form, or one sub-table row) against its level's fields. */
function checkValues(fields: readonly FormField[], input: unknown, prefix: string, report: Report): Record<string, unknown> {
  const values = isRecord(input) ? input : {};
  const here = prefix.slice(0, -1) || 'values';
  if (!isRecord(input)) report(here, undefined, { message: 'validation.invalidValue', params: { field: here } });
  const byKey = new Map(fields.map((field) => [field.key, field]));
  for (const key of Object.keys(values)) {
    const field = byKey.get(key);
    if (!field || field.kind === 'staticText')
      report(`${prefix}${key}`, undefined, { message: 'validation.formUnknownField', params: { key } });
  }
  const kept: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.kind === 'staticText' || !isFieldShown(field, fields, values)) continue;
    if (field.readOnly) {
      // Checked when the form was saved; a schema kept from before that check keeps only a default of its kind.
      if (!isEmpty(field.defaultValue) && !checkKind(field, field.defaultValue)) kept[field.key] = field.defaultValue;
      continue;
    }
    const path = `${prefix}${field.key}`;
    const value = ownValue(values, field.key);
    const required = isFieldRequired(field, fields, values);
    if (isEmpty(value)) {
      if (required)
        report(path, field, { message: choiceKinds.includes(field.kind) ? 'validation.selectRequired' : 'validation.required' });
      continue;
    }
    const broken = checkKind(field, value) ?? checkValidators(field, value);
    if (broken) {
      report(path, field, broken);
      continue;
    }
    kept[field.key] =
      field.kind === 'subTable' && Array.isArray(value)
        ? value.map((row, index) => checkValues(field.fields ?? [], row, `${path}.${index}.`, report))
        : value;
  }
  return kept;
}
