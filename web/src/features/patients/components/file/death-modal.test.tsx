import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../lib/i18n.ts';
import { answer } from '../../../../test/fetch-routes.ts';
import { renderScreen } from '../../../../test/render.tsx';
import { TEST_DOCTOR } from '../list/test-fixtures.ts';
import { PatientFileScreen } from './patient-file-screen.tsx';
import { DOCTOR_VIEW, stubPatientApi } from './test-patient.ts';

const STALE = {
  statusCode: 412,
  error: 'Precondition Failed',
  message: 'Este paciente fue modificado en otro lugar. Recargue para ver los cambios.',
  code: 'STALE_VERSION',
};

async function openModal(name: string) {
  await userEvent.click(await screen.findByRole('button', { name }));
  return within(await screen.findByRole('dialog'));
}

/** Picks a day of the month the date picker opens on. */
async function pickDay(dialog: ReturnType<typeof within>, day: string) {
  await userEvent.click(dialog.getByRole('textbox', { name: /Fecha de óbito/ }));
  const days = await screen.findAllByRole('button', { name: new RegExp(`^${day} `), hidden: true });
  await userEvent.click(days[0] as HTMLElement);
}

describe('DeathModal', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('keeps save disabled until the form changes, requires the date, and records the death', async () => {
    const dead = { ...DOCTOR_VIEW, version: 8, deathDate: '2024-10-01', deathCause: 'Sepsis' };
    const api = stubPatientApi([DOCTOR_VIEW, dead], () => answer(200, { data: dead }));
    renderScreen(<PatientFileScreen patientId={DOCTOR_VIEW.id} />, { user: TEST_DOCTOR });
    const dialog = await openModal('Óbito');
    expect(screen.getByRole('dialog', { name: 'Registrar óbito' })).toBeInTheDocument();
    const save = dialog.getByRole('button', { name: 'Guardar' });
    expect(save).toBeDisabled();

    await userEvent.type(dialog.getByRole('textbox', { name: 'Causa de óbito' }), 'Sepsis');
    expect(save).toBeEnabled();
    await userEvent.click(save);
    expect(await dialog.findByText('Debe elegir una fecha.')).toBeInTheDocument();
    expect(api.patches()).toHaveLength(0);

    await pickDay(dialog, '1');
    await userEvent.click(save);
    await waitFor(() => expect(api.patches()).toHaveLength(1));
    const patch = api.patches()[0];
    expect(patch?.url).toBe(`/api/patients/${DOCTOR_VIEW.id}`);
    expect(patch?.ifMatch).toBe('"7"');
    const body = patch?.body as { deathCause: string; deathDate: string };
    expect(body.deathCause).toBe('Sepsis');
    expect(body.deathDate).toMatch(/^\d{4}-\d{2}-01$/);
    expect(await screen.findByText('Paciente actualizado correctamente.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The file reloads with the death recorded: section 06 appears, the death button goes.
    expect(await screen.findByRole('button', { name: /06\s*Óbito/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Óbito' })).not.toBeInTheDocument();
  });

  it('keeps what was typed and offers a reload when the patient changed elsewhere (412)', async () => {
    const recorded = { ...DOCTOR_VIEW, deathDate: '2024-10-01', deathCause: 'Sepsis' };
    const moved = { ...recorded, version: 9, deathCause: 'Sepsis grave' };
    const api = stubPatientApi([recorded, moved], () => answer(412, STALE));
    renderScreen(<PatientFileScreen patientId={DOCTOR_VIEW.id} />, { user: TEST_DOCTOR });
    const dialog = await openModal('Cambiar óbito');
    const cause = dialog.getByRole('textbox', { name: 'Causa de óbito' });
    expect(cause).toHaveValue('Sepsis');
    expect(dialog.getByRole('textbox', { name: /Fecha de óbito/ })).toHaveValue('01/10/2024');
    await userEvent.clear(cause);
    await userEvent.type(cause, 'Shock séptico');
    await userEvent.click(dialog.getByRole('button', { name: 'Guardar' }));

    expect(
      await dialog.findByText('Este paciente fue modificado en otro lugar. Recargue para ver los cambios.'),
    ).toBeInTheDocument();
    expect(cause).toHaveValue('Shock séptico');
    expect(dialog.getByRole('button', { name: 'Guardar' })).toBeEnabled();

    await userEvent.click(dialog.getByRole('button', { name: 'Recargar' }));
    await waitFor(() => expect(dialog.queryByText(/modificado en otro lugar/)).not.toBeInTheDocument());
    expect(cause).toHaveValue('Shock séptico');
    await userEvent.click(dialog.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(api.patches()).toHaveLength(2));
    expect(api.patches()[1]?.ifMatch).toBe('"9"');
  });

  it("shows the server's message for a date the registry refuses", async () => {
    const refusal = {
      statusCode: 422,
      error: 'x',
      message: 'Los datos no cumplen una regla del registro.',
      code: 'RULE_BROKEN',
      fields: { deathDate: 'La fecha no puede ser anterior al diagnóstico.' },
    };
    const recorded = { ...DOCTOR_VIEW, deathDate: '2024-10-01', deathCause: null };
    stubPatientApi([recorded], () => answer(422, refusal));
    renderScreen(<PatientFileScreen patientId={DOCTOR_VIEW.id} />, { user: TEST_DOCTOR });
    const dialog = await openModal('Cambiar óbito');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Causa de óbito' }), 'x');
    await userEvent.click(dialog.getByRole('button', { name: 'Guardar' }));
    expect(await dialog.findByText('La fecha no puede ser anterior al diagnóstico.')).toBeInTheDocument();
    expect(dialog.getByText('Error al intentar actualizar el paciente.')).toBeInTheDocument();
  });
});
