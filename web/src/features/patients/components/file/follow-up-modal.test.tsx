import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { todayIsoDate } from '../../../../lib/dates.ts';
import { i18n } from '../../../../lib/i18n.ts';
import { answer } from '../../../../test/fetch-routes.ts';
import { renderScreen } from '../../../../test/render.tsx';
import { TEST_DOCTOR } from '../list/test-fixtures.ts';
import { PatientFileScreen } from './patient-file-screen.tsx';
import { DOCTOR_VIEW, PATIENT, stubPatientApi } from './test-patient.ts';

const STALE = {
  statusCode: 412,
  error: 'Precondition Failed',
  message: 'Este paciente fue modificado en otro lugar. Recargue para ver los cambios.',
  code: 'STALE_VERSION',
};

async function openModal() {
  await userEvent.click(await screen.findByRole('button', { name: 'Registrar control' }));
  return within(await screen.findByRole('dialog', { name: 'Registrar control' }));
}

/** Picks the first day of the month the date picker opens on (today's month). */
async function pickFirstDay(dialog: ReturnType<typeof within>) {
  await userEvent.click(dialog.getByRole('textbox', { name: /Fecha del control/ }));
  const days = await screen.findAllByRole('button', { name: /^1 /, hidden: true });
  await userEvent.click(days[0] as HTMLElement);
}

const firstOfThisMonth = () => `${todayIsoDate().slice(0, 8)}01`;

describe('FollowUpModal', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the last known alive date in the header, and no button to an admin', async () => {
    stubPatientApi([{ ...PATIENT, lastContactDate: '2025-01-15' }], () => answer(500, {}));
    renderScreen(<PatientFileScreen patientId={PATIENT.id} />);
    expect(await screen.findByTestId('last-known-alive')).toHaveTextContent(
      'Último dato con vida: 15/01/2025',
    );
    expect(screen.queryByRole('button', { name: 'Registrar control' })).not.toBeInTheDocument();
  });

  it('requires the date, and records the follow-up with the version the file was read at', async () => {
    const seen = { ...DOCTOR_VIEW, version: 8, lastContactDate: firstOfThisMonth() };
    const api = stubPatientApi([DOCTOR_VIEW, seen], () => answer(200, { data: seen }));
    renderScreen(<PatientFileScreen patientId={DOCTOR_VIEW.id} />, { user: TEST_DOCTOR });
    // Before: the relapse, the latest date in the file.
    expect(await screen.findByTestId('last-known-alive')).toHaveTextContent(
      'Último dato con vida: 10/09/2024',
    );
    const dialog = await openModal();
    expect(dialog.getByText('Último dato con el paciente vivo: 10/09/2024.')).toBeInTheDocument();

    await userEvent.click(dialog.getByRole('button', { name: 'Guardar' }));
    expect(await dialog.findByText('Debe elegir una fecha.')).toBeInTheDocument();
    expect(api.patches()).toHaveLength(0);

    await pickFirstDay(dialog);
    await userEvent.click(dialog.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(api.patches()).toHaveLength(1));
    const patch = api.patches()[0];
    expect(patch?.url).toBe(`/api/patients/${DOCTOR_VIEW.id}`);
    expect(patch?.ifMatch).toBe('"7"');
    expect(patch?.body).toEqual({ lastContactDate: firstOfThisMonth() });
    expect(await screen.findByText('Control registrado.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [year, month] = firstOfThisMonth().split('-');
    await waitFor(() =>
      expect(screen.getByTestId('last-known-alive')).toHaveTextContent(
        `Último dato con vida: 01/${month}/${year}`,
      ),
    );
  });

  it('offers no day after today, and shows the message the server puts on the date', async () => {
    const refusal = {
      statusCode: 422,
      error: 'Unprocessable Entity',
      message: 'Los datos no cumplen una regla del registro.',
      code: 'RULE_BROKEN',
      fields: { lastContactDate: 'La fecha no puede ser posterior a hoy.' },
    };
    stubPatientApi([DOCTOR_VIEW], () => answer(422, refusal));
    renderScreen(<PatientFileScreen patientId={DOCTOR_VIEW.id} />, { user: TEST_DOCTOR });
    const dialog = await openModal();
    await userEvent.click(dialog.getByRole('textbox', { name: /Fecha del control/ }));
    // The calendar opens on this month and cannot go to the next one.
    expect(await screen.findByRole('button', { name: 'Mes siguiente', hidden: true })).toBeDisabled();
    const [, , day] = todayIsoDate().split('-').map(Number) as [number, number, number];
    const tomorrow = screen
      .queryAllByRole('button', { name: new RegExp(`^${day + 1} `), hidden: true })
      .filter((button) => !button.hasAttribute('data-outside'));
    for (const button of tomorrow) {
      expect(button).toBeDisabled();
    }
    const days = await screen.findAllByRole('button', { name: /^1 /, hidden: true });
    await userEvent.click(days[0] as HTMLElement);

    await userEvent.click(dialog.getByRole('button', { name: 'Guardar' }));
    expect(await dialog.findByText('La fecha no puede ser posterior a hoy.')).toBeInTheDocument();
    expect(dialog.getByText('Error al intentar registrar el control.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Registrar control' })).toBeInTheDocument();
  });

  it('keeps the chosen day and offers a reload when the patient changed elsewhere (412)', async () => {
    const moved = { ...DOCTOR_VIEW, version: 9 };
    const api = stubPatientApi([DOCTOR_VIEW, moved], () => answer(412, STALE));
    renderScreen(<PatientFileScreen patientId={DOCTOR_VIEW.id} />, { user: TEST_DOCTOR });
    const dialog = await openModal();
    await pickFirstDay(dialog);
    await userEvent.click(dialog.getByRole('button', { name: 'Guardar' }));
    expect(await dialog.findByText(STALE.message)).toBeInTheDocument();

    await userEvent.click(dialog.getByRole('button', { name: 'Recargar' }));
    await waitFor(() => expect(dialog.queryByText(STALE.message)).not.toBeInTheDocument());
    const [year, month] = firstOfThisMonth().split('-');
    expect(dialog.getByRole('textbox', { name: /Fecha del control/ })).toHaveValue(`01/${month}/${year}`);
    await userEvent.click(dialog.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(api.patches()).toHaveLength(2));
    expect(api.patches()[1]?.ifMatch).toBe('"9"');
  });

  it('offers no follow-up once the death is recorded', async () => {
    stubPatientApi([{ ...DOCTOR_VIEW, deathDate: '2024-10-01' }], () => answer(500, {}));
    renderScreen(<PatientFileScreen patientId={DOCTOR_VIEW.id} />, { user: TEST_DOCTOR });
    expect(await screen.findByTestId('last-known-alive')).toHaveTextContent(
      'Último dato con vida: 10/09/2024',
    );
    expect(screen.queryByRole('button', { name: 'Registrar control' })).not.toBeInTheDocument();
  });
});
