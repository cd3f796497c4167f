import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../lib/i18n.ts';
import { answer, refusal, type StubbedApi, stubRoutes } from '../../../../test/fetch-routes.ts';
import { renderScreen } from '../../../../test/render.tsx';
import { CodeOPForm } from './code-op-form.tsx';
import { PATIENT } from './test-patient.ts';

const ROUTE = 'PATCH /api/patients/:id';
const patchBodies = (api: StubbedApi) => api.to(ROUTE).map((call) => call.body);

describe('CodeOPForm', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('saves the typed code as a number with the version, and says so', async () => {
    const api = stubRoutes({ [ROUTE]: () => answer(200, { data: { ...PATIENT, codeOP: 130 } }) });
    renderScreen(<CodeOPForm patient={PATIENT} />);
    const input = screen.getByRole('textbox', { name: 'Código OP' });
    const save = screen.getByRole('button', { name: 'Guardar código' });
    expect(save).toBeDisabled();
    await userEvent.type(input, '0');
    await userEvent.click(save);
    await waitFor(() => expect(patchBodies(api)).toEqual([{ codeOP: 120 }]));
    expect(api.calls[0]?.ifMatch).toBe('"7"');
    expect(await screen.findByText('Código guardado.')).toBeInTheDocument();
  });

  it('says the code belongs to another patient when the server answers 409', async () => {
    await i18n.changeLanguage('en');
    stubRoutes({
      [ROUTE]: () => refusal(409, 'PATIENT_CODE_OP_EXISTS', 'The code belongs to an existent patient.'),
    });
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
    const api = stubRoutes({});
    renderScreen(<CodeOPForm patient={PATIENT} />);
    const input = screen.getByRole('textbox', { name: 'Código OP' });
    await userEvent.clear(input);
    await userEvent.type(input, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar código' }));
    expect(await screen.findByText('Debe ser un número entero positivo.')).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('refuses a sign, a decimal or a letter with the message rather than dropping it', async () => {
    const api = stubRoutes({});
    renderScreen(<CodeOPForm patient={PATIENT} />);
    const input = screen.getByRole('textbox', { name: 'Código OP' });
    for (const typed of ['-5', '1.5', '1,5', '12a']) {
      await userEvent.clear(input);
      await userEvent.type(input, typed);
      expect(input).toHaveValue(typed);
      await userEvent.click(screen.getByRole('button', { name: 'Guardar código' }));
      expect(await screen.findByText('Debe ser un número entero positivo.')).toBeInTheDocument();
    }
    expect(api.calls).toEqual([]);
  });

  it('asks before removing the code, and removes it only when confirmed', async () => {
    await i18n.changeLanguage('en');
    const api = stubRoutes({ [ROUTE]: () => answer(200, { data: { ...PATIENT, codeOP: null } }) });
    renderScreen(<CodeOPForm patient={PATIENT} />);
    await userEvent.clear(screen.getByRole('textbox', { name: 'Code OP' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save code' }));
    const question = await screen.findByRole('dialog', { name: 'Remove the code OP' });
    expect(question).toHaveTextContent('Remove the code AL-OP#12 from this patient?');
    await userEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(api.calls).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Save code' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(patchBodies(api)).toEqual([{ codeOP: null }]));
    expect(await screen.findByText('Code removed.')).toBeInTheDocument();
  });

  it('keeps the typed code and offers a reload when the patient changed elsewhere (412)', async () => {
    stubRoutes({
      [ROUTE]: () =>
        refusal(
          412,
          'STALE_VERSION',
          'Este paciente fue modificado en otro lugar. Recargue para ver los cambios.',
        ),
    });
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
