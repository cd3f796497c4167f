import type { Patient } from '@registry/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../../lib/i18n.ts';
import { renderScreen } from '../../../../test/render.tsx';
import { CourseSection } from './course-section.tsx';
import { BARE, DOCTOR_VIEW } from './test-patient.ts';

const [induction, second] = DOCTOR_VIEW.treatments as [Patient['treatments'][0], Patient['treatments'][0]];

const TRANSPLANTED: Patient = {
  ...DOCTOR_VIEW,
  treatments: [induction, { ...second, scheme: 'AloTCHP', startDate: '2024-07-01' }],
  course: { ...DOCTOR_VIEW.course, transplant: { date: '2024-07-01', type: 'allo', inCR1: true } },
  deathDate: '2025-01-05',
};

/** Each step of the list as read: its date, what happened and its detail. */
const stepsOf = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('the course section', () => {
  afterEach(async () => {
    await i18n.changeLanguage('es');
  });

  it('lists the course in order, dated, in Spanish', async () => {
    await i18n.changeLanguage('es');
    renderScreen(<CourseSection patient={TRANSPLANTED} />);
    const list = screen.getByRole('list', { name: 'Evolución del paciente, del diagnóstico al último dato' });
    expect(list.tagName).toBe('OL');
    expect(stepsOf(list)).toEqual([
      '02/03/2024DiagnósticoAML M2',
      '05/03/2024Inducción7+3 AraC + IDA',
      '15/04/2024Primera remisión completaRC · Tratamiento 1',
      '20/04/2024EMR en remisión completaNegativa · Citometría de flujo',
      '01/07/2024TrasplanteAlogénico · En primera remisión completa (RC1)',
      '10/09/2024Recaída',
      '05/01/2025Óbito',
    ]);
    expect(within(list).getByText('15/04/2024').closest('time')).toHaveAttribute('datetime', '2024-04-15');
  });

  it('names the responses in English: CR and PD, never the stored RC and EP', async () => {
    await i18n.changeLanguage('en');
    const refractory: Patient = {
      ...DOCTOR_VIEW,
      treatments: [{ ...induction, diseaseAssessment: 'EP', diseaseAssessmentDate: '2024-04-10' }],
      course: { firstCR: null, mrdNegativeInCR: null, inductionFailure: true, transplant: null },
    };
    renderScreen(<CourseSection patient={refractory} />);
    const list = screen.getByRole('list', {
      name: "The patient's course, from diagnosis to the last record",
    });
    expect(stepsOf(list)).toEqual([
      '02/03/2024DiagnosisAML M2',
      '05/03/2024Induction7+3 AraC + IDA',
      '10/04/2024Response to inductionPD · Induction failure',
      '10/09/2024Relapse',
      '10/09/2024Last known alive',
    ]);
  });

  it('says when a step has no date', async () => {
    renderScreen(
      <CourseSection
        patient={{
          ...TRANSPLANTED,
          course: { ...TRANSPLANTED.course, transplant: { date: null, type: 'auto', inCR1: false } },
        }}
      />,
    );
    expect(screen.getByText('Trasplante').closest('li')).toHaveTextContent(
      'Sin fechaTrasplanteAutólogo · Fuera de la primera remisión completa',
    );
  });

  it('says there is no course yet for a patient with demography only', () => {
    renderScreen(<CourseSection patient={BARE} />);
    expect(screen.getByText('Todavía no hay datos de la evolución para mostrar.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});
