import { TextInput } from '@mantine/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-error.ts';
import { i18n } from '../lib/i18n.ts';
import { useModalForm } from '../lib/use-modal-form.ts';
import { renderScreen } from '../test/render.tsx';
import { FormModal } from './form-modal.tsx';

interface Values {
  name: string;
}

interface HarnessProps {
  readonly save: (values: Values) => Promise<unknown>;
  readonly onClose?: () => void;
  readonly reset?: () => void;
  readonly onReload?: () => Promise<void>;
  readonly pending?: boolean;
  readonly canSubmit?: boolean;
  readonly size?: number;
}

/** A modal with one field, opened by a button, as the screens open theirs. */
function Harness({
  save,
  onClose,
  reset = vi.fn(),
  onReload,
  pending = false,
  canSubmit,
  size,
}: HarnessProps) {
  const [opened, setOpened] = useState(false);
  const close = () => {
    setOpened(false);
    onClose?.();
  };
  const form = useForm<Values>({ defaultValues: { name: '' } });
  const modal = useModalForm({
    form,
    fields: ['name'],
    save,
    fallback: 'Could not save.',
    savedMessage: 'Saved.',
    onSaved: close,
    versioned: Boolean(onReload),
    opened,
    initial: () => ({ name: 'Initial' }),
  });
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        Open
      </button>
      <FormModal
        title="New thing"
        opened={opened}
        onClose={close}
        modal={modal}
        mutation={{ isPending: pending, reset }}
        failedTitle="The thing was not saved."
        submitLabel="Create thing"
        size={size}
        onReload={onReload}
        canSubmit={canSubmit}
      >
        <TextInput label="Name" error={form.formState.errors.name?.message} {...form.register('name')} />
      </FormModal>
    </>
  );
}

const refusal = (code: 'RULE_BROKEN' | 'STALE_VERSION', fields?: Record<string, string>) =>
  new ApiError({
    statusCode: code === 'STALE_VERSION' ? 412 : 409,
    error: 'x',
    message: 'Refused by the server.',
    code,
    fields,
  });

async function open() {
  await userEvent.click(screen.getByRole('button', { name: 'Open' }));
  return screen.findByRole('dialog', { name: 'New thing' });
}

describe('FormModal', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('names the dialog and its form by the title, starts from the initial values and saves', async () => {
    const save = vi.fn(async () => 'ok');
    const onClose = vi.fn();
    renderScreen(<Harness save={save} onClose={onClose} />);
    const dialog = await open();
    expect(within(dialog).getByRole('form', { name: 'New thing' })).toBeInTheDocument();
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Initial');
    await userEvent.clear(name);
    await userEvent.type(name, 'Ana');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create thing' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(save).toHaveBeenCalledWith({ name: 'Ana' });
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
  });

  it("shows the server's failure above the fields and its message on the field, and stays open", async () => {
    const onClose = vi.fn();
    const save = vi.fn(async () => {
      throw refusal('RULE_BROKEN', { name: 'Already taken.' });
    });
    renderScreen(<Harness save={save} onClose={onClose} />);
    const dialog = await open();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create thing' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('The thing was not saved.');
    expect(alert).toHaveTextContent('Refused by the server.');
    expect(within(dialog).getByText('Already taken.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toBeInvalid();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes on Escape, on cancel and on the cross, forgetting the write and what was typed', async () => {
    const onClose = vi.fn();
    const reset = vi.fn();
    const save = vi.fn(async () => {
      throw refusal('RULE_BROKEN');
    });
    renderScreen(<Harness save={save} onClose={onClose} reset={reset} />);

    let dialog = await open();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), ' typed');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create thing' }));
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    dialog = await open();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Initial');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    dialog = await open();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onClose).toHaveBeenCalledTimes(3);
    expect(reset).toHaveBeenCalledTimes(3);
  });

  it('offers to reload only after a conflict', async () => {
    const onReload = vi.fn(async () => undefined);
    const save = vi.fn(async () => {
      throw refusal('STALE_VERSION');
    });
    renderScreen(<Harness save={save} onReload={onReload} />);
    const dialog = await open();
    expect(within(dialog).queryByRole('button', { name: /reload/i })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create thing' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: /reload/i }));
    expect(onReload).toHaveBeenCalledTimes(1);
  });

  it('spins the save while the write runs, and waits for a change where told', async () => {
    const { unmount } = renderScreen(<Harness save={vi.fn()} pending />);
    let dialog = await open();
    expect(within(dialog).getByRole('button', { name: 'Create thing' })).toHaveAttribute('data-loading');
    unmount();

    renderScreen(<Harness save={vi.fn()} canSubmit={false} />);
    dialog = await open();
    expect(within(dialog).getByRole('button', { name: 'Create thing' })).toBeDisabled();
  });

  it('takes the width it is given', async () => {
    renderScreen(<Harness save={vi.fn()} size={700} />);
    const dialog = await open();
    // Mantine writes pixels as rem (16 px each): 700 px is 43.75rem.
    expect(dialog.closest('[style*="--modal-size"]')?.getAttribute('style')).toContain('43.75rem');
  });
});
