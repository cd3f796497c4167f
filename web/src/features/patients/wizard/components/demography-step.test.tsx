import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../lib/i18n.ts';
import { answer, refusal } from '../../../../test/fetch-routes.ts';
import {
  ADMIN,
  BIOBANK_DOCTOR,
  makePatient,
  mockApi,
  PATIENT_ID,
  renderWizard,
  seedCohortQueries,
  stepForm,
} from '../test-utils.tsx';

const NEW_ID = '77777777-7777-4777-8777-777777777777';
const save = () => userEvent.click(screen.getByRole('button', { name: 'Guardar y continuar' }));

describe('the demography step', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks for the identification, a birth date and the sex before creating anything', async () => {
    const api = mockApi({ patient: makePatient() });
    renderWizard('/new-patient');
    await stepForm('Demografía');
    await save();
    expect(await screen.findByText('Este campo es obligatorio.')).toBeInTheDocument();
    expect(screen.getByText('Debe elegir una fecha.')).toBeInTheDocument();
    expect(screen.getByText('Debe elegir una opción.')).toBeInTheDocument();
    expect(api.writes()).toEqual([]);
  });

  it('creates the patient and goes on to its samples', async () => {
    const state = { patient: makePatient({ id: NEW_ID, version: 1 }) };
    const api = mockApi(state, (call) =>
      call.method === 'POST' && call.path === '/api/patients'
        ? answer(201, { data: { id: NEW_ID } })
        : undefined,
    );
    const { router, queryClient } = renderWizard('/new-patient');
    const stale = seedCohortQueries(queryClient);
    await stepForm('Demografía');
    await userEvent.type(screen.getByRole('textbox', { name: /^Identificación del paciente/ }), ' P-001 ');
    await userEvent.click(screen.getByRole('textbox', { name: /^Fecha de nacimiento/ }));
    await userEvent.click(await screen.findByRole('button', { name: '2020', hidden: true }));
    await userEvent.click(await screen.findByRole('button', { name: /^mar/, hidden: true }));
    await userEvent.click(await screen.findByRole('button', { name: '7 marzo 2020', hidden: true }));
    await userEvent.click(screen.getByRole('radio', { name: 'Femenino' }));
    await save();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/edit-patient/${NEW_ID}/samples`));
    expect(api.writes()).toEqual([
      {
        method: 'POST',
        path: '/api/patients',
        ifMatch: undefined,
        body: {
          identification: 'P-001',
          demography: { birthDate: '2020-03-07', gender: 'female', ecog: null, app: null },
        },
      },
    ]);
    expect(await screen.findByText('Paciente creado.')).toBeInTheDocument();
    // The list shows the new patient, and the outcomes, the coordinator's view and the badge count it when next seen.
    expect(stale()).toEqual({ list: true, outcomes: true, overview: true, notifications: true });
  });

  it('in a biobank needs no birth date, and takes a bare year', async () => {
    const api = mockApi({ patient: makePatient({ id: NEW_ID }, true) }, (call) =>
      call.method === 'POST' ? answer(201, { data: { id: NEW_ID } }) : undefined,
    );
    renderWizard('/new-patient', BIOBANK_DOCTOR);
    await stepForm('Demografía');
    await save();
    expect(await screen.findByText('Este campo es obligatorio.')).toBeInTheDocument();
    expect(screen.queryByText('Debe elegir una fecha.')).not.toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: /^Identificación del paciente/ }), 'BB-1');
    await userEvent.type(screen.getByRole('textbox', { name: /^Fecha o año de nacimiento/ }), '19');
    await userEvent.click(screen.getByRole('radio', { name: 'Masculino' }));
    await save();
    expect(await screen.findByText('Ingrese una fecha o un año.')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /^Fecha o año de nacimiento/ }), '80');
    await save();
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]?.body).toEqual({
      identification: 'BB-1',
      demography: { birthDate: '1980', gender: 'male', ecog: null, app: null },
    });
  });

  it('sends only the changed fields, with the version they are based on', async () => {
    const state = { patient: makePatient() };
    const api = mockApi(state, (call) => {
      if (call.method === 'PATCH') {
        state.patient = { ...state.patient, identification: 'P-002', version: 4 };
        return answer(200, { data: state.patient });
      }
      return undefined;
    });
    const { router } = renderWizard(`/edit-patient/${PATIENT_ID}/demography`);
    await stepForm('Demografía');
    const identification = screen.getByRole('textbox', { name: /^Identificación del paciente/ });
    expect(identification).toHaveValue('P-001');
    await userEvent.clear(identification);
    await userEvent.type(identification, 'P-002');
    await userEvent.type(screen.getByRole('textbox', { name: /^Antecedentes/ }), 'HTA');
    await save();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/edit-patient/${PATIENT_ID}/samples`));
    expect(api.writes()).toEqual([
      {
        method: 'PATCH',
        path: `/api/patients/${PATIENT_ID}`,
        ifMatch: '"3"',
        body: { identification: 'P-002', demography: { app: 'HTA' } },
      },
    ]);
    expect(await screen.findByText('Paciente editado.')).toBeInTheDocument();
  });

  it('moves on without a call when nothing changed', async () => {
    const api = mockApi({ patient: makePatient() });
    const { router } = renderWizard(`/edit-patient/${PATIENT_ID}/demography`);
    await stepForm('Demografía');
    await save();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/edit-patient/${PATIENT_ID}/samples`));
    expect(api.writes()).toEqual([]);
  });

  it('says a taken identification on its field, and that the patient was not saved', async () => {
    mockApi({ patient: makePatient() }, (call) =>
      call.method === 'POST'
        ? refusal(409, 'PATIENT_IDENTIFICATION_EXISTS', 'El código de paciente ya existe.', {
            identification: 'El código de paciente ya existe.',
          })
        : undefined,
    );
    const { router } = renderWizard('/new-patient');
    await stepForm('Demografía');
    await userEvent.type(screen.getByRole('textbox', { name: /^Identificación del paciente/ }), 'P-001');
    await userEvent.click(screen.getByRole('textbox', { name: /^Fecha de nacimiento/ }));
    await userEvent.click(await screen.findByRole('button', { name: '2020', hidden: true }));
    await userEvent.click(await screen.findByRole('button', { name: /^ene/, hidden: true }));
    await userEvent.click(await screen.findByRole('button', { name: '2 enero 2020', hidden: true }));
    await userEvent.click(screen.getByRole('radio', { name: 'Femenino' }));
    await save();
    expect(
      await screen.findByText('Hubo un error al intentar guardar la información del paciente.'),
    ).toBeInTheDocument();
    expect(screen.getAllByText('El código de paciente ya existe.').length).toBeGreaterThan(0);
    expect(screen.getByRole('textbox', { name: /^Identificación del paciente/ })).toBeInvalid();
    expect(router.state.location.pathname).toBe('/new-patient');
  });

  it('keeps what was typed when the patient changed elsewhere (412), and reloads on request', async () => {
    const state = { patient: makePatient() };
    mockApi(state, (call) => {
      if (call.method === 'PATCH') {
        state.patient = { ...state.patient, identification: 'P-009', version: 5 };
        return refusal(412, 'STALE_VERSION', 'Este paciente fue modificado en otro lugar.');
      }
      return undefined;
    });
    renderWizard(`/edit-patient/${PATIENT_ID}/demography`);
    await stepForm('Demografía');
    const app = screen.getByRole('textbox', { name: /^Antecedentes/ });
    await userEvent.type(app, 'Diabetes tipo 2');
    await save();
    const stale = 'Este paciente fue modificado en otro lugar. Recargue para ver los cambios.';
    const alert = await screen.findByRole('alert', { name: stale });
    expect(alert).toHaveTextContent(stale);
    expect(alert).toHaveTextContent('Sus cambios no se guardaron y siguen en el formulario.');
    expect(app).toHaveValue('Diabetes tipo 2');

    await userEvent.click(within(alert).getByRole('button', { name: 'Recargar' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /^Identificación del paciente/ })).toHaveValue('P-009'),
    );
    expect(screen.getByRole('textbox', { name: /^Antecedentes/ })).toHaveValue('');
    expect(screen.queryByText(stale)).not.toBeInTheDocument();
  });

  it('is read-only for an admin, whose Next saves nothing', async () => {
    const api = mockApi({ patient: makePatient() });
    const { router } = renderWizard(`/edit-patient/${PATIENT_ID}/demography`, ADMIN);
    await stepForm('Demografía');
    expect(screen.getByText('Solo lectura')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Identificación del paciente/ })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Femenino' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Guardar y continuar' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/edit-patient/${PATIENT_ID}/samples`));
    expect(api.writes()).toEqual([]);
  });

  it('asks before leaving with unsaved changes', async () => {
    mockApi({ patient: makePatient() });
    const { router } = renderWizard(`/edit-patient/${PATIENT_ID}/demography`);
    await stepForm('Demografía');
    await userEvent.type(screen.getByRole('textbox', { name: /^Antecedentes/ }), 'HTA');
    const steps = screen.getByRole('navigation', { name: 'Pasos del paciente' });
    await userEvent.click(within(steps).getByRole('link', { name: /Diagnóstico/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Cambios sin guardar' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(router.state.location.pathname).toBe(`/edit-patient/${PATIENT_ID}/demography`);
    expect(screen.getByRole('textbox', { name: /^Antecedentes/ })).toHaveValue('HTA');

    await userEvent.click(within(steps).getByRole('link', { name: /Diagnóstico/ }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Cambios sin guardar' })).getByRole('button', {
        name: 'Sí',
      }),
    );
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/edit-patient/${PATIENT_ID}/diagnostic`),
    );
  });
});
