import { type BpmDefinition, type BpmForm, type FormSchema, formSchemaInput } from '@qiming/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../core/i18n/i18n.ts';
import { bpmFormApi } from './formApi.ts';
import { StartDialog } from './StartDialog.tsx';

vi.mock('../bpmApi.ts', () => ({ bpmPaths: { startable: '/admin/bpm/tasks/startable' }, bpmApi: { startable: vi.fn() } }));
vi.mock('./formApi.ts', () => ({ bpmFormApi: { startForm: vi.fn(), start: vi.fn() } }));

const everyLanguage = (text: string) => ({ zh: text, en: text, es: text, ja: text });
const field = (key: string, label: string, rest: object) => ({ key, label: everyLanguage(label), ...rest });

/** A start event's camunda:formData as the server generates its form: string, long, boolean and enum fields. */
const generated: BpmForm = {
  source: 'generated',
  formKey: null,
  values: {},
  businessKeyField: 'reference',
  schema: formSchemaInput.parse({
    fields: [
      field('reference', 'Reference', { kind: 'text', required: true, validators: [{ rule: 'maxLength', value: 12 }] }),
      field('days', 'Days', { kind: 'number', required: true, validators: [{ rule: 'integer' }, { rule: 'min', value: 1 }] }),
      field('urgent', 'Urgent', { kind: 'switch', defaultValue: false }),
      field('kind', 'Kind', {
        kind: 'select',
        defaultValue: 'annual',
        options: [
          { value: 'annual', label: everyLanguage('Annual leave') },
          { value: 'sick', label: everyLanguage('Sick leave') },
        ],
      }),
    ],
  }) as FormSchema,
};

const definition = { key: 'leave_fields', name: 'Leave with fields' } as BpmDefinition;

function renderDialog() {
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queries}>
      <StartDialog open definition={definition} onClose={() => {}} />
    </QueryClientProvider>,
  );
}

describe('the start dialog', () => {
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('shows the generated form of camunda:formData, checks it in the browser and starts with its values', async () => {
    vi.mocked(bpmFormApi.startForm).mockResolvedValue(generated);
    vi.mocked(bpmFormApi.start).mockResolvedValue(undefined);
    renderDialog();
    const days = await screen.findByLabelText('Days', {}, { timeout: 30_000 });
    // The business key comes from the form's reference field: no box of its own.
    expect(screen.queryByLabelText('Business key')).toBeNull();
    expect(screen.getByText('Annual leave')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    expect(await screen.findAllByText('This field is required', {}, { timeout: 10_000 })).toHaveLength(2);
    fireEvent.change(screen.getByLabelText('Reference'), { target: { value: 'REF-1' } });
    fireEvent.change(days, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    expect(await screen.findByText(/1/, { selector: '.ant-form-item-explain-error' }, { timeout: 10_000 })).toBeTruthy();
    expect(bpmFormApi.start).not.toHaveBeenCalled();
    fireEvent.change(days, { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    await waitFor(
      () =>
        expect(bpmFormApi.start).toHaveBeenCalledWith({
          definitionKey: 'leave_fields',
          businessKey: '',
          values: { reference: 'REF-1', days: 3, urgent: false, kind: 'annual' },
        }),
      { timeout: 10_000 },
    );
  }, 60_000);

  it('shows the server’s problems at their fields', async () => {
    vi.mocked(bpmFormApi.startForm).mockResolvedValue(generated);
    vi.mocked(bpmFormApi.start).mockResolvedValue([{ field: 'reference', message: 'Reference: already used' }]);
    renderDialog();
    fireEvent.change(await screen.findByLabelText('Reference', {}, { timeout: 30_000 }), { target: { value: 'REF-2' } });
    fireEvent.change(screen.getByLabelText('Days'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    expect(await screen.findByText('Reference: already used', {}, { timeout: 10_000 })).toBeTruthy();
  }, 60_000);
});
