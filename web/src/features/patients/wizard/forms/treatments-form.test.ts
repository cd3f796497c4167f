import { describe, expect, it } from 'vitest';
import {
  emptyDrug,
  emptyTreatment,
  type TreatmentsValues,
  treatmentsResolver,
  treatmentsWire,
} from './treatments-form.ts';

const options = { fields: {}, shouldUseNativeValidation: false };

async function errorsOf(values: TreatmentsValues) {
  return (await treatmentsResolver(values, undefined, options)).errors;
}

describe('the treatments form', () => {
  it("says 'must choose a date' for an invalid treatment or drug date", async () => {
    const errors = await errorsOf({
      treatments: [
        {
          ...emptyTreatment(),
          startDate: '2026-02-30',
          drugs: [{ ...emptyDrug(), name: 'Citarabina', lastAplicationDate: 'mañana' }],
        },
      ],
    });
    expect(errors.treatments?.[0]?.startDate?.message).toBe('validation.chooseDate');
    expect(errors.treatments?.[0]?.drugs?.[0]?.lastAplicationDate?.message).toBe('validation.chooseDate');
  });

  it('refuses half-typed blasts rather than sending the number they may become', async () => {
    const halfTyped = await errorsOf({ treatments: [{ ...emptyTreatment(), EMRBlasts: '7.' }] });
    expect(halfTyped.treatments?.[0]?.EMRBlasts?.message).toBe('validation.percentRange');
    const wire = treatmentsWire({
      treatments: [
        { ...emptyTreatment(), EMRBlasts: '7.50' },
        { ...emptyTreatment(), EMRBlasts: '' },
      ],
    });
    expect(wire.treatments.map((item) => item.EMRBlasts)).toEqual([7.5, null]);
  });

  it('asks for the name of an Other scheme and of every drug', async () => {
    const errors = await errorsOf({
      treatments: [{ ...emptyTreatment(), scheme: 'Other', drugs: [emptyDrug()] }],
    });
    expect(errors.treatments?.[0]?.schemeName?.message).toBe('validation.required');
    expect(errors.treatments?.[0]?.drugs?.[0]?.name?.message).toBe('validation.required');
  });

  it('numbers treatments and drugs by their place and keeps the ids of saved ones', () => {
    const wire = treatmentsWire({
      treatments: [
        { ...emptyTreatment(), recordId: 'a', EMRBlasts: 4.5 },
        { ...emptyTreatment(), drugs: [emptyDrug(), { ...emptyDrug(), recordId: 'd', name: ' Ara-C ' }] },
      ],
    });
    expect(wire.treatments.map((item) => [item.id, item.order, item.EMRBlasts])).toEqual([
      ['a', 1, 4.5],
      [undefined, 2, null],
    ]);
    expect(wire.treatments[1]?.drugs.map((drug) => [drug.id, drug.order, drug.name])).toEqual([
      [undefined, 1, ''],
      ['d', 2, 'Ara-C'],
    ]);
  });

  it('asks for the date of a response, and refuses one before the treatment started', async () => {
    const undated = await errorsOf({
      treatments: [{ ...emptyTreatment(), startDate: '2026-01-10', diseaseAssessment: 'RC' }],
    });
    expect(undated.treatments?.[0]?.diseaseAssessmentDate?.message).toBe('validation.chooseDate');
    const early = await errorsOf({
      treatments: [
        {
          ...emptyTreatment(),
          startDate: '2026-01-10',
          diseaseAssessment: 'RC',
          diseaseAssessmentDate: '2026-01-09',
        },
      ],
    });
    expect(early.treatments?.[0]?.diseaseAssessmentDate?.message).toBe('validation.beforeStart');
    const dated = await errorsOf({
      treatments: [
        {
          ...emptyTreatment(),
          startDate: '2026-01-10',
          diseaseAssessment: 'RC',
          diseaseAssessmentDate: '2026-01-10',
        },
      ],
    });
    expect(dated).toEqual({});
  });

  it('sends the response date and the MRD result and method as chosen', () => {
    const wire = treatmentsWire({
      treatments: [
        {
          ...emptyTreatment(),
          diseaseAssessment: 'RCi',
          diseaseAssessmentDate: '2026-02-20',
          EMRStatus: 'negative',
          EMRMethod: 'NGS',
        },
        emptyTreatment(),
      ],
    });
    expect(
      wire.treatments.map((item) => [
        item.diseaseAssessment,
        item.diseaseAssessmentDate,
        item.EMRStatus,
        item.EMRMethod,
      ]),
    ).toEqual([
      ['RCi', '2026-02-20', 'negative', 'NGS'],
      [null, null, null, null],
    ]);
  });
});
