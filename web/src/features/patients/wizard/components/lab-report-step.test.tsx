import type { LabReport } from '@registry/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../lib/i18n.ts';
import { answer } from '../../../../test/fetch-routes.ts';
import {
  ADMIN,
  BIOBANK_DOCTOR,
  choose,
  consentedDiagnostic,
  DOCTOR,
  makePatient,
  mockApi,
  PATIENT_ID,
  renderWizard,
  stepForm,
} from '../test-utils.tsx';

const path = `/edit-patient/${PATIENT_ID}/lab-report`;
const save = () => userEvent.click(screen.getByRole('button', { name: 'Guardar y continuar' }));
const region = (name: string) => screen.getByRole('region', { name });
const report = (name: string, content: string): LabReport => ({
  id: `cccccccc-cccc-4ccc-8ccc-${String(name.length).padStart(12, '0')}`,
  name,
  content,
  date: null,
  file: null,
});

describe('the lab-report step', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends a patient without consent to the final step', async () => {
    mockApi({ patient: makePatient({ diagnostics: [{ ...consentedDiagnostic, consent: false }] }) });
    const { router } = renderWizard(path);
    await screen.findByRole('heading', { name: 'Paciente cargado con éxito' });
    expect(router.state.location.pathname).toBe(`/edit-patient/${PATIENT_ID}/final`);
  });

  it('shows the fixed entries, and asks for the name of a custom one', async () => {
    const api = mockApi({ patient: makePatient({ diagnostics: [consentedDiagnostic] }) });
    renderWizard(path);
    await stepForm('Informe de laboratorio');
    for (const name of ['Inmunofenotipo', 'Citogenética', 'Estudios moleculares', 'NGS', 'Medulograma']) {
      expect(region(name)).toBeInTheDocument();
    }
    expect(screen.queryByRole('region', { name: 'NGS OP' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Agregar otro informe' }));
    await save();
    expect(await within(region('Otro informe')).findByText('Este campo es obligatorio.')).toBeInTheDocument();
    expect(api.writes()).toEqual([]);
  });

  it('saves the risk level, then creates only the entries with content', async () => {
    const state = { patient: makePatient({ diagnostics: [consentedDiagnostic] }) };
    const api = mockApi(state, (call) => {
      if (call.method === 'PATCH') {
        state.patient = { ...state.patient, riskLevel: 'Alto', version: 4 };
        return answer(200, { data: state.patient });
      }
      return call.method === 'POST' ? answer(201, { data: [] }) : undefined;
    });
    const { router } = renderWizard(path);
    await stepForm('Informe de laboratorio');
    await choose('Riesgo del informe de laboratorio', 'Alto');
    await userEvent.type(within(region('NGS')).getByRole('textbox', { name: 'Contenido' }), 'FLT3-ITD');
    await userEvent.click(screen.getByRole('button', { name: 'Agregar otro informe' }));
    const custom = region('Otro informe');
    await userEvent.type(within(custom).getByRole('textbox', { name: /^Nombre del informe/ }), 'FISH');
    await userEvent.type(within(region('FISH')).getByRole('textbox', { name: 'Contenido' }), 'Normal');
    await save();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/edit-patient/${PATIENT_ID}/final`));
    expect(api.writes()).toEqual([
      { method: 'PATCH', path: `/api/patients/${PATIENT_ID}`, ifMatch: '"3"', body: { riskLevel: 'Alto' } },
      {
        method: 'POST',
        path: '/api/patients/labreports',
        ifMatch: '"4"',
        body: {
          patientId: PATIENT_ID,
          labReports: [
            { name: 'NGS', content: 'FLT3-ITD', date: null },
            { name: 'FISH', content: 'Normal', date: null },
          ],
        },
      },
    ]);
  });

  it('lets an admin write the NGS OP entry only', async () => {
    const patient = makePatient({ diagnostics: [consentedDiagnostic], reports: [report('NGS', 'NPM1')] });
    const api = mockApi({ patient }, (call) =>
      call.method === 'PUT' ? answer(200, { data: [] }) : undefined,
    );
    renderWizard(path, ADMIN);
    await stepForm('Informe de laboratorio');
    expect(screen.getByText('Los administradores solo pueden cargar el informe NGS OP.')).toBeInTheDocument();
    expect(within(region('NGS')).getByRole('textbox', { name: 'Contenido' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Riesgo del informe de laboratorio' })).toBeDisabled();
    const ngsOp = within(region('NGS OP')).getByRole('textbox', { name: 'Contenido' });
    expect(ngsOp).toBeEnabled();
    await userEvent.type(ngsOp, 'TP53');
    await save();
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]).toEqual({
      method: 'PUT',
      path: `/api/patients/labreports/${PATIENT_ID}`,
      ifMatch: '"3"',
      body: { labReports: [{ name: 'NGS OP', content: 'TP53', date: null }] },
    });
  });

  it('uploads the file of an entry for its kind of record: a lab report for a doctor, NGS OP for an admin', async () => {
    const FILE_ID = '88888888-8888-4888-8888-888888888888';
    const pdf = () => new File(['%PDF-1.4\n%%EOF'], 'informe.pdf', { type: 'application/pdf' });
    const handle = (call: { method: string; path: string }) => {
      if (call.path === '/api/files') {
        return answer(201, { data: { id: FILE_ID, name: 'informe.pdf', date: null } });
      }
      return call.method === 'POST' || call.method === 'PUT' ? answer(200, { data: [] }) : undefined;
    };
    const purposes: unknown[] = [];
    for (const [user, entry] of [
      [DOCTOR, 'NGS'],
      [ADMIN, 'NGS OP'],
    ] as const) {
      const api = mockApi({ patient: makePatient({ diagnostics: [consentedDiagnostic] }) }, handle);
      const { unmount } = renderWizard(path, user);
      await stepForm('Informe de laboratorio');
      const input = region(entry).querySelector('input[type=file]');
      await userEvent.upload(input as HTMLInputElement, pdf());
      await save();
      await waitFor(() => expect(api.writes().length).toBeGreaterThanOrEqual(2));
      const upload = api.writes()[0];
      expect(upload?.path).toBe('/api/files');
      purposes.push((upload?.body as FormData | undefined)?.get('purpose'));
      unmount();
      vi.unstubAllGlobals();
    }
    expect(purposes).toEqual(['labReport', 'ngsOp']);
  });

  it('shows a biobank doctor the lab report without saving it', async () => {
    const api = mockApi({ patient: makePatient({}, true) });
    const { router } = renderWizard(path, BIOBANK_DOCTOR);
    await stepForm('Informe de laboratorio');
    expect(screen.getByText('Informe no disponible en un biobanco')).toBeInTheDocument();
    expect(within(region('NGS')).getByRole('textbox', { name: 'Contenido' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/edit-patient/${PATIENT_ID}/final`));
    expect(api.writes()).toEqual([]);
  });
});
