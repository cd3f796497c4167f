import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { todayIsoDate } from '../../../../lib/dates.ts';
import { i18n } from '../../../../lib/i18n.ts';
import { answer, refusal } from '../../../../test/fetch-routes.ts';
import {
  BIOBANK_DOCTOR,
  choose,
  consentedDiagnostic,
  makePatient,
  mockApi,
  PATIENT_ID,
  pickToday,
  renderWizard,
  seedCohortQueries,
  stepForm,
} from '../test-utils.tsx';

const save = () => userEvent.click(screen.getByRole('button', { name: 'Guardar y continuar' }));
const path = `/edit-patient/${PATIENT_ID}/diagnostic`;
const yes = (question: string) =>
  within(screen.getByRole('radiogroup', { name: question })).getByRole('radio', { name: 'Sí' });

describe('the diagnostic step', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks for the name of an Other subtype and for the dates of a relapse and a consent', async () => {
    const api = mockApi({ patient: makePatient() });
    renderWizard(path);
    await stepForm('Diagnóstico');
    expect(screen.queryByRole('textbox', { name: /^Nombre del subtipo/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /^Fecha de recaída/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /^Fecha de consentimiento/ })).not.toBeInTheDocument();

    await choose('Subtipo', 'Otro');
    await userEvent.click(yes('Recaída'));
    await userEvent.click(yes('Consentimiento'));
    await save();
    expect(await screen.findByText('Este campo es obligatorio.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Nombre del subtipo/ })).toBeInvalid();
    expect(screen.getAllByText('Debe elegir una fecha.')).toHaveLength(2);
    expect(screen.getByRole('textbox', { name: /^Fecha de recaída/ })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Fecha de consentimiento/ })).toBeInTheDocument();
    expect(api.writes()).toEqual([]);
  });

  it('creates the diagnostic with the Other subtype as its name', async () => {
    const api = mockApi({ patient: makePatient() }, (call) =>
      call.method === 'POST' ? answer(201, { data: consentedDiagnostic }) : undefined,
    );
    const { router } = renderWizard(path);
    await stepForm('Diagnóstico');
    await choose('Subtipo', 'Otro');
    await userEvent.type(screen.getByRole('textbox', { name: /^Nombre del subtipo/ }), ' LMA bifenotípica ');
    await userEvent.click(yes('Recaída'));
    await pickToday(/^Fecha de recaída/);
    await save();
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]).toEqual({
      method: 'POST',
      path: '/api/patients/diagnostics',
      ifMatch: '"3"',
      body: {
        patientId: PATIENT_ID,
        dxDate: null,
        dxSecondary: null,
        dxSubType: 'Other',
        subTypeName: 'LMA bifenotípica',
        organsFailures: null,
        patientFit: null,
        relapse: true,
        relapseDate: todayIsoDate(),
        riskLevel: null,
        consent: false,
        consentDate: null,
        dxSecondaryDescription: null,
        wbcAtDiagnosis: null,
        marrowBlastsAtDiagnosis: null,
      },
    });
    // Without consent, treatments and the lab report are skipped.
    await waitFor(() => expect(router.state.location.pathname).toBe(`/edit-patient/${PATIENT_ID}/final`));
    expect(await screen.findByText(/necesita un diagnóstico con consentimiento/)).toBeInTheDocument();
  });

  it('sends only the changed fields of the saved diagnostic', async () => {
    const api = mockApi({ patient: makePatient({ diagnostics: [consentedDiagnostic] }) }, (call) =>
      call.method === 'PATCH'
        ? answer(200, { data: { ...consentedDiagnostic, riskLevel: 'Alto' } })
        : undefined,
    );
    const { queryClient } = renderWizard(path);
    const stale = seedCohortQueries(queryClient);
    await stepForm('Diagnóstico');
    expect(screen.getByRole('textbox', { name: /^Fecha de consentimiento/ })).toHaveValue('11/01/2026');
    await choose('Riesgo del diagnóstico', 'Alto');
    await userEvent.type(screen.getByRole('textbox', { name: 'Fallas orgánicas' }), 'Renal');
    await save();
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]).toEqual({
      method: 'PATCH',
      path: `/api/patients/diagnostics/${consentedDiagnostic.id}`,
      ifMatch: '"3"',
      body: { riskLevel: 'Alto', organsFailures: 'Renal' },
    });
    // The list's risk column, the outcomes' groups, the coordinator's view and the badge follow the saved diagnostic.
    await waitFor(() =>
      expect(stale()).toEqual({ list: true, outcomes: true, overview: true, notifications: true }),
    );
  });

  it('reads the counts at diagnosis with the decimal comma in Spanish, and refuses an impossible count', async () => {
    const api = mockApi({ patient: makePatient({ diagnostics: [consentedDiagnostic] }) }, (call) =>
      call.method === 'PATCH' ? answer(200, { data: consentedDiagnostic }) : undefined,
    );
    renderWizard(path);
    await stepForm('Diagnóstico');
    const wbc = screen.getByRole('textbox', { name: 'Leucocitos al diagnóstico (×10⁹/L)' });
    await userEvent.type(wbc, '1200');
    await save();
    expect(
      await screen.findByText('Debe ser un número entre 0 y 1000, con hasta 2 decimales.'),
    ).toBeInTheDocument();
    expect(api.writes()).toEqual([]);
    await userEvent.clear(wbc);
    await userEvent.type(wbc, '12,5');
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Blastos en médula ósea al diagnóstico' }),
      '45,25',
    );
    await save();
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]?.body).toEqual({ wbcAtDiagnosis: 12.5, marrowBlastsAtDiagnosis: 45.25 });
  });

  it("offers a biobank the single consent 'Bio Banco', without a date", async () => {
    const api = mockApi({ patient: makePatient({}, true) }, (call) =>
      call.method === 'POST' ? answer(201, { data: consentedDiagnostic }) : undefined,
    );
    renderWizard(path, BIOBANK_DOCTOR);
    await stepForm('Diagnóstico');
    const consent = screen.getByRole('radiogroup', { name: 'Consentimiento' });
    expect(consent.querySelectorAll('input[type=radio]')).toHaveLength(1);
    expect(screen.getByRole('radio', { name: 'Bio Banco' })).toBeChecked();
    expect(screen.queryByRole('textbox', { name: /^Fecha de consentimiento/ })).not.toBeInTheDocument();
    await save();
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]?.body).toMatchObject({ consent: true, consentDate: null });
  });

  it("puts the server's rule messages on their fields", async () => {
    mockApi({ patient: makePatient() }, (call) =>
      call.method === 'POST'
        ? refusal(422, 'RULE_BROKEN', 'Los datos no cumplen una regla del registro.', {
            dxDate: 'La fecha no puede ser anterior al nacimiento.',
          })
        : undefined,
    );
    renderWizard(path);
    await stepForm('Diagnóstico');
    await pickToday(/^Fecha de diagnóstico/);
    await save();
    expect(await screen.findByText('La fecha no puede ser anterior al nacimiento.')).toBeInTheDocument();
    expect(screen.getByText('Error al intentar actualizar el paciente.')).toBeInTheDocument();
  });
});
