import { describe, expect, it } from 'vitest';
import { type CourseTreatment, courseOf } from './course.ts';

const dx = { dxDate: '2024-01-10', relapse: false, relapseDate: null };
const treatment = (overrides: Partial<CourseTreatment>): CourseTreatment => ({
  order: 1,
  scheme: '7+3 AraC + IDA',
  startDate: '2024-01-12',
  diseaseAssessment: null,
  diseaseAssessmentDate: null,
  medulogramDate: null,
  EMRStatus: null,
  EMRDate: null,
  ...overrides,
});

describe('the course of a patient (CONTRACT §11, ELN 2022 Tables 7 and 8)', () => {
  describe('the first complete remission', () => {
    it('is the earliest CR, CRh or CRi dated on or after the diagnosis', () => {
      const course = courseOf(dx, [
        treatment({ diseaseAssessment: 'RCi', diseaseAssessmentDate: '2024-02-20' }),
        treatment({
          order: 2,
          startDate: '2024-03-01',
          diseaseAssessment: 'RC',
          diseaseAssessmentDate: '2024-04-01',
        }),
      ]);
      expect(course.firstCR).toEqual({ date: '2024-02-20', category: 'RCi', treatmentOrder: 1 });
    });

    it('is not a partial remission or a morphologic leukaemia-free state', () => {
      const course = courseOf(dx, [
        treatment({ diseaseAssessment: 'MLFS', diseaseAssessmentDate: '2024-02-20' }),
        treatment({ order: 2, diseaseAssessment: 'RP', diseaseAssessmentDate: '2024-03-20' }),
      ]);
      expect(course.firstCR).toBeNull();
    });

    it('takes the medulogram’s date for a response sent without its own', () => {
      const course = courseOf(dx, [treatment({ diseaseAssessment: 'RCh', medulogramDate: '2024-02-18' })]);
      expect(course.firstCR?.date).toBe('2024-02-18');
    });

    it('leaves out a response without any date, and one dated before the diagnosis', () => {
      expect(courseOf(dx, [treatment({ diseaseAssessment: 'RC' })]).firstCR).toBeNull();
      expect(
        courseOf(dx, [treatment({ diseaseAssessment: 'RC', diseaseAssessmentDate: '2023-12-01' })]).firstCR,
      ).toBeNull();
    });
  });

  describe('MRD negativity in the first remission', () => {
    const inCR = treatment({ diseaseAssessment: 'RC', diseaseAssessmentDate: '2024-02-20' });

    it('is unknown without a first remission, or without an MRD result after it', () => {
      expect(
        courseOf(dx, [treatment({ EMRStatus: 'negative', EMRDate: '2024-02-25' })]).mrdNegativeInCR,
      ).toBeNull();
      expect(courseOf(dx, [inCR]).mrdNegativeInCR).toBeNull();
      expect(
        courseOf(dx, [{ ...inCR, EMRStatus: 'not_done', EMRDate: '2024-02-25' }]).mrdNegativeInCR,
      ).toBeNull();
    });

    it('is true for a negative result on or after the CR and before any relapse', () => {
      expect(courseOf(dx, [{ ...inCR, EMRStatus: 'negative', EMRDate: '2024-02-20' }]).mrdNegativeInCR).toBe(
        true,
      );
      const relapsed = { ...dx, relapse: true, relapseDate: '2024-06-01' };
      expect(
        courseOf(relapsed, [{ ...inCR, EMRStatus: 'negative', EMRDate: '2024-06-02' }]).mrdNegativeInCR,
      ).toBeNull();
    });

    it('is false when the results in the remission are positive', () => {
      expect(courseOf(dx, [{ ...inCR, EMRStatus: 'positive', EMRDate: '2024-02-25' }]).mrdNegativeInCR).toBe(
        false,
      );
    });

    it('is true when a later result is negative after a positive one', () => {
      const course = courseOf(dx, [
        { ...inCR, EMRStatus: 'positive', EMRDate: '2024-02-25' },
        treatment({ order: 2, startDate: '2024-03-01', EMRStatus: 'negative', EMRDate: '2024-04-10' }),
      ]);
      expect(course.mrdNegativeInCR).toBe(true);
    });
  });

  describe('induction failure', () => {
    it('is unknown when the first treatment was not assessed, or not evaluable', () => {
      expect(courseOf(dx, [treatment({})]).inductionFailure).toBeNull();
      expect(
        courseOf(dx, [treatment({ diseaseAssessment: 'NE', diseaseAssessmentDate: '2024-02-20' })])
          .inductionFailure,
      ).toBeNull();
    });

    it('is true for a refractory or progressive induction with no CR before the next treatment', () => {
      for (const response of ['NR', 'EP'] as const) {
        const course = courseOf(dx, [
          treatment({ diseaseAssessment: response, diseaseAssessmentDate: '2024-02-20' }),
          treatment({
            order: 2,
            startDate: '2024-03-01',
            diseaseAssessment: 'RC',
            diseaseAssessmentDate: '2024-04-01',
          }),
        ]);
        expect(course.inductionFailure).toBe(true);
      }
    });

    it('is false for an induction that reached a remission or a partial one', () => {
      expect(
        courseOf(dx, [treatment({ diseaseAssessment: 'RC', diseaseAssessmentDate: '2024-02-20' })])
          .inductionFailure,
      ).toBe(false);
      expect(
        courseOf(dx, [treatment({ diseaseAssessment: 'RP', diseaseAssessmentDate: '2024-02-20' })])
          .inductionFailure,
      ).toBe(false);
    });
  });

  describe('the transplant', () => {
    const cr = treatment({ diseaseAssessment: 'RC', diseaseAssessmentDate: '2024-02-20' });

    it('is the first allogeneic or autologous transplant, in CR1 between the first CR and any relapse', () => {
      const course = courseOf(dx, [
        cr,
        treatment({ order: 2, scheme: 'AloTCHP', startDate: '2024-06-01' }),
        treatment({ order: 3, scheme: 'AutoTCPH', startDate: '2024-09-01' }),
      ]);
      expect(course.transplant).toEqual({ date: '2024-06-01', type: 'allo', inCR1: true });
    });

    it('is not in CR1 after a relapse, or without a remission', () => {
      const relapsed = { ...dx, relapse: true, relapseDate: '2024-05-01' };
      expect(
        courseOf(relapsed, [cr, treatment({ order: 2, scheme: 'AutoTCPH', startDate: '2024-06-01' })])
          .transplant,
      ).toEqual({ date: '2024-06-01', type: 'auto', inCR1: false });
      expect(
        courseOf(dx, [treatment({ scheme: 'AloTCHP', startDate: '2024-06-01' })]).transplant?.inCR1,
      ).toBe(false);
    });

    it('is none without a transplant scheme', () => {
      expect(courseOf(dx, [cr]).transplant).toBeNull();
    });
  });
});
