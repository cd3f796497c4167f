import type { Patient } from '@registry/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../lib/i18n.ts';
import { answer, fileAnswer, stubRoutes } from '../../../../test/fetch-routes.ts';
import { renderScreen } from '../../../../test/render.tsx';
import { TEST_DOCTOR } from '../list/test-fixtures.ts';
import { PatientFileScreen } from './patient-file-screen.tsx';
import { BARE, BIOBANK_PATIENT, DOCTOR_VIEW, PATIENT } from './test-patient.ts';

/** Every call answers the patient, or the given answer. */
function stubPatient(patient: Patient | Response) {
  stubRoutes({
    '*': () =>
      patient instanceof Response
        ? patient
        : answer(200, { data: patient }, { etag: `"${patient.version}"` }),
  });
}

const section = (name: RegExp | string) => {
  const control = screen.getByRole('button', { name });
  const item = control.closest('[data-accordion-item], .mantine-Accordion-item') as HTMLElement;
  return within(item);
};

/** The value shown under a field label of the file. */
const shown = (scope: ReturnType<typeof within>, label: string) =>
  scope.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('PatientFileScreen', () => {
  // A zone west of Greenwich: a date read through new Date('yyyy-MM-dd') would show the day before.
  const zone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'America/Argentina/Buenos_Aires';
  });
  afterAll(() => {
    process.env.TZ = zone;
  });
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows a doctor the course above sections 01–05 numbered as the SPEC numbers them, with dd/MM/yyyy dates as recorded, and no death section', async () => {
    stubPatient(DOCTOR_VIEW);
    renderScreen(<PatientFileScreen patientId={PATIENT.id} />, { user: TEST_DOCTOR });
    expect(await screen.findByRole('heading', { level: 1, name: 'HC-0001' })).toBeInTheDocument();
    const controls = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(controls).toEqual([
      'Evolución',
      '01Demografía',
      '02Muestras pretratamiento',
      '03Diagnóstico',
      '04Tratamientos',
      '05Informe de laboratorio',
      'Historial',
    ]);

    const demography = section(/Demografía/);
    expect(shown(demography, 'Fecha de nacimiento')).toBe('01/01/1970');
    expect(shown(demography, 'Edad al diagnóstico')).toBe('54 años');
    expect(shown(demography, 'Sexo')).toBe('Femenino');
    expect(shown(demography, 'Antecedentes patológicos personales')).toBe('Hipertensión arterial');

    const samples = section(/Muestras pretratamiento/);
    expect(shown(samples, 'Fecha de la muestra')).toBe('01/03/2024');
    expect(samples.queryByText('05/05/2024')).not.toBeInTheDocument();

    const diagnostic = section(/Diagnóstico/);
    expect(shown(diagnostic, 'Fecha de diagnóstico')).toBe('02/03/2024');
    expect(shown(diagnostic, 'Subtipo')).toBe('AML M2');
    expect(shown(diagnostic, 'Recaída')).toBe('Sí');
    expect(shown(diagnostic, 'Fecha de recaída')).toBe('10/09/2024');
    expect(shown(diagnostic, 'Consentimiento')).toBe('Sí');
    expect(shown(diagnostic, 'Fecha de consentimiento')).toBe('03/03/2024');
    expect(shown(diagnostic, 'Riesgo del diagnóstico')).toBe('Alto');
    expect(shown(diagnostic, 'Leucocitos al diagnóstico')).toBe('12,5 ×10⁹/L');
    expect(shown(diagnostic, 'Blastos en médula al diagnóstico')).toBe('45 %');

    const lab = section(/Informe de laboratorio/);
    expect(shown(lab, 'Riesgo del informe de laboratorio')).toBe('Medio');
    expect(lab.getByRole('heading', { name: 'Citogenética' })).toBeInTheDocument();
    expect(lab.getByText('FLT3-ITD positivo')).toBeInTheDocument();
    expect(lab.getByText('Fecha: 04/03/2024')).toBeInTheDocument();
    expect(lab.queryByText('NGS OP')).not.toBeInTheDocument();

    expect(screen.queryByRole('button', { name: /^\d\dÓbito$/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Óbito' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Código OP' })).not.toBeInTheDocument();
  });

  it('lists every treatment with its drugs, and shows an Other scheme as its text', async () => {
    stubPatient(DOCTOR_VIEW);
    renderScreen(<PatientFileScreen patientId={PATIENT.id} />, { user: TEST_DOCTOR });
    const first = await screen.findByRole('button', { name: /Tratamiento 1/ });
    expect(first).toHaveTextContent('7+3 AraC + IDA');
    expect(screen.getByRole('button', { name: /Tratamiento 2/ })).toHaveTextContent('Ensayo X');
    const drugs = screen.getByRole('table', { name: 'Drogas — Tratamiento 1' });
    const cells = within(drugs)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual(['Citarabina', '200 mg/m2', '11/03/2024']);
    expect(screen.getByText('No hay drogas cargadas.')).toBeInTheDocument();
    const one = section(/Tratamiento 1/);
    expect(shown(one, 'Blastos EMR')).toBe('2 %');
    expect(shown(one, 'Fecha de inicio')).toBe('05/03/2024');
    expect(shown(one, 'Evaluación de la enfermedad')).toBe('RC (remisión completa)');
    expect(shown(one, 'Fecha de la evaluación')).toBe('15/04/2024');
    expect(shown(one, 'Resultado de la EMR')).toBe('Negativa');
    expect(shown(one, 'Método de la EMR')).toBe('Citometría de flujo');
    expect(shown(one, 'Fecha del medulograma')).toBe('02/04/2024');
  });

  it('says what is missing in each empty section', async () => {
    stubPatient(BARE);
    renderScreen(<PatientFileScreen patientId={PATIENT.id} />, { user: TEST_DOCTOR });
    expect(await screen.findByText('No hay muestras para mostrar.')).toBeInTheDocument();
    expect(screen.getByText('No hay diagnóstico para mostrar.')).toBeInTheDocument();
    expect(screen.getByText('No hay tratamientos para mostrar.')).toBeInTheDocument();
    expect(screen.getByText('No hay información para mostrar.')).toBeInTheDocument();
  });

  it('hides the birth date of a biobank patient and reads consent as BioBanco', async () => {
    stubPatient(BIOBANK_PATIENT);
    renderScreen(<PatientFileScreen patientId={PATIENT.id} />, { user: TEST_DOCTOR });
    await screen.findByRole('heading', { level: 1, name: 'HC-0001' });
    expect(screen.queryByText('Fecha de nacimiento')).not.toBeInTheDocument();
    expect(screen.queryByText('1980')).not.toBeInTheDocument();
    const diagnostic = section(/Diagnóstico/);
    expect(shown(diagnostic, 'Consentimiento')).toBe('BioBanco');
    expect(diagnostic.queryByText('Fecha de consentimiento')).not.toBeInTheDocument();
    expect(diagnostic.queryByText('Fecha de recaída')).not.toBeInTheDocument();
    expect(shown(diagnostic, 'Recaída')).toBe('No');
  });

  it('gives a doctor an edit link on each section, to its wizard step', async () => {
    stubPatient(DOCTOR_VIEW);
    renderScreen(<PatientFileScreen patientId={PATIENT.id} />, { user: TEST_DOCTOR });
    await screen.findByRole('heading', { level: 1, name: 'HC-0001' });
    const links = screen.getAllByRole('link', { name: /^Editar / });
    expect(links.map((link) => [link.getAttribute('aria-label'), link.getAttribute('href')])).toEqual([
      ['Editar Demografía', `/edit-patient/${PATIENT.id}/demography`],
      ['Editar Muestras pretratamiento', `/edit-patient/${PATIENT.id}/samples`],
      ['Editar Diagnóstico', `/edit-patient/${PATIENT.id}/diagnostic`],
      ['Editar Tratamientos', `/edit-patient/${PATIENT.id}/treatments`],
      ['Editar Informe de laboratorio', `/edit-patient/${PATIENT.id}/lab-report`],
    ]);
  });

  it('gives an admin only the lab report link, the code input, NGS OP, and no death button', async () => {
    stubPatient({ ...PATIENT, deathDate: '2025-01-15', deathCause: 'Sepsis' });
    renderScreen(<PatientFileScreen patientId={PATIENT.id} />);
    await screen.findByRole('heading', { level: 1, name: 'HC-0001' });
    const links = screen.getAllByRole('link', { name: /^Editar / });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      `/edit-patient/${PATIENT.id}/lab-report`,
    ]);
    expect(screen.getByRole('textbox', { name: 'Código OP' })).toHaveValue('12');
    expect(screen.getByRole('heading', { name: 'NGS OP' })).toBeInTheDocument();
    const death = section(/06/);
    expect(shown(death, 'Fecha de óbito')).toBe('15/01/2025');
    expect(shown(death, 'Causa de óbito')).toBe('Sepsis');
    expect(screen.queryByRole('button', { name: 'Óbito' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cambiar óbito' })).not.toBeInTheDocument();
  });

  it('shows a doctor the recorded death with a way to change it, and no death button', async () => {
    stubPatient({ ...DOCTOR_VIEW, deathDate: '2025-01-15', deathCause: null });
    renderScreen(<PatientFileScreen patientId={PATIENT.id} />, { user: TEST_DOCTOR });
    expect(await screen.findByRole('button', { name: /06\s*Óbito/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Óbito' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cambiar óbito' }));
    expect(await screen.findByRole('dialog', { name: 'Cambiar óbito' })).toBeInTheDocument();
  });

  it('downloads a file with the token, under the server name', async () => {
    sessionStorage.setItem('token', 'secret-token');
    const names: string[] = [];
    URL.createObjectURL = () => 'blob:x';
    URL.revokeObjectURL = () => undefined;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const api = stubRoutes({
      'GET /api/files/download/:id': () => fileAnswer('%PDF', 'muestra.pdf'),
      '*': () => answer(200, { data: DOCTOR_VIEW }),
    });
    renderScreen(<PatientFileScreen patientId={PATIENT.id} />, { user: TEST_DOCTOR });
    await userEvent.click(await screen.findByRole('button', { name: 'Descargar muestra.pdf' }));
    await waitFor(() => expect(names).toEqual(['muestra.pdf']));
    const call = api.calls.find(({ url }) => url.startsWith('/api/files/'));
    expect(call?.url).toBe(`/api/files/download/${PATIENT.samples[0]?.file?.id}`);
    expect(call?.authorization).toBe('Bearer secret-token');
  });

  it('says the patient does not exist when the API answers 404', async () => {
    stubPatient(answer(404, { statusCode: 404, error: 'x', message: 'No se encontró.', code: 'NOT_FOUND' }));
    renderScreen(<PatientFileScreen patientId={PATIENT.id} />, { user: TEST_DOCTOR });
    expect(await screen.findByText('El paciente no existe.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a pacientes' })).toHaveAttribute('href', '/patients');
  });

  it('shows the load error with a retry when the patient cannot be read', async () => {
    let fail = true;
    stubRoutes({
      '*': () =>
        fail
          ? answer(503, { statusCode: 503, error: 'x', message: 'x', code: 'INTERNAL' })
          : answer(200, { data: DOCTOR_VIEW }),
    });
    renderScreen(<PatientFileScreen patientId={PATIENT.id} />, { user: TEST_DOCTOR });
    expect(
      await screen.findByText(
        'Hubo un problema al intentar obtener los datos del paciente.',
        {},
        { timeout: 8000 },
      ),
    ).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'HC-0001' })).toBeInTheDocument();
  }, 12_000);

  it('names the age after what it is counted to: the first diagnosis, else today', async () => {
    stubPatient({ ...DOCTOR_VIEW, diagnostics: [] });
    renderScreen(<PatientFileScreen patientId={PATIENT.id} />, { user: TEST_DOCTOR });
    await screen.findByRole('heading', { level: 1, name: 'HC-0001' });
    expect(shown(section(/Demografía/), 'Edad actual')).toBe('54 años');
    expect(section(/Demografía/).queryByText('Edad al diagnóstico')).not.toBeInTheDocument();
  });

  it('reads in English', async () => {
    await i18n.changeLanguage('en');
    stubPatient(DOCTOR_VIEW);
    renderScreen(<PatientFileScreen patientId={PATIENT.id} />, { user: TEST_DOCTOR });
    expect(await screen.findByRole('button', { name: /01\s*Demography/ })).toBeInTheDocument();
    expect(shown(section(/Demography/), 'Birth date')).toBe('01/01/1970');
    expect(shown(section(/Demography/), 'Age at diagnosis')).toBe('54 years');
    expect(shown(section(/Lab report/), 'Lab-report risk')).toBe('Medium');
    expect(screen.getByRole('link', { name: 'Edit Diagnostic' })).toBeInTheDocument();
    // The English file names the ELN 2022 responses in English: CR, never the stored RC.
    const one = section(/Treatment 1/);
    expect(shown(one, 'Disease assessment')).toBe('CR (complete remission)');
    expect(shown(one, 'MRD result')).toBe('Negative');
    expect(shown(one, 'MRD method')).toBe('Flow cytometry');
    const course = within(screen.getByRole('list', { name: /^The patient's course/ }));
    expect(course.getByText('First complete remission').closest('li')).toHaveTextContent(
      '15/04/2024First complete remissionCR · Treatment 1',
    );
  });
});
