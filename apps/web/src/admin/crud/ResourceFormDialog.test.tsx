import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../core/i18n/i18n.ts';
import { requiredSelect, requiredText } from '@qiming/shared';
import { ResourceFormDialog } from './ResourceFormDialog.tsx';
import type { FieldDeclaration } from './resource.ts';

const fields: FieldDeclaration[] = [
  { name: 'weight', label: 'governance.weight', input: 'number' },
  { name: 'note', label: 'field.note' },
];

function dialog(open: boolean, initialValues: Record<string, unknown>, onSave = vi.fn()) {
  return (
    <ResourceFormDialog
      formName="probe"
      title="Edit"
      open={open}
      fields={fields}
      initialValues={initialValues}
      editing
      saving={false}
      onSave={onSave}
      onClose={() => undefined}
    />
  );
}

describe('the create/edit dialog', () => {
  afterEach(cleanup);

  it('keeps what the user typed when the list behind it refreshes with the same record', async () => {
    const onSave = vi.fn();
    const view = render(dialog(true, { weight: 1, note: 'first' }, onSave));
    const weight = await screen.findByRole('spinbutton');
    expect(weight).toHaveProperty('value', '1');
    fireEvent.change(weight, { target: { value: '7' } });
    // A refresh hands over the same record in a new object, as every 5 s on the registry page.
    view.rerender(dialog(true, { weight: 1, note: 'first' }, onSave));
    view.rerender(dialog(true, { weight: 1, note: 'first' }, onSave));
    expect(screen.getByRole('spinbutton')).toHaveProperty('value', '7');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ weight: 7, note: 'first' }));
  });

  it('shows the record as it is now each time it opens', async () => {
    const view = render(dialog(true, { weight: 1, note: 'first' }));
    fireEvent.change(await screen.findByRole('spinbutton'), { target: { value: '7' } });
    view.rerender(dialog(false, { weight: 1, note: 'first' }));
    view.rerender(dialog(true, { weight: 3, note: 'second' }));
    await waitFor(() => expect(screen.getByRole('spinbutton')).toHaveProperty('value', '3'));
  });

  it('marks required fields, selects included, with the asterisk and answers an empty one with the spec message', async () => {
    const onSave = vi.fn();
    render(
      <ResourceFormDialog
        formName="required"
        title="Add"
        open
        fields={[
          { name: 'code', label: 'todo.title', rules: requiredText({ max: 10 }) },
          {
            name: 'kind',
            label: 'todo.level',
            input: 'select',
            options: [{ value: '1', label: 'todo.levels.1' }],
            rules: requiredSelect(),
          },
          { name: 'note', label: 'field.note' },
        ]}
        editing={false}
        saving={false}
        onSave={onSave}
        onClose={() => undefined}
      />,
    );
    await screen.findByRole('dialog');
    const marked = [...document.querySelectorAll('.ant-form-item-required')].map((label) => label.textContent);
    expect(marked).toEqual(['Title', 'Level']);
    expect(document.querySelectorAll('label.ant-form-item-required')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(await screen.findByText('Please select')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('shows, checks and sends a conditional field only while the form values call for it', async () => {
    const onSave = vi.fn();
    const conditional = (initialValues: Record<string, unknown>, open = true) => (
      <ResourceFormDialog
        formName="conditional"
        title="Edit"
        open={open}
        fields={[
          { name: 'note', label: 'field.note' },
          { name: 'url', label: 'alarm.url', rules: requiredText(), shownWhen: (values) => values.note === 'webhook' },
        ]}
        initialValues={initialValues}
        editing
        saving={false}
        onSave={onSave}
        onClose={() => undefined}
      />
    );
    const view = render(conditional({ note: 'email', url: 'left over' }));
    await screen.findByRole('dialog');
    expect(screen.queryByLabelText('Webhook URL')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ note: 'email' }));

    view.rerender(conditional({ note: 'email' }, false));
    view.rerender(conditional({ note: 'webhook', url: '' }));
    expect(await screen.findByLabelText('Webhook URL')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Webhook URL'), { target: { value: 'https://example.com/hook' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenLastCalledWith({ note: 'webhook', url: 'https://example.com/hook' }));
  });
});
