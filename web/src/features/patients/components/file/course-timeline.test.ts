import type { Patient } from '@registry/shared';
import { describe, expect, it } from 'vitest';
import { courseTimeline } from './course-timeline.ts';
import { BARE, DOCTOR_VIEW } from './test-patient.ts';

const [induction, second] = DOCTOR_VIEW.treatments as [Patient['treatments'][0], Patient['treatments'][0]];

/** Induction to a CR with negative MRD, an allogeneic transplant in CR1, a relapse, and a last contact. */
const TRANSPLANTED: Patient = {
  ...DOCTOR_VIEW,
  treatments: [induction, { ...second, scheme: 'AloTCHP', startDate: '2024-07-01' }],
  course: {
    ...DOCTOR_VIEW.course,
    transplant: { date: '2024-07-01', type: 'allo', inCR1: true },
  },
  lastContactDate: '2024-12-01',
};

const steps = (patient: Patient) => courseTimeline(patient).map((event) => [event.kind, event.date]);

describe('the course timeline', () => {
  it('goes from the diagnosis through the first CR, MRD and transplant to the relapse and the last contact', () => {
    expect(steps(TRANSPLANTED)).toEqual([
      ['diagnosis', '2024-03-02'],
      ['induction', '2024-03-05'],
      ['firstCR', '2024-04-15'],
      ['mrd', '2024-04-20'],
      ['transplant', '2024-07-01'],
      ['relapse', '2024-09-10'],
      ['lastKnownAlive', '2024-12-01'],
    ]);
    const events = courseTimeline(TRANSPLANTED);
    expect(events).toContainEqual({ kind: 'firstCR', date: '2024-04-15', response: 'RC', treatmentOrder: 1 });
    expect(events).toContainEqual({ kind: 'mrd', date: '2024-04-20', negative: true, method: 'flow' });
    expect(events).toContainEqual({ kind: 'transplant', date: '2024-07-01', type: 'allo', inCR1: true });
  });

  it('ends at the death instead of the last day known alive', () => {
    const dead = { ...TRANSPLANTED, deathDate: '2025-01-05', lastContactDate: '2024-12-01' };
    expect(steps(dead).at(-1)).toEqual(['death', '2025-01-05']);
    expect(steps(dead).map(([kind]) => kind)).not.toContain('lastKnownAlive');
  });

  it('shows a failed induction and the later CR that rescued it, in time order', () => {
    const refractory: Patient = {
      ...DOCTOR_VIEW,
      diagnostics: DOCTOR_VIEW.diagnostics.map((dx) => ({ ...dx, relapse: false, relapseDate: null })),
      treatments: [
        { ...induction, diseaseAssessment: 'NR', diseaseAssessmentDate: '2024-04-10', EMRStatus: null },
        {
          ...second,
          scheme: 'FLAG-Ida',
          startDate: '2024-04-20',
          diseaseAssessment: 'RCi',
          diseaseAssessmentDate: '2024-05-30',
        },
      ],
      course: {
        firstCR: { date: '2024-05-30', category: 'RCi', treatmentOrder: 2 },
        mrdNegativeInCR: null,
        inductionFailure: false,
        transplant: null,
      },
    };
    expect(steps(refractory)).toEqual([
      ['diagnosis', '2024-03-02'],
      ['induction', '2024-03-05'],
      ['response', '2024-04-10'],
      ['firstCR', '2024-05-30'],
      ['lastKnownAlive', '2024-05-30'],
    ]);
    expect(courseTimeline(refractory)[2]).toEqual({
      kind: 'response',
      date: '2024-04-10',
      response: 'NR',
      inductionFailure: false,
    });
  });

  it('puts a transplant after a relapse when it came after it, and keeps an undated step after the one before', () => {
    const salvage: Patient = {
      ...TRANSPLANTED,
      diagnostics: DOCTOR_VIEW.diagnostics.map((dx) => ({ ...dx, relapseDate: '2024-06-01' })),
      course: { ...TRANSPLANTED.course, transplant: { date: null, type: 'auto', inCR1: false } },
    };
    expect(steps(salvage).map(([kind]) => kind)).toEqual([
      'diagnosis',
      'induction',
      'firstCR',
      'mrd',
      'transplant',
      'relapse',
      'lastKnownAlive',
    ]);
    const later: Patient = {
      ...salvage,
      course: { ...salvage.course, transplant: { date: '2024-08-01', type: 'auto', inCR1: false } },
    };
    expect(steps(later).slice(3, 6)).toEqual([
      ['mrd', '2024-04-20'],
      ['relapse', '2024-06-01'],
      ['transplant', '2024-08-01'],
    ]);
  });

  it('dates the MRD of the CR by its assessment when the MRD has no date of its own', () => {
    const undated: Patient = {
      ...TRANSPLANTED,
      treatments: [{ ...induction, EMRDate: null }, TRANSPLANTED.treatments[1] as Patient['treatments'][0]],
    };
    expect(courseTimeline(undated)).toContainEqual({
      kind: 'mrd',
      date: '2024-04-15',
      negative: true,
      method: 'flow',
    });
  });

  it('has nothing to show for a patient with demography only', () => {
    expect(courseTimeline(BARE)).toEqual([]);
  });
});
