import { type FormSchema, formSchemaInput, formValidatorRules, validateSubmission } from '@qiming/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../core/i18n/i18n.ts';
import { FormRenderer, type FormRendererProps } from './FormRenderer.tsx';

// The pickers' server: the renderer is tested here, the lookups' scope in the server's tests.
vi.mock('./formLookups.ts', () => ({
  formLookups: {
    organs: async () => [{ value: 7, label: 'Head office' }],
    accounts: async () => [{ value: 9, label: 'Mat Mate' }],
    dictionaryItems: async () => [
      { value: 'R', label: 'Red' },
      { value: 'G', label: 'Green' },
    ],
    regions: async (code?: string) =>
      code ? [{ value: '110101', label: 'Dongcheng', isLeaf: true }] : [{ value: '110000', label: 'Beijing', isLeaf: false }],
  },
}));

const label = (en: string) => ({ zh: en, en });
const options = [
  { value: 'a', label: label('Apple') },
  { value: 2, label: label('Banana') },
];
const schemaOf = (fields: object[]) => formSchemaInput.parse({ fields }) as FormSchema;

function renderForm(props: Omit<FormRendererProps, 'mode'> & { mode?: FormRendererProps['mode'] }) {
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queries}>
      <FormRenderer mode="edit" {...props} />
    </QueryClientProvider>,
  );
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
const itemOf = (labelText: string) => screen.getByLabelText(labelText).closest('.ant-form-item') as HTMLElement;

/** Every kind with a value in the shared format; the ones a test types into are changed on screen. */
const everyKind = schemaOf([
  { key: 'text', label: label('Text'), kind: 'text', required: true },
  { key: 'textarea', label: label('Textarea'), kind: 'textarea' },
  { key: 'number', label: label('Number'), kind: 'number' },
  { key: 'money', label: label('Money'), kind: 'money' },
  { key: 'date', label: label('Date'), kind: 'date' },
  { key: 'dateRange', label: label('Date range'), kind: 'dateRange' },
  { key: 'time', label: label('Time'), kind: 'time' },
  { key: 'select', label: label('Select'), kind: 'select', options },
  { key: 'dictSelect', label: label('Dictionary select'), kind: 'select', options: { dictCode: 'colour' } },
  { key: 'radio', label: label('Radio'), kind: 'radio', options },
  { key: 'checkbox', label: label('Checkbox'), kind: 'checkbox', options },
  { key: 'switch', label: label('Switch'), kind: 'switch' },
  { key: 'rate', label: label('Rate'), kind: 'rate' },
  { key: 'region', label: label('Region'), kind: 'region' },
  { key: 'organ', label: label('Organ'), kind: 'organ' },
  { key: 'account', label: label('Account'), kind: 'account' },
  { key: 'upload', label: label('Upload'), kind: 'upload' },
  { key: 'richText', label: label('Rich text'), kind: 'richText' },
  { key: 'heading', label: label('Section'), kind: 'staticText', help: label('About this section') },
  { key: 'items', label: label('Items'), kind: 'subTable', fields: [{ key: 'qty', label: label('Quantity'), kind: 'number' }] },
]);
const given = {
  date: '2026-03-01',
  dateRange: ['2026-03-01', '2026-03-05'],
  time: '09:30',
  select: 2,
  dictSelect: 'R',
  rate: 4,
  region: ['110000', '110101'],
  organ: 7,
  account: 9,
  upload: [11],
  richText: '<p>Hello</p>',
  items: [{ qty: 3 }],
};
const labels = {
  'organ:7': 'Head office',
  'account:9': 'Mat Mate',
  'region:110000': 'Beijing',
  'region:110101': 'Dongcheng',
  'upload:11': '/api/files/x.png',
};

/** For each validator, a field it applies to and a value it refuses. */
const badValues: Record<(typeof formValidatorRules)[number], { kind: string; value?: number | string; bad: unknown }> = {
  mobile: { kind: 'text', bad: 'x!' },
  userName: { kind: 'text', bad: 'x!' },
  email: { kind: 'text', bad: 'x!' },
  naturalNumber: { kind: 'text', bad: 'x!' },
  englishLetters: { kind: 'text', bad: 'x!' },
  landline: { kind: 'text', bad: 'x!' },
  bankCard: { kind: 'text', bad: 'x!' },
  idNumber: { kind: 'text', bad: 'x!' },
  chineseId: { kind: 'text', bad: 'x!' },
  qq: { kind: 'text', bad: 'x!' },
  url: { kind: 'text', bad: 'x!' },
  alphanumeric20: { kind: 'text', bad: 'x!' },
  letters2to100: { kind: 'text', bad: 'x!' },
  digitsAndLineBreaks: { kind: 'text', bad: 'x!' },
  max255: { kind: 'textarea', bad: 'x'.repeat(300) },
  integer: { kind: 'text', bad: 'x!' },
  positiveInteger: { kind: 'number', bad: -3 },
  minLength: { kind: 'text', value: 5, bad: 'ab' },
  maxLength: { kind: 'text', value: 2, bad: 'abcd' },
  min: { kind: 'number', value: 10, bad: 3 },
  max: { kind: 'money', value: 1, bad: 3.5 },
  minItems: { kind: 'checkbox', value: 2, bad: ['a'] },
  maxItems: { kind: 'checkbox', value: 1, bad: ['a', 2] },
  pattern: { kind: 'text', value: '^[A-Z]+$', bad: 'abc' },
};

describe('the form renderer', () => {
  afterEach(cleanup);

  it('hands over, for every kind of field, values the shared checks accept as they are', async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderForm({ schema: everyKind, values: given, labels, onSubmit });
    fireEvent.change(screen.getByLabelText('Text'), { target: { value: 'Hello' } });
    fireEvent.change(screen.getByLabelText('Textarea'), { target: { value: 'Two\nlines' } });
    fireEvent.change(screen.getByLabelText('Number'), { target: { value: '42' } });
    fireEvent.change(screen.getByLabelText('Money'), { target: { value: '12.5' } });
    fireEvent.click(screen.getByRole('switch'));
    fireEvent.click(screen.getByRole('radio', { name: 'Apple' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Banana' }));
    expect(screen.getByRole('heading', { name: 'Section' })).toBeTruthy();
    expect(screen.getByText('About this section')).toBeTruthy();
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const sent = (onSubmit.mock.calls[0] as unknown as [Record<string, unknown>])[0];
    expect(sent).toEqual({
      ...given,
      text: 'Hello',
      textarea: 'Two\nlines',
      number: 42,
      money: 12.5,
      switch: true,
      radio: 'a',
      checkbox: [2],
    });
    expect(validateSubmission(everyKind, sent, 'en')).toEqual({ values: sent, problems: [] });
  });

  it('shows, for every validator, the message the server answers, at its field and before sending', async () => {
    const fields = formValidatorRules.map((rule) => {
      const { kind, value } = badValues[rule];
      return {
        key: `f_${rule}`,
        label: label(`Field ${rule}`),
        kind,
        validators: [{ rule, value }],
        ...(kind === 'checkbox' ? { options } : {}),
      };
    });
    const schema = schemaOf([
      ...fields,
      {
        key: 'items',
        label: label('Items'),
        kind: 'subTable',
        fields: [{ key: 'qty', label: label('Quantity'), kind: 'number', validators: [{ rule: 'min', value: 1 }] }],
      },
    ]);
    const values = { ...Object.fromEntries(formValidatorRules.map((rule) => [`f_${rule}`, badValues[rule].bad])), items: [{ qty: 0 }] };
    const expected = validateSubmission(schema, values, 'en').problems;
    expect(expected.map((problem) => problem.field)).toEqual([...formValidatorRules.map((rule) => `f_${rule}`), 'items.0.qty']);
    const onSubmit = vi.fn(async () => undefined);
    renderForm({ schema, values, onSubmit });
    submit();
    for (const rule of formValidatorRules) {
      const text = expected.find((problem) => problem.field === `f_${rule}`)?.text as string;
      const item =
        rule === 'minItems' || rule === 'maxItems'
          ? (screen.getByText(`Field ${rule}`).closest('.ant-form-item') as HTMLElement)
          : itemOf(`Field ${rule}`);
      await waitFor(() => expect(item.textContent, rule).toContain(text));
    }
    // The sub-table's cell shows the server's own words (see the server's forms test).
    const cell = screen.getByLabelText('Quantity, row 1').closest('.ant-form-item') as HTMLElement;
    await waitFor(() => expect(cell.textContent).toContain('At least 1'));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows the server’s problems at their fields', async () => {
    const schema = schemaOf([{ key: 'title', label: label('Title'), kind: 'text' }]);
    renderForm({ schema, values: { title: 'x' }, onSubmit: async () => [{ field: 'title', message: 'Taken by someone else' }] });
    submit();
    await waitFor(() => expect(itemOf('Title').textContent).toContain('Taken by someone else'));
  });

  it('shows and requires fields as their conditions hold, and leaves hidden ones out', async () => {
    const schema = schemaOf([
      { key: 'reason', label: label('Reason'), kind: 'text' },
      { key: 'detail', label: label('Detail'), kind: 'text', shownWhen: { field: 'reason', hasValue: true } },
      { key: 'phone', label: label('Phone'), kind: 'text', requiredWhen: { field: 'reason', hasValue: true } },
      { key: 'secret', label: label('Secret'), kind: 'text', hidden: true },
    ]);
    const onSubmit = vi.fn(async () => undefined);
    renderForm({ schema, onSubmit });
    expect(screen.queryByLabelText('Detail')).toBeNull();
    expect(screen.queryByLabelText('Secret')).toBeNull();
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Moving' } });
    expect(await screen.findByLabelText('Detail')).toBeTruthy();
    submit();
    await waitFor(() => expect(itemOf('Phone').textContent).toContain('This field is required'));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('in a preview, runs the checks and says they passed without sending', async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderForm({
      schema: schemaOf([{ key: 'title', label: label('Title'), kind: 'text' }]),
      values: { title: 'x' },
      onSubmit,
      preview: true,
    });
    submit();
    expect(await screen.findByText('Every check passed: this is what would be sent')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows a submission read-only, with names in place of ids and codes', () => {
    renderForm({ schema: everyKind, mode: 'readOnly', values: { ...given, text: 'Plain words', switch: true, radio: 'a' }, labels });
    for (const shown of [
      'Plain words',
      'Hello',
      'Banana',
      'Apple',
      'Yes',
      'Beijing / Dongcheng',
      'Head office',
      'Mat Mate',
      '2026-03-01 ~ 2026-03-05',
    ]) {
      expect(screen.getByText(shown)).toBeTruthy();
    }
    expect(screen.getByRole('img', { name: 'Image 1' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });
});
