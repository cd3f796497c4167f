import { TextInput } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../test/render.tsx';
import { ApiError } from './api-client.ts';
import { i18n } from './i18n.ts';
import { useModalForm } from './use-modal-form.ts';

interface Values {
  name: string;
}

interface TestFormProps {
  readonly save: (values: Values) => Promise<unknown>;
  readonly onSaved: () => void;
  readonly versioned?: boolean;
}

/** A modal's form reduced to one field, the failure text and the conflict flag. */
function TestForm({ save, onSaved, versioned }: TestFormProps) {
  const form = useForm<Values>({ defaultValues: { name: '' } });
  const modal = useModalForm({
    form,
    fields: ['name'],
    save,
    fallback: 'Could not save.',
    savedMessage: 'Saved.',
    onSaved,
    versioned,
  });
  return (
    <form onSubmit={modal.onSubmit} aria-label="Test">
      <TextInput label="Name" error={form.formState.errors.name?.message} {...form.register('name')} />
      {modal.failure && <p role="status">{modal.failure}</p>}
      {modal.stale && <p role="status">stale</p>}
      <button type="submit">Save</button>
    </form>
  );
}

const refusal = (
  statusCode: number,
  code: 'RULE_BROKEN' | 'STALE_VERSION',
  fields?: Record<string, string>,
) => new ApiError({ statusCode, error: 'x', message: 'Refused by the server.', code, fields });

describe('useModalForm', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('saves the values, says so and hands over to the screen', async () => {
    const save = vi.fn(async () => 'ok');
    const onSaved = vi.fn();
    renderScreen(<TestForm save={save} onSaved={onSaved} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Ana');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(save).toHaveBeenCalledWith({ name: 'Ana' });
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
  });

  it("puts the server's messages on their fields and its failure text above them", async () => {
    const onSaved = vi.fn();
    const save = vi.fn(async () => {
      throw refusal(422, 'RULE_BROKEN', { 'institution.name': 'Already taken.' });
    });
    renderScreen(<TestForm save={save} onSaved={onSaved} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Already taken.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Refused by the server.');
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeInvalid();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('falls back to its own failure text when the call fails without an answer', async () => {
    const save = vi.fn(async () => {
      throw new Error('offline');
    });
    renderScreen(<TestForm save={save} onSaved={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Could not save.');
  });

  it('reports a stale version as a conflict when the write names a version, else as a failure', async () => {
    const save = vi.fn(async () => {
      throw refusal(412, 'STALE_VERSION');
    });
    const { unmount } = renderScreen(<TestForm save={save} onSaved={vi.fn()} versioned />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('stale');
    unmount();

    renderScreen(<TestForm save={save} onSaved={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Refused by the server.');
  });
});
