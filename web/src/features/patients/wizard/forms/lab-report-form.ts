import {
  canonicalLabReportName,
  type FileRef,
  fixedLabReportNames,
  type LabReport,
  type LabReportInput,
  labReportsFormSchema,
  mayWrite,
  NGS_OP,
  type Patient,
  type PolicyUser,
  type Risk,
  updatePatientSchema,
} from '@registry/shared';
import { textOrNull, wireResolver } from './form-resolver.ts';
import { uploadIssues } from './sample-form.ts';

/** One lab-report entry as the form holds it. */
export interface ReportValues {
  name: string;
  /** A fixed entry (Immunophenotype … Medulograma, NGS OP): its name cannot change. */
  fixed: boolean;
  /** Already stored: the entry is upserted even when emptied. */
  saved: boolean;
  content: string;
  date: string | null;
  /** The file the entry links already. */
  current: FileRef | null;
  /** A JPG or PDF chosen now, uploaded when the step is saved. */
  upload: File | null;
}

export interface LabReportValues {
  riskLevel: Risk | null;
  labReports: ReportValues[];
}

/** Whether an entry is the admins' NGS OP, whatever the case of its name. */
export const isNgsOp = (name: string) => canonicalLabReportName(name) === NGS_OP;

/** Whether the user writes an entry: admins the NGS OP one, doctors outside a biobank the others. */
export function writesEntry(user: PolicyUser, biobank: boolean, name: string): boolean {
  return mayWrite(user, isNgsOp(name) ? 'ngsOp' : 'labReports', biobank);
}

function entry(name: string, fixed: boolean, report: LabReport | undefined): ReportValues {
  return {
    name: report?.name ?? name,
    fixed,
    saved: Boolean(report),
    content: report?.content ?? '',
    date: report?.date ?? null,
    current: report?.file ?? null,
    upload: null,
  };
}

export const emptyReport = (): ReportValues => entry('', false, undefined);

/** The fixed entries the user sees, in their order (admins also NGS OP), then the patient's custom ones. */
export function labReportValues(patient: Patient, user: Pick<PolicyUser, 'isAdmin'>): LabReportValues {
  const fixed = fixedLabReportNames(user);
  const custom = patient.reports.filter(
    (report) => !isNgsOp(report.name) && !fixed.includes(canonicalLabReportName(report.name)),
  );
  return {
    riskLevel: patient.riskLevel,
    labReports: [
      ...fixed.map((name) =>
        entry(
          name,
          true,
          patient.reports.find((report) => canonicalLabReportName(report.name) === name),
        ),
      ),
      ...custom.map((report) => entry(report.name, false, report)),
    ],
  };
}

/** One entry as sent (the file's id is added once it is uploaded). */
export function reportWire(values: ReportValues): LabReportInput {
  return { name: values.name.trim(), content: textOrNull(values.content), date: values.date };
}

/**
 * docs/product-rules.md#validation: each entry's name required (a custom one's is typed), names not
 * repeated, dates valid.
 */
export const labReportResolver = wireResolver<LabReportValues>(
  labReportsFormSchema.extend({ riskLevel: updatePatientSchema.shape.riskLevel }),
  (values) => ({ riskLevel: values.riskLevel, labReports: values.labReports.map(reportWire) }),
  async (values) => {
    const issues = await Promise.all(
      values.labReports.map((report, index) => uploadIssues(`labReports.${index}.upload`, report.upload)),
    );
    return Object.assign({}, ...issues);
  },
);
