import { describe, expect, it } from 'vitest';
import { followsBiobankRules, mayRecordTreatments } from './steps.ts';
import { ADMIN, BIOBANK_DOCTOR, consentedDiagnostic, DOCTOR, makePatient } from './test-utils.tsx';

describe('the wizard mirrors the shared patient policy', () => {
  it("follows the patient's institution, or the doctor's before the patient exists", () => {
    expect(followsBiobankRules(makePatient({}, true), DOCTOR)).toBe(true);
    expect(followsBiobankRules(makePatient(), BIOBANK_DOCTOR)).toBe(false);
    expect(followsBiobankRules(undefined, BIOBANK_DOCTOR)).toBe(true);
    expect(followsBiobankRules(undefined, ADMIN)).toBe(false);
  });

  it('opens treatments only after a consented diagnostic whose subtype is not Other', () => {
    expect(mayRecordTreatments(makePatient(), DOCTOR)).toBe(false);
    expect(mayRecordTreatments(makePatient({ diagnostics: [consentedDiagnostic] }), DOCTOR)).toBe(true);
    const other = { ...consentedDiagnostic, dxSubType: 'Other: mixed lineage' };
    expect(mayRecordTreatments(makePatient({ diagnostics: [other] }), DOCTOR)).toBe(false);
    const refused = { ...consentedDiagnostic, consent: false };
    expect(mayRecordTreatments(makePatient({ diagnostics: [refused] }), DOCTOR)).toBe(false);
  });

  it('lets biobank doctors and admins past the consent gate', () => {
    expect(mayRecordTreatments(makePatient({}, true), BIOBANK_DOCTOR)).toBe(true);
    expect(mayRecordTreatments(makePatient(), ADMIN)).toBe(true);
  });
});
