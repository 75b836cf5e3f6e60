import { type FormFieldKind, type FormInput, formFieldKinds, formSchemaInput } from '@qiming/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../core/i18n/i18n.ts';
import { usePermissionStore } from '../../core/stores/permissionStore.ts';
import FormDesigner from './FormDesigner.tsx';
import { formApi } from './formApi.ts';

vi.mock('./formApi.ts', () => ({
  formsPath: '/admin/forms',
  formApi: { get: vi.fn(), create: vi.fn(), update: vi.fn(), publish: vi.fn(), versions: vi.fn() },
}));

/** A rule to choose for the kinds that take one, with its bound or pattern where it needs one. */
const rulesToSet: Partial<Record<FormFieldKind, { rule: string; value?: string }>> = {
  text: { rule: 'E-mail' },
  textarea: { rule: 'Maximum length', value: '200' },
  number: { rule: 'Minimum', value: '0' },
  money: { rule: 'Maximum', value: '1000' },
  rate: { rule: 'Minimum', value: '1' },
  checkbox: { rule: 'Maximum count', value: '2' },
  upload: { rule: 'Maximum count', value: '3' },
  subTable: { rule: 'Minimum count', value: '1' },
  richText: { rule: 'Own pattern', value: '^[a-z]+$' },
};

const expectedRules: Partial<Record<FormFieldKind, object>> = {
  text: { rule: 'email' },
  textarea: { rule: 'maxLength', value: 200 },
  number: { rule: 'min', value: 0 },
  money: { rule: 'max', value: 1000 },
  rate: { rule: 'min', value: 1 },
  checkbox: { rule: 'maxItems', value: 2 },
  upload: { rule: 'maxItems', value: 3 },
  subTable: { rule: 'minItems', value: 1 },
  richText: { rule: 'pattern', value: '^[a-z]+$' },
};

const kindNames: Record<FormFieldKind, string> = {
  text: 'Text',
  textarea: 'Text area',
  number: 'Number',
  money: 'Amount',
  date: 'Date',
  dateRange: 'Date range',
  time: 'Time',
  select: 'Select',
  radio: 'Radio buttons',
  checkbox: 'Checkboxes',
  switch: 'Switch',
  rate: 'Rating',
  region: 'Region',
  organ: 'Organisation',
  account: 'Account',
  upload: 'File upload',
  richText: 'Rich text',
  staticText: 'Section text',
  subTable: 'Sub-table',
};

function renderDesigner() {
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queries}>
      <FormDesigner onClose={() => undefined} onSaved={() => undefined} />
    </QueryClientProvider>,
  );
}

/**
 * A part of the designer found by role once and reused while it is still in the document: a role query walks
 * every element and computes names through jsdom's getComputedStyle, which matches each element against all of
 * antd's CSS rules (1,300 here), and these parts stay mounted while a test works inside them.
 */
function part(find: () => HTMLElement): () => HTMLElement {
  let found: HTMLElement | undefined;
  return () => {
    if (!found?.isConnected) found = find();
    return found;
  };
}

const palette = part(() => screen.getByRole('region', { name: 'Field palette' }));
const canvas = part(() => screen.getByRole('region', { name: 'Form canvas' }));
const properties = part(() => screen.getByRole('region', { name: 'Field properties' }));
const settings = part(() => screen.getByRole('form', { name: 'Form settings' }));
// The bar above the designer, under the form's title, that holds the save and publish buttons.
const toolbar = part(() => screen.getByRole('heading', { name: 'New form' }).closest('header') as HTMLElement);

async function chooseRule(name: string) {
  fireEvent.click(within(properties()).getByRole('button', { name: /Add a rule/ }));
  fireEvent.mouseDown(within(properties()).getByLabelText('Rule 1'));
  const choices = await screen.findAllByTitle(name);
  fireEvent.click(choices.at(-1) as HTMLElement);
}

describe('the form designer', () => {
  beforeEach(() => {
    usePermissionStore.setState({ actions: new Set(['form:add', 'form:edit', 'form:publish']) });
    vi.mocked(formApi.create).mockImplementation(async (input: FormInput) => ({
      ...input,
      id: 7,
      version: null,
      createdAt: 0,
      updatedAt: 0,
    }));
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it.each(formFieldKinds)(
    'adds a %s field from the palette, takes its label and a rule, and saves a schema the shared check accepts',
    async (kind) => {
      renderDesigner();
      fireEvent.click(within(palette()).getByRole('button', { name: kindNames[kind] }));
      expect(within(properties()).getByLabelText('Key')).toHaveProperty('value', `${kind}1`);
      fireEvent.change(within(properties()).getByLabelText(kind === 'staticText' ? 'Heading (English)' : 'Label (English)'), {
        target: { value: `My ${kind}` },
      });
      const rule = rulesToSet[kind];
      if (rule) {
        await chooseRule(rule.rule);
        if (rule.value !== undefined) {
          const input =
            within(properties()).queryByLabelText('Value of rule 1') ?? within(properties()).getByLabelText('Regular expression of rule 1');
          fireEvent.change(input, { target: { value: rule.value } });
        }
      }
      expect(within(canvas()).getByRole('button', { name: `Edit My ${kind}` })).toBeTruthy();

      fireEvent.change(within(settings()).getByLabelText('Name'), { target: { value: 'Leave request' } });
      fireEvent.change(within(settings()).getByLabelText('Model name'), { target: { value: 'leaveRequest' } });
      fireEvent.click(within(toolbar()).getByRole('button', { name: /Save/ }));

      await waitFor(() => expect(formApi.create).toHaveBeenCalledTimes(1));
      const input = vi.mocked(formApi.create).mock.calls[0]?.[0] as FormInput;
      expect(input).toMatchObject({ name: 'Leave request', modelName: 'leaveRequest' });
      expect(formSchemaInput.safeParse(input.field).success).toBe(true);
      const [field] = input.field.fields;
      expect(field).toMatchObject({ kind, key: `${kind}1`, label: { en: `My ${kind}` } });
      expect(field?.validators).toEqual(rule ? [expectedRules[kind]] : []);
    },
  );

  it('shows what keeps the schema from being saved at the field, and sends nothing', async () => {
    renderDesigner();
    fireEvent.click(within(palette()).getByRole('button', { name: 'Text' }));
    fireEvent.change(within(properties()).getByLabelText('Label (Chinese)'), { target: { value: '' } });
    fireEvent.change(within(properties()).getByLabelText('Key'), { target: { value: '1bad' } });
    fireEvent.change(within(settings()).getByLabelText('Name'), { target: { value: 'Leave request' } });
    fireEvent.change(within(settings()).getByLabelText('Model name'), { target: { value: 'leaveRequest' } });
    fireEvent.click(within(toolbar()).getByRole('button', { name: /Save/ }));

    expect(await within(properties()).findByText('Starts with a letter and holds only letters, digits or _')).toBeTruthy();
    expect(within(properties()).getByText('This field is required')).toBeTruthy();
    expect(screen.getByText('The form cannot be saved yet')).toBeTruthy();
    expect(formApi.create).not.toHaveBeenCalled();
  });

  it('undoes and redoes with the buttons and the keyboard', () => {
    renderDesigner();
    fireEvent.click(within(palette()).getByRole('button', { name: 'Text' }));
    fireEvent.click(within(palette()).getByRole('button', { name: 'Number' }));
    const fields = () => within(canvas()).queryAllByRole('button', { name: /^Edit / });
    expect(fields()).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Undo (Ctrl+Z)' }));
    expect(fields()).toHaveLength(1);
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    expect(fields()).toHaveLength(0);
    fireEvent.keyDown(window, { key: 'y', ctrlKey: true });
    fireEvent.keyDown(window, { key: 'Z', ctrlKey: true, shiftKey: true });
    expect(fields()).toHaveLength(2);
  });

  it('copies and deletes a field, and adds columns to a sub-table', async () => {
    renderDesigner();
    fireEvent.click(within(palette()).getByRole('button', { name: 'Text' }));
    fireEvent.click(within(canvas()).getByRole('button', { name: 'Copy Text' }));
    expect(within(properties()).getByLabelText('Key')).toHaveProperty('value', 'text1_copy');
    fireEvent.click(within(canvas()).getAllByRole('button', { name: 'Delete Text' })[0] as HTMLElement);
    expect(within(canvas()).getAllByRole('button', { name: /^Edit / })).toHaveLength(1);

    fireEvent.click(within(palette()).getByRole('button', { name: 'Sub-table' }));
    fireEvent.click(within(canvas()).getByRole('button', { name: /Add a column to Sub-table/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: /Date range/ }));
    const columns = within(canvas()).getByRole('list', { name: 'Columns of Sub-table' });
    expect(
      within(columns)
        .getAllByRole('button', { name: /^Edit / })
        .map((button) => button.textContent?.trim()),
    ).toEqual(['Text', 'Date range']);
    expect(within(properties()).getByLabelText('Key')).toHaveProperty('value', 'dateRange1');
  });

  it('previews the form as it is designed, at the width of a phone', async () => {
    renderDesigner();
    fireEvent.click(within(palette()).getByRole('button', { name: 'Text' }));
    fireEvent.change(within(properties()).getByLabelText('Label (English)'), { target: { value: 'Your e-mail' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Mobile preview' }));
    const preview = screen.getByRole('region', { name: 'Form preview' });
    // The preview's renderer is a lazy chunk: its first load in a busy run takes longer than findBy's second.
    expect(await within(preview).findByLabelText('Your e-mail', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Form canvas' })).toBeNull();
  });
});
