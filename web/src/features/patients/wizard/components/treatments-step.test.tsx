import type { Treatment } from '@registry/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../lib/i18n.ts';
import { answer, refusal } from '../../../../test/fetch-routes.ts';
import {
  ADMIN,
  choose,
  consentedDiagnostic,
  makePatient,
  mockApi,
  PATIENT_ID,
  renderWizard,
  stepForm,
} from '../test-utils.tsx';

const path = `/edit-patient/${PATIENT_ID}/treatments`;
const save = () => userEvent.click(screen.getByRole('button', { name: 'Guardar y continuar' }));
const TREATMENT_ID = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const DRUG_ID = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const treatment: Treatment = {
  id: TREATMENT_ID,
  order: 1,
  scheme: '7+3 AraC + IDA',
  startDate: '2026-01-15',
  toxicities: null,
  diseaseAssessment: 'RC',
  diseaseAssessmentDate: '2026-02-20',
  medulogram: null,
  medulogramDate: null,
  EMR: null,
  EMRDate: null,
  EMRBlasts: 2,
  EMRStatus: null,
  EMRMethod: null,
  clinicalMonitoring: null,
  drugs: [
    {
      id: DRUG_ID,
      order: 1,
      name: 'Citarabina',
      dose: '100 mg/m2',
      startApplicationDate: '2026-01-15',
      lastAplicationDate: '2026-01-21',
    },
  ],
};

describe('the treatments step', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends a patient without a consented diagnostic to the final step', async () => {
    mockApi({ patient: makePatient() });
    const { router } = renderWizard(path);
    expect(await screen.findByRole('heading', { name: 'Paciente cargado con éxito' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/edit-patient/${PATIENT_ID}/final`);
    expect(screen.getByRole('link', { name: 'Ver paciente' })).toHaveAttribute(
      'href',
      `/patient/${PATIENT_ID}`,
    );
  });

  it('sends a patient whose subtype is Other to the final step too', async () => {
    mockApi({
      patient: makePatient({ diagnostics: [{ ...consentedDiagnostic, dxSubType: 'Other: LMA rara' }] }),
    });
    const { router } = renderWizard(path);
    await screen.findByRole('heading', { name: 'Paciente cargado con éxito' });
    expect(router.state.location.pathname).toBe(`/edit-patient/${PATIENT_ID}/final`);
  });

  it('creates the first treatment, asking for the name of an Other scheme', async () => {
    const api = mockApi({ patient: makePatient({ diagnostics: [consentedDiagnostic] }) }, (call) =>
      call.method === 'POST' ? answer(201, { data: [] }) : undefined,
    );
    const { router } = renderWizard(path);
    await stepForm('Tratamientos');
    expect(screen.getByText('No hay tratamientos para mostrar.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Agregar tratamiento 1' }));
    const card = screen.getByRole('region', { name: 'Tratamiento 1' });
    await choose('Esquema', 'Otro', card);
    await save();
    expect(await within(card).findByText('Este campo es obligatorio.')).toBeInTheDocument();
    await userEvent.type(
      within(card).getByRole('textbox', { name: /^Nombre del esquema/ }),
      'Protocolo local',
    );
    await userEvent.click(within(card).getByRole('button', { name: 'Agregar droga al tratamiento 1' }));
    await userEvent.type(within(card).getByRole('textbox', { name: /^Droga/ }), 'Idarubicina');
    await save();
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/edit-patient/${PATIENT_ID}/lab-report`),
    );
    expect(api.writes()).toEqual([
      {
        method: 'POST',
        path: '/api/patients/treatments',
        ifMatch: '"3"',
        body: {
          patientId: PATIENT_ID,
          treatments: [
            expect.objectContaining({
              order: 1,
              scheme: 'Other',
              schemeName: 'Protocolo local',
              drugs: [
                {
                  order: 1,
                  name: 'Idarubicina',
                  dose: null,
                  startApplicationDate: null,
                  lastAplicationDate: null,
                },
              ],
            }),
          ],
        },
      },
    ]);
  });

  it('adds a treatment as the count plus 1 and upserts them all with their ids', async () => {
    const api = mockApi(
      { patient: makePatient({ diagnostics: [consentedDiagnostic], treatments: [treatment] }) },
      (call) => (call.method === 'PUT' ? answer(200, { data: [treatment] }) : undefined),
    );
    renderWizard(path);
    await stepForm('Tratamientos');
    await userEvent.click(screen.getByRole('button', { name: 'Agregar tratamiento 2' }));
    const second = screen.getByRole('region', { name: 'Tratamiento 2' });
    await choose('Esquema', 'FLAG-Ida', second);
    await save();
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    const [put] = api.writes();
    expect(put?.method).toBe('PUT');
    expect(put?.path).toBe(`/api/patients/treatments/${PATIENT_ID}`);
    const sent =
      (put?.body as { treatments: { id?: string; order: number; scheme: string }[] } | undefined)
        ?.treatments ?? [];
    expect(sent.map((item) => [item.id, item.order, item.scheme])).toEqual([
      [TREATMENT_ID, 1, '7+3 AraC + IDA'],
      [undefined, 2, 'FLAG-Ida'],
    ]);
  });

  it('deletes a saved dose after asking, and keeps the rest of the form', async () => {
    const state = { patient: makePatient({ diagnostics: [consentedDiagnostic], treatments: [treatment] }) };
    const api = mockApi(state, (call) => {
      if (call.method === 'DELETE') {
        state.patient = { ...state.patient, version: 4, treatments: [{ ...treatment, drugs: [] }] };
        return answer(200, { data: state.patient.treatments });
      }
      return undefined;
    });
    renderWizard(path);
    await stepForm('Tratamientos');
    await userEvent.type(screen.getByRole('textbox', { name: 'Toxicidades' }), 'Mucositis');
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar la droga 1 del tratamiento 1' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Está seguro?' });
    expect(dialog).toHaveTextContent('¿Desea eliminar la droga? Esta acción no se puede deshacer.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sí' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: /^Droga/ })).not.toBeInTheDocument());
    expect(api.writes()).toEqual([
      {
        method: 'DELETE',
        path: `/api/patients/treatments/drugs/${DRUG_ID}`,
        ifMatch: '"3"',
        body: undefined,
      },
    ]);
    expect(screen.getByRole('textbox', { name: 'Toxicidades' })).toHaveValue('Mucositis');
  });

  it('deletes a saved treatment only when confirmed', async () => {
    const api = mockApi({
      patient: makePatient({ diagnostics: [consentedDiagnostic], treatments: [treatment] }),
    });
    renderWizard(path);
    await stepForm('Tratamientos');
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar el tratamiento 1' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Está seguro?' });
    expect(dialog).toHaveTextContent('¿Desea eliminar el tratamiento? Esta acción no se puede deshacer.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.getByRole('region', { name: 'Tratamiento 1' })).toBeInTheDocument();
    expect(api.writes()).toEqual([]);
  });

  it('goes to the final step when the server says consent is missing', async () => {
    const state = { patient: makePatient({ diagnostics: [consentedDiagnostic] }) };
    mockApi(state, (call) => {
      if (call.method === 'POST') {
        state.patient = { ...state.patient, diagnostics: [{ ...consentedDiagnostic, consent: false }] };
        return refusal(422, 'CONSENT_REQUIRED', 'El paciente necesita un diagnóstico con consentimiento.');
      }
      return undefined;
    });
    const { router } = renderWizard(path);
    await stepForm('Tratamientos');
    await userEvent.click(screen.getByRole('button', { name: 'Agregar tratamiento 1' }));
    await save();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/edit-patient/${PATIENT_ID}/final`));
    expect(screen.getByText('El paciente necesita un diagnóstico con consentimiento.')).toBeInTheDocument();
  });

  it('is read-only for an admin: no adding or deleting', async () => {
    const api = mockApi({
      patient: makePatient({ diagnostics: [consentedDiagnostic], treatments: [treatment] }),
    });
    const { router } = renderWizard(path, ADMIN);
    await stepForm('Tratamientos');
    expect(screen.getByRole('textbox', { name: /^Droga/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /^Agregar/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Eliminar/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/edit-patient/${PATIENT_ID}/lab-report`),
    );
    expect(api.writes()).toEqual([]);
  });

  it('asks for the date of a response, and refuses one before the treatment started', async () => {
    const user = userEvent.setup({ delay: null });
    const api = mockApi({
      patient: makePatient({ diagnostics: [consentedDiagnostic], treatments: [treatment] }),
    });
    renderWizard(path);
    await stepForm('Tratamientos');
    const card = screen.getByRole('region', { name: 'Tratamiento 1' });
    expect(within(card).getByRole('combobox', { name: /^Evaluación de la enfermedad/ })).toHaveValue(
      'RC (remisión completa)',
    );
    const assessed = within(card).getByRole('textbox', { name: /^Fecha de la evaluación/ });
    expect(assessed).toHaveValue('20/02/2026');
    expect(assessed).toBeRequired();

    await user.clear(assessed);
    await save();
    expect(await within(card).findByText('Debe elegir una fecha.')).toBeInTheDocument();
    await user.type(assessed, '10/01/2026');
    await save();
    expect(
      await within(card).findByText('La fecha no puede ser anterior a la de inicio.'),
    ).toBeInTheDocument();
    expect(api.writes()).toEqual([]);
    // Several saves of a whole step: slow in jsdom on a busy machine.
  }, 60_000);

  it('saves the response date and the MRD result and method, with a decimal comma in Spanish', async () => {
    const user = userEvent.setup({ delay: null });
    const api = mockApi(
      { patient: makePatient({ diagnostics: [consentedDiagnostic], treatments: [treatment] }) },
      (call) => (call.method === 'PUT' ? answer(200, { data: [treatment] }) : undefined),
    );
    renderWizard(path);
    await stepForm('Tratamientos');
    const card = screen.getByRole('region', { name: 'Tratamiento 1' });
    const assessed = within(card).getByRole('textbox', { name: /^Fecha de la evaluación/ });
    await user.clear(assessed);
    await user.type(assessed, '16/02/2026');
    await choose('Resultado de la EMR', 'Negativa', card);
    await choose('Método de la EMR', 'Citometría de flujo', card);
    const blasts = within(card).getByRole('textbox', { name: 'Blastos EMR' });
    await user.clear(blasts);
    await user.type(blasts, '0,05');
    expect(blasts).toHaveValue('0,05 %');
    await save();
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    const sent = (api.writes()[0]?.body as { treatments?: Record<string, unknown>[] } | undefined)
      ?.treatments?.[0];
    expect(sent).toMatchObject({
      diseaseAssessment: 'RC',
      diseaseAssessmentDate: '2026-02-16',
      EMRStatus: 'negative',
      EMRMethod: 'flow',
      EMRBlasts: 0.05,
    });
    // Many fields typed and chosen: slow in jsdom on a busy machine.
  }, 60_000);

  it('says at once, beside the success, the rules the saved data breaks', async () => {
    const user = userEvent.setup({ delay: null });
    const state = { patient: makePatient({ diagnostics: [consentedDiagnostic], treatments: [treatment] }) };
    mockApi(state, (call) => {
      if (call.method === 'PUT') {
        // The server reads the rules again after the write: the patient read next carries them.
        state.patient = {
          ...state.patient,
          quality: [
            {
              rule: 'crWithBlasts',
              severity: 'error',
              step: 'treatments',
              fields: ['treatments.0.EMRBlasts'],
              message: 'RC con 5 % o más de blastos en la EMR',
            },
            {
              rule: 'followUpOverdue',
              severity: 'warning',
              step: 'patient',
              fields: ['lastContactDate'],
              message: 'Sin seguimiento hace más de 12 meses',
            },
          ],
        };
        return answer(200, { data: [treatment] });
      }
      return undefined;
    });
    renderWizard(path);
    await stepForm('Tratamientos');
    const blasts = within(screen.getByRole('region', { name: 'Tratamiento 1' })).getByRole('textbox', {
      name: 'Blastos EMR',
    });
    await user.clear(blasts);
    await user.type(blasts, '7,5');
    await save();
    expect(await screen.findByText('Paciente actualizado correctamente.')).toBeInTheDocument();
    expect(await screen.findByText('Guardado con 1 observación de calidad')).toBeInTheDocument();
    // Only the rules of this step: the follow-up is not the treatments' to fix.
    expect(screen.getByText('RC con 5 % o más de blastos en la EMR')).toBeInTheDocument();
    expect(screen.queryByText(/Sin seguimiento/)).not.toBeInTheDocument();
  }, 60_000);

  it('offers the ELN 2022 responses by their English names, and decimals with a point', async () => {
    await i18n.changeLanguage('en');
    const user = userEvent.setup({ delay: null });
    const api = mockApi(
      { patient: makePatient({ diagnostics: [consentedDiagnostic], treatments: [treatment] }) },
      (call) => (call.method === 'PUT' ? answer(200, { data: [treatment] }) : undefined),
    );
    renderWizard(path);
    await stepForm('Treatments');
    const card = screen.getByRole('region', { name: 'Treatment 1' });
    const response = within(card).getByRole('combobox', { name: /^Disease assessment/ });
    expect(response).toHaveValue('CR (complete remission)');
    await userEvent.click(response);
    const listbox = await waitFor(() => {
      const found = document.getElementById(response.getAttribute('aria-controls') ?? '');
      expect(found).not.toBeNull();
      return found as HTMLElement;
    });
    expect(
      within(listbox)
        .getAllByRole('option', { hidden: true })
        .map((option) => option.textContent),
    ).toEqual([
      'CR (complete remission)',
      'CRh (CR with partial haematological recovery)',
      'CRi (CR with incomplete recovery)',
      'MLFS (morphologic leukaemia-free state)',
      'PR (partial remission)',
      'NR (no response, refractory)',
      'PD (progressive disease)',
      'NE (not evaluable)',
    ]);
    await userEvent.click(
      within(listbox).getByRole('option', { name: 'PR (partial remission)', hidden: true }),
    );
    await choose('MRD result', 'Positive', card);
    await choose('MRD method', 'qPCR', card);
    const blasts = within(card).getByRole('textbox', { name: 'MRD blasts' });
    await user.clear(blasts);
    await user.type(blasts, '1.25');
    expect(blasts).toHaveValue('1.25 %');
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    const sent = (api.writes()[0]?.body as { treatments?: Record<string, unknown>[] } | undefined)
      ?.treatments?.[0];
    expect(sent).toMatchObject({
      diseaseAssessment: 'RP',
      EMRStatus: 'positive',
      EMRMethod: 'qPCR',
      EMRBlasts: 1.25,
    });
    // Many fields typed and chosen: slow in jsdom on a busy machine.
  }, 60_000);
});
