import { describe, expect, it } from 'vitest';
import { type FieldRule, fieldRules } from '../validation/rules.ts';
import {
  type FormSchema,
  formFieldKinds,
  formInput,
  formReferences,
  formSchemaInput,
  referenceLabelKey,
  validateSubmission,
} from './forms.ts';

const label = (zh: string) => ({ zh, en: zh.toUpperCase() });
const field = (key: string, kind: string, extra: object = {}) => ({ key, label: label(key), kind, ...extra });
const options = [
  { value: 'a', label: label('A') },
  { value: 2, label: label('B') },
];
const schemaOf = (...fields: object[]) => formSchemaInput.parse({ fields }) as FormSchema;
const problemsOf = (schema: FormSchema, values: object, language: 'zh' | 'en' = 'en') =>
  validateSubmission(schema, values, language).problems.map((problem) => [problem.field, problem.message]);
const issueKeys = (fields: object[]) => (formSchemaInput.safeParse({ fields }).error?.issues ?? []).map((issue) => issue.message);

describe('form schemas', () => {
  it('takes every kind of field', () => {
    const fields = formFieldKinds.map((kind) =>
      field(`f_${kind}`, kind, {
        ...(['select', 'radio', 'checkbox'].includes(kind) ? { options } : {}),
        ...(kind === 'subTable' ? { fields: [field('qty', 'number')] } : {}),
      }),
    );
    expect(formSchemaInput.safeParse({ fields }).success).toBe(true);
    expect(formSchemaInput.safeParse({ fields: [field('c', 'select', { options: { dictCode: 'sex' } })] }).success).toBe(true);
  });

  it('refuses duplicate keys, bad keys, unknown kinds and rules, and conditions on missing fields', () => {
    expect(issueKeys([field('a', 'text'), field('a', 'number')])).toEqual(['validation.formDuplicateKey']);
    expect(issueKeys([field('1a', 'text')])).toEqual(['validation.identifier']);
    expect(formSchemaInput.safeParse({ fields: [field('a', 'colour')] }).success).toBe(false);
    expect(formSchemaInput.safeParse({ fields: [field('a', 'text', { validators: [{ rule: 'shoeSize' }] })] }).success).toBe(false);
    expect(issueKeys([field('a', 'text', { shownWhen: { field: 'b', hasValue: true } })])).toEqual(['validation.formConditionField']);
    expect(issueKeys([field('a', 'text', { requiredWhen: { field: 'a', hasValue: true } })])).toEqual(['validation.formConditionField']);
    expect(formSchemaInput.safeParse({ fields: [field('a', 'text', { label: { en: 'No Chinese' } })] }).success).toBe(false);
  });

  it('refuses a bad regular expression with its own message', () => {
    const result = formSchemaInput.safeParse({ fields: [field('a', 'text', { validators: [{ rule: 'pattern', value: '([a-z' }] })] });
    expect(result.error?.issues[0]).toMatchObject({ message: 'validation.badRegex', params: { value: '([a-z' } });
  });

  it('refuses a pattern that repeats a repeating group, which could backtrack for ever on a crafted value', () => {
    const pattern = (value: string) => issueKeys([field('a', 'text', { validators: [{ rule: 'pattern', value }] })]);
    for (const slow of ['^(a+)+$', '(\\w*)*', '(a|ab)*c', '(x+){2,}'])
      expect(pattern(slow), slow).toEqual(['validation.backtrackingRegex']);
    for (const fine of ['^[A-Z]{2}\\d{4}$', '^(\\+86)?1\\d{10}$', '(ab)+', '(\\d{3})-(\\d{4})']) expect(pattern(fine), fine).toEqual([]);
  });

  it('refuses a default that is not a value of its kind, since a read-only field keeps it whatever is sent', () => {
    expect(issueKeys([field('r', 'richText', { readOnly: true, defaultValue: ['<img src=x onerror=alert(1)>'] })])).toEqual([
      'validation.formDefaultValue',
    ]);
    expect(issueKeys([field('n', 'number', { defaultValue: 'three' })])).toEqual(['validation.formDefaultValue']);
    expect(issueKeys([field('s', 'staticText', { defaultValue: 'text' })])).toEqual(['validation.formDefaultValue']);
    expect(issueKeys([field('n', 'number', { defaultValue: 3 }), field('t', 'text', { defaultValue: '' })])).toEqual([]);
  });

  it('wants options exactly on choices, sub-fields exactly on a sub-table, and rules that fit the kind', () => {
    expect(issueKeys([field('a', 'select')])).toEqual(['validation.formOptionsRequired']);
    expect(issueKeys([field('a', 'text', { options })])).toEqual(['validation.formOptionsRequired']);
    expect(issueKeys([field('a', 'subTable')])).toEqual(['validation.formSubFields']);
    expect(issueKeys([field('a', 'subTable', { fields: [field('b', 'subTable', { fields: [field('c', 'text')] })] })])).toContain(
      'validation.formSubFields',
    );
    expect(issueKeys([field('a', 'subTable', { fields: [field('b', 'text'), field('b', 'text')] })])).toEqual([
      'validation.formDuplicateKey',
    ]);
    expect(issueKeys([field('a', 'switch', { validators: [{ rule: 'mobile' }] })])).toEqual(['validation.formRuleKind']);
    expect(issueKeys([field('a', 'text', { validators: [{ rule: 'min', value: 1 }] })])).toEqual(['validation.formRuleKind']);
    expect(issueKeys([field('a', 'text', { validators: [{ rule: 'maxLength', value: 'ten' }] })])).toEqual(['validation.formRuleValue']);
  });

  it('checks the form itself: a name, an identifier model name, an optional URL', () => {
    const form = { name: 'Leave', description: '', field: { fields: [] }, action: '', url: '', modelName: 'leave_request' };
    expect(formInput.safeParse(form).success).toBe(true);
    expect(formInput.safeParse({ ...form, url: 'https://example.com/hook' }).success).toBe(true);
    expect(formInput.safeParse({ ...form, url: 'not a url' }).error?.issues[0]?.message).toBe('validation.url');
    expect(formInput.safeParse({ ...form, modelName: 'leave request' }).error?.issues[0]?.message).toBe('validation.identifier');
    expect(formInput.safeParse({ ...form, name: '' }).error?.issues[0]?.message).toBe('validation.required');
  });
});

describe('submissions', () => {
  it('checks the type of every kind of value', () => {
    const schema = schemaOf(
      field('text', 'text'),
      field('textarea', 'textarea'),
      field('number', 'number'),
      field('money', 'money'),
      field('date', 'date'),
      field('dateRange', 'dateRange'),
      field('time', 'time'),
      field('select', 'select', { options }),
      field('radio', 'radio', { options }),
      field('checkbox', 'checkbox', { options }),
      field('switch', 'switch'),
      field('rate', 'rate'),
      field('region', 'region'),
      field('organ', 'organ'),
      field('account', 'account'),
      field('upload', 'upload'),
      field('richText', 'richText'),
      field('note', 'staticText'),
      field('items', 'subTable', { fields: [field('qty', 'number')] }),
    );
    const good = {
      text: 'x',
      textarea: 'y\nz',
      number: -1.5,
      money: 12.34,
      date: '2026-02-28',
      dateRange: ['2026-01-01', '2026-01-31'],
      time: '09:30',
      select: 'a',
      radio: 2,
      checkbox: ['a', 2],
      switch: false,
      rate: 4,
      region: ['110000', '110100'],
      organ: 3,
      account: 7,
      upload: [1, 2],
      richText: '<p>hi</p>',
      items: [{ qty: 1 }],
    };
    expect(problemsOf(schema, good)).toEqual([]);
    const bad = {
      text: 5,
      textarea: 'x'.repeat(5001),
      number: '5',
      money: 1.234,
      date: '2026-02-30',
      dateRange: ['2026-02-01', '2026-01-01'],
      time: '25:00',
      select: 'z',
      radio: true,
      checkbox: ['a', 'a'],
      switch: 'yes',
      rate: 6,
      region: ['beijing'],
      organ: -1,
      account: 1.5,
      upload: ['file'],
      richText: 'x'.repeat(100_001),
      items: 'rows',
    };
    expect(problemsOf(schema, bad)).toEqual([
      ['text', 'validation.invalidValue'],
      ['textarea', 'validation.maxLength'],
      ['number', 'validation.number'],
      ['money', 'validation.formMoney'],
      ['date', 'validation.date'],
      ['dateRange', 'validation.formDateRange'],
      ['time', 'validation.formTime'],
      ['select', 'validation.formOption'],
      ['radio', 'validation.invalidValue'],
      ['checkbox', 'validation.invalidValue'],
      ['switch', 'validation.invalidValue'],
      ['rate', 'validation.numberRange'],
      ['region', 'validation.regionCode'],
      ['organ', 'validation.positiveInteger'],
      ['account', 'validation.positiveInteger'],
      ['upload', 'validation.invalidValue'],
      ['richText', 'validation.maxLength'],
      ['items', 'validation.invalidValue'],
    ]);
    expect(problemsOf(schema, { checkbox: ['z'] })).toEqual([['checkbox', 'validation.formOption']]);
    expect(problemsOf(schema, { note: 'typed' })).toEqual([['note', 'validation.formUnknownField']]);
    // Dictionary options are checked by the dictionary, not here.
    expect(problemsOf(schemaOf(field('c', 'select', { options: { dictCode: 'sex' } })), { c: 'anything' })).toEqual([]);
  });

  it('applies each of the spec field rules by name with its own message', () => {
    const samples: Record<keyof typeof fieldRules, [good: string, bad: string]> = {
      mobile: ['13800138000', '12345'],
      userName: ['someone_1', 'a b'],
      email: ['a@b.cn', 'a@'],
      naturalNumber: ['0', '-1'],
      englishLetters: ['abc', 'ab1'],
      landline: ['010-12345678', '12'],
      bankCard: ['6222020200112233445', '12ab'],
      idNumber: ['AB123', '#'],
      chineseId: ['11010519491231002X', '110105194912310021'],
      qq: ['12345', '0123'],
      url: ['https://example.com', 'example'],
      alphanumeric20: ['abc123', 'a-b'],
      letters2to100: ['ab', 'a1'],
      digitsAndLineBreaks: ['1\n2', '1a'],
      max255: ['x', 'x'.repeat(256)],
      integer: ['-3', '3.5'],
      positiveInteger: ['3', '0'],
    };
    for (const [rule, [good, bad]] of Object.entries(samples)) {
      const schema = schemaOf(field('v', 'text', { validators: [{ rule }] }));
      expect(problemsOf(schema, { v: good }), rule).toEqual([]);
      const expected = (fieldRules[rule as keyof typeof fieldRules] as readonly FieldRule[]).find(
        (check) => !check.required && !check.test(bad),
      )?.message;
      expect(problemsOf(schema, { v: bad }), rule).toEqual([['v', expected]]);
    }
    expect(problemsOf(schemaOf(field('n', 'number', { validators: [{ rule: 'positiveInteger' }] })), { n: 0 })).toEqual([
      ['n', 'validation.positiveInteger'],
    ]);
  });

  it('applies bounds, counts and patterns, with the author message when given', () => {
    const schema = schemaOf(
      field('name', 'text', {
        validators: [
          { rule: 'minLength', value: 2 },
          { rule: 'maxLength', value: 4 },
        ],
      }),
      field('code', 'text', { validators: [{ rule: 'pattern', value: '^[A-Z]+$', message: { zh: '只能大写', en: 'Capitals only' } }] }),
      field('age', 'number', {
        validators: [
          { rule: 'min', value: 18 },
          { rule: 'max', value: 65 },
        ],
      }),
      field('tags', 'checkbox', {
        options,
        validators: [
          { rule: 'minItems', value: 2 },
          { rule: 'maxItems', value: 2 },
        ],
      }),
      field('files', 'upload', { validators: [{ rule: 'maxItems', value: 1 }] }),
    );
    expect(problemsOf(schema, { name: 'abc', code: 'AB', age: 30, tags: ['a', 2], files: [1] })).toEqual([]);
    expect(problemsOf(schema, { name: 'a', code: 'ab', age: 17, tags: ['a'], files: [1, 2] })).toEqual([
      ['name', 'validation.minLength'],
      ['code', 'validation.formPattern'],
      ['age', 'validation.formMin'],
      ['tags', 'validation.minSelect'],
      ['files', 'validation.maxSelect'],
    ]);
    expect(problemsOf(schema, { name: 'abcde', age: 66 })).toEqual([
      ['name', 'validation.maxLength'],
      ['age', 'validation.formMax'],
    ]);
    const [problem] = validateSubmission(schema, { code: 'ab' }, 'zh').problems;
    expect(problem?.text).toBe('只能大写');
    expect(validateSubmission(schema, { name: 'a' }, 'zh').problems[0]?.text).toBe('最小长度2位字符');
    expect(validateSubmission(schema, { name: 'a' }, 'en').problems[0]?.text).toBe('At least 2 characters');
  });

  it('requires required fields, asking to choose for choices, and refuses unknown keys', () => {
    const schema = schemaOf(field('title', 'text', { required: true }), field('kind', 'select', { options, required: true }));
    expect(problemsOf(schema, { title: '', extra: 1 })).toEqual([
      ['extra', 'validation.formUnknownField'],
      ['title', 'validation.required'],
      ['kind', 'validation.selectRequired'],
    ]);
  });

  it('neither requires nor keeps hidden fields and fields whose condition does not hold; read-only ones keep their default', () => {
    const schema = schemaOf(
      field('secret', 'text', { hidden: true, required: true }),
      field('married', 'switch'),
      field('spouse', 'text', { required: true, shownWhen: { field: 'married', hasValue: true } }),
      field('phone', 'text'),
      field('callTime', 'time', { requiredWhen: { field: 'phone', hasValue: true } }),
      field('source', 'text', { readOnly: true, defaultValue: 'web' }),
    );
    const checked = validateSubmission(schema, { secret: 'x', spouse: 'Ann', source: 'forged' }, 'en');
    expect(checked.problems).toEqual([]);
    expect(checked.values).toEqual({ source: 'web' });
    expect(problemsOf(schema, { married: true })).toEqual([['spouse', 'validation.required']]);
    expect(problemsOf(schema, { married: false, spouse: 'Ann', phone: '123' })).toEqual([['callTime', 'validation.required']]);
  });

  it('reads only what was sent: a key such as constructor finds nothing inherited', () => {
    const schema = schemaOf(
      field('constructor', 'text'),
      field('toString', 'text', { requiredWhen: { field: 'constructor', hasValue: true } }),
    );
    expect(problemsOf(schema, {})).toEqual([]);
    expect(validateSubmission(schema, {}).values).toEqual({});
    expect(problemsOf(schema, { constructor: 'x' })).toEqual([['toString', 'validation.required']]);
  });

  it('names a sub-table cell by its dotted path and refuses unknown keys in rows', () => {
    const schema = schemaOf(
      field('items', 'subTable', {
        required: true,
        validators: [{ rule: 'maxItems', value: 3 }],
        fields: [field('name', 'text', { required: true }), field('qty', 'number', { validators: [{ rule: 'min', value: 1 }] })],
      }),
    );
    expect(problemsOf(schema, {})).toEqual([['items', 'validation.required']]);
    expect(problemsOf(schema, { items: [{ name: 'a', qty: 1 }, { qty: 0 }, { name: 'c', colour: 'red' }, 'row'] })).toEqual([
      ['items', 'validation.maxSelect'],
    ]);
    expect(problemsOf(schema, { items: [{ name: 'a', qty: 1 }, { qty: 0 }, { name: 'c', colour: 'red' }] })).toEqual([
      ['items.1.name', 'validation.required'],
      ['items.1.qty', 'validation.formMin'],
      ['items.2.colour', 'validation.formUnknownField'],
    ]);
    expect(problemsOf(schemaOf(field('items', 'subTable', { fields: [field('n', 'text')] })), { items: ['row'] })).toEqual([
      ['items.0', 'validation.invalidValue'],
    ]);
    const zh = validateSubmission(schema, { items: [{ qty: 2 }] }, 'zh').problems[0];
    expect(zh).toMatchObject({ field: 'items.0.name', text: '必填项不能为空' });
  });

  it('finds every record a submission names, sub-table cells included, and keys their labels alike on both sides', () => {
    const schema = schemaOf(
      field('colour', 'checkbox', { options: { dictCode: 'colour' } }),
      field('fruit', 'select', { options }),
      field('office', 'organ'),
      field('place', 'region'),
      field('photos', 'upload'),
      field('people', 'subTable', { fields: [field('who', 'account')] }),
    );
    const found = formReferences(schema, {
      colour: ['R', 'G'],
      fruit: 'a',
      office: 7,
      place: ['110000', '110101'],
      photos: [3],
      people: [{ who: 9 }, {}],
    });
    expect(found.map(({ path, kind, dictCode, items }) => ({ path, kind, dictCode, items }))).toEqual([
      { path: 'colour', kind: 'dict', dictCode: 'colour', items: ['R', 'G'] },
      { path: 'office', kind: 'organ', dictCode: undefined, items: [7] },
      { path: 'place', kind: 'region', dictCode: undefined, items: ['110000', '110101'] },
      { path: 'photos', kind: 'upload', dictCode: undefined, items: [3] },
      { path: 'people.0.who', kind: 'account', dictCode: undefined, items: [9] },
    ]);
    expect([referenceLabelKey('dict', 'R', 'colour'), referenceLabelKey('organ', 7)]).toEqual(['dict:colour:R', 'organ:7']);
  });
});
