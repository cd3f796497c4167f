import { FILE_MAX_BYTES } from '@registry/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { todayIsoDate } from '../../../../lib/dates.ts';
import { i18n } from '../../../../lib/i18n.ts';
import { answer } from '../../../../test/fetch-routes.ts';
import {
  choose,
  makePatient,
  mockApi,
  PATIENT_ID,
  pickToday,
  renderWizard,
  stepForm,
} from '../test-utils.tsx';

const FILE_ID = '88888888-8888-4888-8888-888888888888';
const SAMPLE_ID = '99999999-9999-4999-8999-999999999999';
const save = () => userEvent.click(screen.getByRole('button', { name: 'Guardar y continuar' }));
const pdf = () => new File(['%PDF-1.4\n%%EOF'], 'muestra.pdf', { type: 'application/pdf' });

describe('the samples step', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks for the date and the type of the sample', async () => {
    const api = mockApi({ patient: makePatient() });
    renderWizard(`/edit-patient/${PATIENT_ID}/samples`);
    await stepForm('Muestras pretratamiento');
    expect(screen.getByText('JPG o PDF, máximo 1 MB.')).toBeInTheDocument();
    await save();
    expect(await screen.findByText('Debe elegir una fecha.')).toBeInTheDocument();
    expect(screen.getByText('Debe elegir una opción.')).toBeInTheDocument();
    expect(api.writes()).toEqual([]);
  });

  it('checks a file before uploading it: JPG or PDF, at most 1 MB', async () => {
    const api = mockApi({ patient: makePatient() });
    renderWizard(`/edit-patient/${PATIENT_ID}/samples`);
    await stepForm('Muestras pretratamiento');
    const input = document.querySelector('input[type=file][name="upload"]');
    expect(input).toBeTruthy();
    await userEvent.upload(
      input as HTMLInputElement,
      new File(['hello'], 'notas.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByText('Solo se admiten archivos JPG o PDF.')).toBeInTheDocument();
    const big = new File([new Uint8Array(FILE_MAX_BYTES + 1)], 'grande.pdf', { type: 'application/pdf' });
    await userEvent.upload(input as HTMLInputElement, big);
    expect(await screen.findByText('El archivo supera el máximo de 1 MB.')).toBeInTheDocument();
    await save();
    expect(api.writes()).toEqual([]);
  });

  it('uploads the file, then creates the sample linking it', async () => {
    const state = { patient: makePatient() };
    const api = mockApi(state, (call) => {
      if (call.path === '/api/files') {
        return answer(201, { data: { id: FILE_ID, name: 'muestra.pdf', date: todayIsoDate() } });
      }
      if (call.path === '/api/patients/samples') {
        state.patient = { ...state.patient, version: 4 };
        return answer(201, {
          data: { id: SAMPLE_ID, sampleDate: todayIsoDate(), sampleType: 'MO', file: null },
        });
      }
      return undefined;
    });
    const { router } = renderWizard(`/edit-patient/${PATIENT_ID}/samples`);
    await stepForm('Muestras pretratamiento');
    await pickToday(/^Fecha de la muestra/);
    await choose(/^Tipo de muestra/, 'MO');
    const input = document.querySelector('input[type=file][name="upload"]');
    await userEvent.upload(input as HTMLInputElement, pdf());
    await save();
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/edit-patient/${PATIENT_ID}/diagnostic`),
    );
    const [upload, create] = api.writes();
    expect(upload?.path).toBe('/api/files');
    const form = upload?.body as FormData;
    expect(form.get('patientId')).toBe(PATIENT_ID);
    expect(form.get('date')).toBe(todayIsoDate());
    expect((form.get('file') as File).name).toBe('muestra.pdf');
    expect(form.get('purpose')).toBe('sample');
    expect(create).toEqual({
      method: 'POST',
      path: '/api/patients/samples',
      ifMatch: '"3"',
      body: { patientId: PATIENT_ID, sampleDate: todayIsoDate(), sampleType: 'MO', fileId: FILE_ID },
    });
    expect(await screen.findByText('Paciente actualizado correctamente.')).toBeInTheDocument();
  });

  it('changes only what changed in the saved sample', async () => {
    const sample = { id: SAMPLE_ID, sampleDate: '2026-01-05', sampleType: 'SP' as const, file: null };
    const api = mockApi({ patient: makePatient({ samples: [sample] }) }, (call) =>
      call.method === 'PATCH' ? answer(200, { data: { ...sample, sampleType: 'MO + SP' } }) : undefined,
    );
    renderWizard(`/edit-patient/${PATIENT_ID}/samples`);
    await stepForm('Muestras pretratamiento');
    expect(screen.getByRole('textbox', { name: /^Fecha de la muestra/ })).toHaveValue('05/01/2026');
    await choose(/^Tipo de muestra/, 'MO + SP');
    await save();
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]).toEqual({
      method: 'PATCH',
      path: `/api/patients/samples/${SAMPLE_ID}`,
      ifMatch: '"3"',
      body: { sampleType: 'MO + SP' },
    });
  });
});
