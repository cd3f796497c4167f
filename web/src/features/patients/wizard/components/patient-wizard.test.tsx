import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../lib/i18n.ts';
import { refusal } from '../../../../test/fetch-routes.ts';
import {
  consentedDiagnostic,
  makePatient,
  mockApi,
  PATIENT_ID,
  renderWizard,
  stepForm,
} from '../test-utils.tsx';

describe('the patient wizard', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('keeps steps 2 to 6 closed until the patient exists, and exits to the list', async () => {
    mockApi({ patient: makePatient() });
    const { router } = renderWizard('/new-patient');
    await stepForm('Demografía');
    expect(screen.getByRole('heading', { name: 'Nuevo paciente' })).toBeInTheDocument();
    const steps = screen.getByRole('navigation', { name: 'Pasos del paciente' });
    expect(within(steps).getByRole('link', { name: /Demografía/ })).toHaveAttribute('aria-current', 'step');
    for (const name of [
      'Muestras pretratamiento',
      'Diagnóstico',
      'Tratamientos',
      'Informe de laboratorio',
      'Final',
    ]) {
      expect(within(steps).getByRole('button', { name: new RegExp(name) })).toBeDisabled();
    }
    await userEvent.click(screen.getByRole('link', { name: 'Volver a pacientes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/patients'));
  });

  it('does not open a later step before the patient exists', async () => {
    mockApi({ patient: makePatient() });
    const { router } = renderWizard('/new-patient/treatments');
    await stepForm('Demografía');
    expect(router.state.location.pathname).toBe('/new-patient');
  });

  it('opens every step of an existing patient, and exits to its file', async () => {
    mockApi({ patient: makePatient({ diagnostics: [consentedDiagnostic] }) });
    const { router } = renderWizard(`/edit-patient/${PATIENT_ID}/samples`);
    await stepForm('Muestras pretratamiento');
    expect(screen.getByRole('heading', { name: 'Editar paciente' })).toBeInTheDocument();
    expect(screen.getByText('P-001')).toBeInTheDocument();
    expect(screen.getByText('Paso 2 de 6')).toBeInTheDocument();
    const steps = screen.getByRole('navigation', { name: 'Pasos del paciente' });
    expect(within(steps).getByRole('link', { name: 'Diagnóstico (completado)' })).toBeInTheDocument();
    await userEvent.click(within(steps).getByRole('link', { name: /Tratamientos/ }));
    await stepForm('Tratamientos');
    await userEvent.click(screen.getByRole('button', { name: 'Volver' }));
    await stepForm('Diagnóstico');
    await userEvent.click(screen.getByRole('link', { name: 'Volver a la ficha del paciente' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/patient/${PATIENT_ID}`));
  });

  it('says so when the patient does not exist', async () => {
    mockApi({ patient: makePatient({ id: '00000000-0000-4000-8000-00000000000f' }) });
    renderWizard(`/edit-patient/${PATIENT_ID}/demography`);
    expect(await screen.findByText('El paciente no existe.')).toBeInTheDocument();
  });

  it('offers to try again when the patient cannot be read', async () => {
    mockApi({ patient: makePatient() }, (call) =>
      call.method === 'GET' ? refusal(500, 'INTERNAL', 'Ocurrió un error.') : undefined,
    );
    renderWizard(`/edit-patient/${PATIENT_ID}/demography`);
    expect(
      await screen.findByText(
        'Hubo un problema al intentar obtener los datos del paciente.',
        {},
        { timeout: 8000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});
