import type { Patient } from '@registry/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { answer, pageAnswer, stubRoutes } from '../../../test/fetch-routes.ts';
import { renderScreen, TEST_DOCTOR_USER } from '../../../test/render.tsx';
import { PATIENT } from '../../patients/components/file/test-patient.ts';
import { PatientQualitySummary, SectionQueries } from './patient-quality.tsx';
import { StepQuality } from './step-quality.tsx';
import { OPEN_QUERY } from './test-quality.ts';

const FLAGGED: Patient = {
  ...PATIENT,
  id: OPEN_QUERY.patientId,
  quality: [
    {
      rule: 'relapseBeforeDiagnosis',
      severity: 'error',
      step: 'diagnostic',
      fields: ['diagnostics.0.relapseDate'],
      message: 'La recaída es anterior al diagnóstico.',
    },
    {
      rule: 'followUpOverdue',
      severity: 'warning',
      step: 'patient',
      fields: ['lastContactDate'],
      message: 'Sin controles hace más de 12 meses.',
    },
  ],
};

function stubQueries(queries = [OPEN_QUERY]) {
  return stubRoutes({
    'GET /api/queries': () => pageAnswer(queries),
    'POST /api/queries': ({ body }) =>
      answer(201, { data: { ...OPEN_QUERY, field: (body as { field: string | null }).field } }),
  });
}

describe('data quality on the patient file and the wizard', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("lists the patient's findings, each with the way to the step and field where it is corrected", async () => {
    stubQueries([]);
    const { router } = renderScreen(<PatientQualitySummary patient={FLAGGED} />, { user: TEST_DOCTOR_USER });
    const list = screen.getByRole('list', { name: 'Observaciones de calidad del paciente' });
    expect(screen.getByText('1 error · 1 advertencia')).toBeInTheDocument();
    const [error, warning] = within(list).getAllByRole('listitem');
    expect(error).toHaveTextContent('ErrorLa recaída es anterior al diagnóstico.');
    expect(warning).toHaveTextContent('Se corrige en la ficha: Último control');
    // Doctors open no queries.
    expect(screen.queryByRole('button', { name: 'Abrir consulta' })).not.toBeInTheDocument();
    await userEvent.click(
      within(error as HTMLElement).getByRole('link', { name: 'Corregir en «Diagnóstico»: Fecha de recaída' }),
    );
    expect(router.state.location.pathname).toBe(`/edit-patient/${FLAGGED.id}/diagnostic`);
    expect(router.state.location.search).toBe('?field=diagnostics.0.relapseDate');
  });

  it('counts the findings in the plural each number takes, in both languages', async () => {
    stubQueries([]);
    const [error, warning] = FLAGGED.quality;
    if (!(error && warning)) {
      throw new Error('two findings expected');
    }
    const many: Patient = {
      ...FLAGGED,
      quality: [error, { ...error, rule: 'treatmentBeforeDiagnosis' }, warning],
    };
    const { unmount } = renderScreen(<PatientQualitySummary patient={many} />, { user: TEST_DOCTOR_USER });
    expect(screen.getByText('2 errores · 1 advertencia')).toBeInTheDocument();
    unmount();
    await i18n.changeLanguage('en');
    renderScreen(<PatientQualitySummary patient={FLAGGED} />, { user: TEST_DOCTOR_USER });
    expect(screen.getByText('1 error · 1 warning')).toBeInTheDocument();
  });

  it('says so when no rule flags the patient', () => {
    stubQueries([]);
    renderScreen(<PatientQualitySummary patient={PATIENT} />);
    expect(screen.getByText('Ninguna regla de calidad observa a este paciente.')).toBeInTheDocument();
  });

  it("shows a section's queries beside its fields, and lets an admin open one on a field of the section", async () => {
    const api = stubQueries();
    renderScreen(<SectionQueries patient={FLAGGED} section="diagnostic" title="Diagnóstico" />);
    expect(
      await screen.findByRole('article', { name: 'Consulta sobre Fecha de recaída' }),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Abrir consulta en Diagnóstico' }));
    const dialog = await screen.findByRole('dialog', { name: 'Abrir consulta en Diagnóstico' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Campo' }));
    // Only the fields of the section are offered.
    expect(screen.queryByRole('option', { name: 'Fecha de nacimiento' })).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('option', { name: 'Fecha de diagnóstico' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Consulta/ }), '¿Fecha correcta?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar consulta' }));
    await vi.waitFor(() => expect(api.to('POST /api/queries')).toHaveLength(1));
    expect(api.to('POST /api/queries')[0]?.body).toEqual({
      patientId: FLAGGED.id,
      field: 'diagnostics.0.dxDate',
      text: '¿Fecha correcta?',
    });
  });

  it('offers the genetics among the fields a query may name, each marker by its name', async () => {
    const api = stubQueries([]);
    const dx = FLAGGED.diagnostics[0] as Patient['diagnostics'][number];
    const withGenetics: Patient = {
      ...FLAGGED,
      diagnostics: [
        {
          ...dx,
          genetics: {
            karyotype: '46,XX[20]',
            karyotypeResult: 'normal',
            markers: [
              { code: 'NPM1', result: 'positive', vaf: 38.5 },
              { code: 'RUNX1::RUNX1T1', result: 'negative', vaf: null },
            ],
            derived: { parsed: true, message: null, abnormalities: 0, findings: {}, unread: [] },
            updatedAt: '2026-02-01T10:00:00.000Z',
          },
        },
      ],
    };
    renderScreen(<SectionQueries patient={withGenetics} section="diagnostic" title="Diagnóstico" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Abrir consulta en Diagnóstico' }));
    const dialog = await screen.findByRole('dialog', { name: 'Abrir consulta en Diagnóstico' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Campo' }));
    for (const name of ['Cariotipo', 'Resultado del cariotipo', 'NPM1 · Resultado', 'NPM1 · VAF']) {
      expect(await screen.findByRole('option', { name })).toBeInTheDocument();
    }
    // A rearrangement takes no VAF.
    expect(screen.getByRole('option', { name: 'RUNX1::RUNX1T1 · Resultado' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'RUNX1::RUNX1T1 · VAF' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('option', { name: 'NPM1 · VAF' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Consulta/ }), '¿VAF correcta?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar consulta' }));
    await vi.waitFor(() => expect(api.to('POST /api/queries')).toHaveLength(1));
    expect(api.to('POST /api/queries')[0]?.body).toMatchObject({
      field: 'diagnostics.0.genetics.markers.0.vaf',
    });
  });

  it("shows nothing in a doctor's section without queries", async () => {
    const api = stubQueries([]);
    const { container } = renderScreen(
      <SectionQueries patient={FLAGGED} section="samples" title="Muestras" />,
      {
        user: TEST_DOCTOR_USER,
      },
    );
    await vi.waitFor(() => expect(api.to('GET /api/queries')).toHaveLength(1));
    expect(container.querySelector('section')).toBeNull();
  });

  it('shows on a wizard step the findings and waiting queries of its fields, and takes the doctor to the field', async () => {
    stubQueries();
    renderScreen(
      <main>
        <StepQuality patient={FLAGGED} step="diagnostic" />
        <input name="relapseDate" aria-label="Fecha de recaída" />
      </main>,
      { user: TEST_DOCTOR_USER },
    );
    const findings = screen.getByRole('list', { name: 'Observaciones de calidad de este paso' });
    // The follow-up finding is corrected on the file, not on this step.
    expect(within(findings).getAllByRole('listitem')).toHaveLength(1);
    await userEvent.click(within(findings).getByRole('button', { name: 'Ir al campo Fecha de recaída' }));
    expect(screen.getByRole('textbox', { name: 'Fecha de recaída' })).toHaveFocus();
    expect(
      await screen.findByRole('article', { name: 'Consulta sobre Fecha de recaída' }),
    ).toBeInTheDocument();
  });
});
