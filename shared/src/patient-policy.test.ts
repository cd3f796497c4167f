import { describe, expect, it } from 'vitest';
import {
  canonicalLabReportName,
  consentRefusal,
  defaultPatientSort,
  fixedLabReportNames,
  isBiobank,
  mayWrite,
  patientSortFor,
  seesLabReport,
} from './patient-policy.ts';

const admin = { isAdmin: true, isDoctor: false };
const doctor = { isAdmin: false, isDoctor: true };
const nobody = { isAdmin: false, isDoctor: false };

describe('patient policy', () => {
  it('knows a biobank by its institution type', () => {
    expect(isBiobank('BioBanco')).toBe(true);
    expect(isBiobank('Hospital')).toBe(false);
    expect(isBiobank(undefined)).toBe(false);
  });

  it.each([
    ['clinical', false, { admin: false, doctor: true }],
    ['clinical', true, { admin: false, doctor: true }],
    ['codeOP', false, { admin: true, doctor: false }],
    ['ngsOp', false, { admin: true, doctor: false }],
    ['labReports', false, { admin: false, doctor: true }],
    ['labReports', true, { admin: false, doctor: false }],
  ] as const)('lets %s writes (biobank %s) to %o', (capability, biobank, expected) => {
    expect(mayWrite(admin, capability, biobank)).toBe(expected.admin);
    expect(mayWrite(doctor, capability, biobank)).toBe(expected.doctor);
    expect(mayWrite(nobody, capability, biobank)).toBe(false);
  });

  it('gates treatments and lab reports on consent and a subtype that is not Other, except in a biobank', () => {
    expect(consentRefusal(null, false)).toBe('CONSENT_REQUIRED');
    expect(consentRefusal({ consent: false, dxSubType: 'AML M2' }, false)).toBe('CONSENT_REQUIRED');
    expect(consentRefusal({ consent: true, dxSubType: 'Other: LMMC' }, false)).toBe('SUBTYPE_OTHER');
    expect(consentRefusal({ consent: true, dxSubType: 'AML M2' }, false)).toBeNull();
    expect(consentRefusal({ consent: true, dxSubType: null }, false)).toBeNull();
    expect(consentRefusal(null, true)).toBeNull();
  });

  it('shows the NGS OP entry to admins only, whatever its letter case', () => {
    expect(seesLabReport(admin, 'NGS OP')).toBe(true);
    expect(seesLabReport(doctor, 'ngs op')).toBe(false);
    expect(seesLabReport(doctor, 'NGS')).toBe(true);
    expect(fixedLabReportNames(doctor)).toHaveLength(5);
    expect(fixedLabReportNames(admin)).toEqual([...fixedLabReportNames(doctor), 'NGS OP']);
  });

  it('spells the fixed entries one way and leaves custom names as they are', () => {
    expect(canonicalLabReportName(' molecular studies ')).toBe('Molecular Studies');
    expect(canonicalLabReportName('Citometría extra')).toBe('Citometría extra');
  });

  it('sorts admins by Code OP and doctors by creation, newest first, and never a doctor by Code OP', () => {
    expect(defaultPatientSort(admin)).toEqual({ orderBy: 'codeOP', order: 'desc' });
    expect(defaultPatientSort(doctor)).toEqual({ orderBy: 'createdAt', order: 'desc' });
    expect(patientSortFor(doctor, { orderBy: 'codeOP', order: 'asc' })).toEqual({
      orderBy: 'createdAt',
      order: 'asc',
    });
    expect(patientSortFor(admin, { orderBy: 'createdAt' })).toEqual({ orderBy: 'createdAt', order: 'desc' });
  });
});
