import { LAB_REPORT_NAMES, NGS_OP, type Patient } from '@registry/shared';
import type { DocumentPart } from '../read-model/document-sql.ts';

export type Cell = string | number | boolean | null;

/**
 * A text cell that a spreadsheet could run as a formula (`=`, `+`, `-`, `@`, tab, carriage return
 * first) gets a leading `'` (docs/product-rules.md#exports).
 */
export function safeCell(value: Cell | undefined): Cell {
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(value)) {
    return `'${value}`;
  }
  return value ?? null;
}

export interface Column<T> {
  readonly header: string;
  readonly value: (row: T) => Cell | undefined;
}

const FIXED_REPORTS = [...LAB_REPORT_NAMES, NGS_OP] as const;
const reportOf = (patient: Patient, name: string) => patient.reports.find((r) => r.name === name)?.content;

/** One row per patient: identity, demography, first diagnostic, risk, lab reports, treatments, death. */
export const PATIENT_COLUMNS: readonly Column<Patient>[] = [
  { header: 'id', value: (p) => p.id },
  { header: 'identification', value: (p) => p.identification },
  { header: 'codeOP', value: (p) => p.codeOP },
  { header: 'institution', value: (p) => p.institution.name },
  { header: 'institutionCode', value: (p) => p.institution.code },
  { header: 'institutionType', value: (p) => p.institution.type },
  { header: 'doctor', value: (p) => `${p.doctor.first_name} ${p.doctor.last_name}` },
  { header: 'createdAt', value: (p) => p.createdAt },
  { header: 'birthDate', value: (p) => p.demography?.birthDate },
  { header: 'age', value: (p) => p.demography?.age },
  { header: 'gender', value: (p) => p.demography?.gender },
  { header: 'ecog', value: (p) => p.demography?.ecog },
  { header: 'app', value: (p) => p.demography?.app },
  { header: 'dxDate', value: (p) => p.diagnostics[0]?.dxDate },
  { header: 'dxSecondary', value: (p) => p.diagnostics[0]?.dxSecondary },
  { header: 'dxSubType', value: (p) => p.diagnostics[0]?.dxSubType },
  { header: 'dxSecondaryDescription', value: (p) => p.diagnostics[0]?.dxSecondaryDescription },
  { header: 'organsFailures', value: (p) => p.diagnostics[0]?.organsFailures },
  { header: 'patientFit', value: (p) => p.diagnostics[0]?.patientFit },
  { header: 'relapse', value: (p) => p.diagnostics[0]?.relapse },
  { header: 'relapseDate', value: (p) => p.diagnostics[0]?.relapseDate },
  { header: 'dxRiskLevel', value: (p) => p.diagnostics[0]?.riskLevel },
  { header: 'consent', value: (p) => p.diagnostics[0]?.consent },
  { header: 'consentDate', value: (p) => p.diagnostics[0]?.consentDate },
  { header: 'riskLevel', value: (p) => p.riskLevel },
  ...FIXED_REPORTS.map((name) => ({ header: name, value: (p: Patient) => reportOf(p, name) })),
  {
    header: 'otherReports',
    value: (p) =>
      p.reports
        .filter((r) => !(FIXED_REPORTS as readonly string[]).includes(r.name))
        .map((r) => `${r.name}: ${r.content ?? ''}`)
        .join(' | ') || null,
  },
  { header: 'samples', value: (p) => p.samples.length },
  { header: 'treatments', value: (p) => p.treatments.length },
  { header: 'schemes', value: (p) => p.treatments.map((t) => t.scheme ?? '').join(' | ') || null },
  { header: 'deathDate', value: (p) => p.deathDate },
  { header: 'deathCause', value: (p) => p.deathCause },
];

type Diagnostic = Patient['diagnostics'][number];
type Treatment = Patient['treatments'][number];
type Drug = Treatment['drugs'][number];
type Report = Patient['reports'][number];

const owner = <T>(columns: readonly Column<T>[]): Column<{ patient: Patient; item: T }>[] => [
  { header: 'patientId', value: (r) => r.patient.id },
  { header: 'identification', value: (r) => r.patient.identification },
  ...columns.map((column) => ({ header: column.header, value: (r: { item: T }) => column.value(r.item) })),
];

/** A further sheet of the XLSX: the records of one kind, read from one part of the documents. */
export interface Sheet<T> {
  readonly name: string;
  readonly part: DocumentPart;
  readonly rows: (patient: Patient) => T[];
  readonly columns: readonly Column<T>[];
}
const sheet = <T>(spec: Sheet<T>) => spec as unknown as Sheet<unknown>;

/** The further sheets of the XLSX: one row per record, keyed by patient id. */
export const SHEETS: readonly Sheet<unknown>[] = [
  sheet({
    name: 'Diagnostics',
    part: 'diagnostics',
    rows: (p: Patient) => p.diagnostics.map((item) => ({ patient: p, item })),
    columns: owner<Diagnostic>([
      { header: 'diagnosticId', value: (d) => d.id },
      { header: 'dxDate', value: (d) => d.dxDate },
      { header: 'dxSecondary', value: (d) => d.dxSecondary },
      { header: 'dxSubType', value: (d) => d.dxSubType },
      { header: 'dxSecondaryDescription', value: (d) => d.dxSecondaryDescription },
      { header: 'organsFailures', value: (d) => d.organsFailures },
      { header: 'patientFit', value: (d) => d.patientFit },
      { header: 'relapse', value: (d) => d.relapse },
      { header: 'relapseDate', value: (d) => d.relapseDate },
      { header: 'riskLevel', value: (d) => d.riskLevel },
      { header: 'consent', value: (d) => d.consent },
      { header: 'consentDate', value: (d) => d.consentDate },
    ]),
  }),
  sheet({
    name: 'Treatments',
    part: 'treatments',
    rows: (p: Patient) => p.treatments.map((item) => ({ patient: p, item })),
    columns: owner<Treatment>([
      { header: 'treatmentId', value: (t) => t.id },
      { header: 'order', value: (t) => t.order },
      { header: 'scheme', value: (t) => t.scheme },
      { header: 'startDate', value: (t) => t.startDate },
      { header: 'toxicities', value: (t) => t.toxicities },
      { header: 'diseaseAssessment', value: (t) => t.diseaseAssessment },
      { header: 'medulogram', value: (t) => t.medulogram },
      { header: 'medulogramDate', value: (t) => t.medulogramDate },
      { header: 'EMR', value: (t) => t.EMR },
      { header: 'EMRDate', value: (t) => t.EMRDate },
      { header: 'EMRBlasts', value: (t) => t.EMRBlasts },
      { header: 'clinicalMonitoring', value: (t) => t.clinicalMonitoring },
      { header: 'drugs', value: (t) => t.drugs.length },
    ]),
  }),
  sheet({
    name: 'Drugs',
    part: 'treatments',
    rows: (p: Patient) =>
      p.treatments.flatMap((t) => t.drugs.map((item) => ({ patient: p, item: { ...item, treatment: t } }))),
    columns: owner<Drug & { treatment: Treatment }>([
      { header: 'treatmentId', value: (d) => d.treatment.id },
      { header: 'treatmentOrder', value: (d) => d.treatment.order },
      { header: 'drugId', value: (d) => d.id },
      { header: 'order', value: (d) => d.order },
      { header: 'name', value: (d) => d.name },
      { header: 'dose', value: (d) => d.dose },
      { header: 'startApplicationDate', value: (d) => d.startApplicationDate },
      { header: 'lastAplicationDate', value: (d) => d.lastAplicationDate },
    ]),
  }),
  sheet({
    name: 'LabReports',
    part: 'reports',
    rows: (p: Patient) => p.reports.map((item) => ({ patient: p, item })),
    columns: owner<Report>([
      { header: 'name', value: (r) => r.name },
      { header: 'content', value: (r) => r.content },
      { header: 'date', value: (r) => r.date },
      { header: 'file', value: (r) => r.file?.name },
    ]),
  }),
];
