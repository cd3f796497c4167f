import { describe, expect, it } from 'vitest';
import { type DiagnosticFields, normalizeDiagnostic } from './diagnostics.ts';

const fields: DiagnosticFields = {
  dxDate: '2024-01-10',
  dxSecondary: 'Secundario',
  dxSubType: 'AML',
  subTypeName: 'LMMC',
  organsFailures: null,
  patientFit: 'Fit',
  relapse: true,
  relapseDate: '2024-06-01',
  riskLevel: 'Alto',
  consent: true,
  consentDate: '2024-01-11',
  dxSecondaryDescription: 'post-SMD',
};

describe('a diagnostic as it is kept', () => {
  it('keeps every value that applies', () => {
    expect(normalizeDiagnostic({ ...fields, dxSubType: 'Other' }, false)).toEqual({
      ...fields,
      dxSubType: 'Other',
    });
  });

  it('drops the text of Other for another subtype', () => {
    expect(normalizeDiagnostic(fields, false).subTypeName).toBeNull();
  });

  it('drops the description of an initial diagnosis, or of one without a stage', () => {
    expect(
      normalizeDiagnostic({ ...fields, dxSecondary: 'Inicial' }, false).dxSecondaryDescription,
    ).toBeNull();
    expect(normalizeDiagnostic({ ...fields, dxSecondary: null }, false).dxSecondaryDescription).toBeNull();
  });

  it('drops the relapse date without a relapse, and takes no relapse as false', () => {
    expect(normalizeDiagnostic({ ...fields, relapse: false }, false)).toMatchObject({
      relapse: false,
      relapseDate: null,
    });
    const { relapse: _, ...withoutRelapse } = fields;
    expect(normalizeDiagnostic(withoutRelapse, false)).toMatchObject({ relapse: false, relapseDate: null });
  });

  it('drops the consent date without a consent', () => {
    expect(normalizeDiagnostic({ ...fields, consent: false }, false).consentDate).toBeNull();
  });

  it("gives a biobank's diagnostic the single consent 'Bio Banco', without a date", () => {
    expect(normalizeDiagnostic({ ...fields, consent: false }, true)).toMatchObject({
      consent: true,
      consentDate: null,
    });
  });
});
