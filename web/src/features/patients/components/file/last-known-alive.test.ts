import { describe, expect, it } from 'vitest';
import { lastKnownAlive } from './last-known-alive.ts';
import { BARE, DOCTOR_VIEW } from './test-patient.ts';

describe('lastKnownAlive', () => {
  it('is the latest date recorded anywhere in the file', () => {
    // The relapse (2024-09-10) is later than every sample, treatment, drug and lab report.
    expect(lastKnownAlive(DOCTOR_VIEW)).toBe('2024-09-10');
  });

  it('takes the last contact when it is the latest', () => {
    expect(lastKnownAlive({ ...DOCTOR_VIEW, lastContactDate: '2025-02-01' })).toBe('2025-02-01');
  });

  it('takes a drug application or a lab report when it is the latest', () => {
    const treatments = DOCTOR_VIEW.treatments.map((treatment) => ({
      ...treatment,
      drugs: treatment.drugs.map((drug) => ({ ...drug, lastAplicationDate: '2025-03-03' })),
    }));
    const withDrug = { ...DOCTOR_VIEW, treatments };
    expect(lastKnownAlive(withDrug)).toBe('2025-03-03');
    const report = { id: '1', name: 'NGS', content: null, date: '2025-04-04', file: null };
    expect(lastKnownAlive({ ...DOCTOR_VIEW, reports: [report] })).toBe('2025-04-04');
  });

  it('leaves out the dates after the death', () => {
    const dead = { ...DOCTOR_VIEW, deathDate: '2024-06-01', lastContactDate: '2024-05-20' };
    // The relapse (2024-09-10) comes after the death: a record entered late does not count.
    expect(lastKnownAlive(dead)).toBe('2024-05-20');
  });

  it('counts a date on the day of the death', () => {
    expect(lastKnownAlive({ ...DOCTOR_VIEW, deathDate: '2024-09-10' })).toBe('2024-09-10');
  });

  it('is null for a file with no dates', () => {
    expect(lastKnownAlive(BARE)).toBeNull();
  });
});
