import type { LabReport } from '@registry/shared';
import { describe, expect, it } from 'vitest';
import { makePatient } from '../test-utils.tsx';
import { isNgsOp, labReportValues, writesEntry } from './lab-report-form.ts';

const report = (name: string, content: string): LabReport => ({
  id: `00000000-0000-4000-8000-00000000000${content.length}`,
  name,
  content,
  date: null,
  file: null,
});

const admin = { isAdmin: true, isDoctor: false };
const doctor = { isAdmin: false, isDoctor: true };

describe('the lab-report form', () => {
  it('knows the NGS OP entry whatever the case of its name', () => {
    expect(isNgsOp('NGS OP')).toBe(true);
    expect(isNgsOp('ngs op')).toBe(true);
    expect(isNgsOp('NGS')).toBe(false);
  });

  it('gives a doctor the five fixed entries, an admin also NGS OP, then the custom ones', () => {
    const patient = makePatient({ reports: [report('Flow panel', 'a'), report('NGS OP', 'bb')] });
    expect(labReportValues(patient, doctor).labReports.map((entry) => entry.name)).toEqual([
      'Immunophenotype',
      'Cytogenetics',
      'Molecular Studies',
      'NGS',
      'Medulograma',
      'Flow panel',
    ]);
    expect(labReportValues(patient, admin).labReports.map((entry) => entry.name)).toEqual([
      'Immunophenotype',
      'Cytogenetics',
      'Molecular Studies',
      'NGS',
      'Medulograma',
      'NGS OP',
      'Flow panel',
    ]);
  });

  it('fills a fixed entry from a report whose name differs only in case', () => {
    const patient = makePatient({ reports: [report('cytogenetics', 'abc')] });
    const entries = labReportValues(patient, doctor).labReports;
    expect(entries.find((entry) => entry.content === 'abc')).toMatchObject({ fixed: true, saved: true });
    expect(entries).toHaveLength(5);
  });

  it('lets admins write the NGS OP entry, and doctors outside a biobank the others', () => {
    expect(writesEntry(admin, false, 'NGS OP')).toBe(true);
    expect(writesEntry(admin, false, 'NGS')).toBe(false);
    expect(writesEntry(doctor, false, 'NGS')).toBe(true);
    expect(writesEntry(doctor, false, 'ngs op')).toBe(false);
    expect(writesEntry(doctor, true, 'NGS')).toBe(false);
  });
});
