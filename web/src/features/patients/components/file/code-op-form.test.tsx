import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../lib/i18n.ts';
import { renderScreen } from '../../../../test/render.tsx';
import { CodeOPForm } from './code-op-form.tsx';
import { answer, PATIENT } from './test-patient.ts';

const patchBodies = (fetch: ReturnType<typeof vi.fn>) =>
  fetch.mock.calls
    .filter(([, init]) => (init as RequestInit | undefined)?.method === 'PATCH')
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)));

describe('CodeOPForm', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('saves the typed code as a number with the version, and says so', async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) =>
      answer(200, { data: { ...PATIENT, codeOP: 130 } }),
    );
    vi.stubGlobal('fetch', fetch);
    renderScreen(<CodeOPForm patient={PATIENT} />);
    const input = screen.getByRole('textbox', { name: 'Código OP' });
    const save = screen.getByRole('button', { name: 'Guardar código' });
    expect(save).toBeDisabled();
    await userEvent.type(input, '0');
    await userEvent.click(save);
    await waitFor(() => expect(patchBodies(fetch)).toEqual([{ codeOP: 120 }]));
    expect(((fetch.mock.calls[0]?.[1]?.headers ?? {}) as Record<string, string>)['if-match']).toBe('"7"');
    expect(await screen.findByText('Código guardado.')).toBeInTheDocument();
  });

  it('says the code belongs to another patient when the server answers 409', async () => {
    await i18n.changeLanguage('en');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        answer(409, {
          statusCode: 409,
          error: 'Conflict',
          message: 'The code belongs to an existent patient.',
          code: 'PATIENT_CODE_OP_EXISTS',
        }),
      ),
    );
    renderScreen(<CodeOPForm patient={PATIENT} />);
    const input = screen.getByRole('textbox', { name: 'Code OP' });
    await userEvent.clear(input);
    await userEvent.type(input, '7');
    await userEvent.click(screen.getByRole('button', { name: 'Save code' }));
    expect(await screen.findByText('The code belongs to an existent patient.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveValue('7');
  });

  it('refuses a code that is not a positive whole number without calling the server', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderScreen(<CodeOPForm patient={PATIENT} />);
    const input = screen.getByRole('textbox', { name: 'Código OP' });
    await userEvent.clear(input);
    await userEvent.type(input, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar código' }));
    expect(await screen.findByText('Debe ser un número entero positivo.')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('removes the code when the input is emptied', async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) =>
      answer(200, { data: { ...PATIENT, codeOP: null } }),
    );
    vi.stubGlobal('fetch', fetch);
    renderScreen(<CodeOPForm patient={PATIENT} />);
    await userEvent.clear(screen.getByRole('textbox', { name: 'Código OP' }));
    await userEvent.click(screen.getByRole('button', { name: 'Guardar código' }));
    await waitFor(() => expect(patchBodies(fetch)).toEqual([{ codeOP: null }]));
  });

  it('keeps the typed code and offers a reload when the patient changed elsewhere (412)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        answer(412, {
          statusCode: 412,
          error: 'Precondition Failed',
          message: 'Este paciente fue modificado en otro lugar. Recargue para ver los cambios.',
          code: 'STALE_VERSION',
        }),
      ),
    );
    renderScreen(<CodeOPForm patient={PATIENT} />);
    const input = screen.getByRole('textbox', { name: 'Código OP' });
    await userEvent.clear(input);
    await userEvent.type(input, '77');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar código' }));
    const stale = 'Este paciente fue modificado en otro lugar. Recargue para ver los cambios.';
    const alert = await screen.findByRole('alert', { name: stale });
    expect(input).toHaveValue('77');
    expect(input).not.toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(within(alert).getByRole('button', { name: 'Recargar' }));
    await waitFor(() => expect(screen.queryByRole('alert', { name: stale })).not.toBeInTheDocument());
    expect(input).toHaveValue('77');
  });
});
