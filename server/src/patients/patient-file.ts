import {
  clinicalDateIssues,
  codeOPSchema,
  consentRefusal,
  createPatientSchema,
  type DiagnosticFields,
  demographyFormSchema,
  diagnosticFieldsSchema,
  diagnosticIssues,
  geneticsInputSchema,
  isBiobank,
  labReportInputSchema,
  NGS_OP,
  type Patient,
  sampleFormSchema,
  splitOther,
  storedChoice,
  treatmentInputSchema,
  updatePatientSchema,
} from '@registry/shared';
import type { z } from 'zod';
import { isMessageKey } from '../http/validation.ts';

/**
 * A patient's whole file as one write sends it (an import's row, an undo): the patient's own fields, its
 * demography and every record, in the API's field names. Records with an `id` are the patient's own,
 * changed in place; records without one are added. Files linked to samples and lab reports are kept.
 * `patientFileIssues` judges a file before any write, with the rules the write applies
 * (`patient-file-write.ts`), so that a dry run and the write agree.
 */
export interface PatientFile {
  readonly identification: string;
  readonly codeOP: number | null;
  readonly demography: {
    readonly birthDate: string | null;
    readonly gender: string | null;
    readonly ecog: number | null;
    readonly app: string | null;
  } | null;
  readonly riskLevel: string | null;
  readonly deathDate: string | null;
  readonly deathCause: string | null;
  readonly lastContactDate: string | null;
  readonly samples: readonly SampleFile[];
  readonly diagnostics: readonly DiagnosticFile[];
  readonly treatments: readonly TreatmentFile[];
  readonly reports: readonly ReportFile[];
}

export interface SampleFile {
  readonly id?: string;
  readonly sampleType: string | null;
  readonly sampleDate: string | null;
}

/** A diagnostic's fields as stored (`dxSubType` a subtype or `Other: text`), and its genetics. */
export interface DiagnosticFile {
  readonly id?: string;
  readonly dxDate: string | null;
  readonly dxSecondary: string | null;
  readonly dxSubType: string | null;
  readonly organsFailures: string | null;
  readonly patientFit: string | null;
  readonly relapse: boolean;
  readonly relapseDate: string | null;
  readonly riskLevel: string | null;
  readonly consent: boolean;
  readonly consentDate: string | null;
  readonly dxSecondaryDescription: string | null;
  readonly wbcAtDiagnosis: number | null;
  readonly marrowBlastsAtDiagnosis: number | null;
  readonly genetics: GeneticsFile | null;
}

export interface GeneticsFile {
  readonly karyotype: string | null;
  readonly karyotypeResult: string | null;
  readonly markers: readonly {
    readonly code: string;
    readonly result: string;
    readonly vaf: number | null;
  }[];
}

export interface TreatmentFile {
  readonly id?: string;
  readonly order: number;
  readonly scheme: string | null;
  readonly startDate: string | null;
  readonly toxicities: string | null;
  readonly diseaseAssessment: string | null;
  readonly diseaseAssessmentDate: string | null;
  readonly medulogram: string | null;
  readonly medulogramDate: string | null;
  readonly EMR: string | null;
  readonly EMRDate: string | null;
  readonly EMRBlasts: number | null;
  readonly EMRStatus: string | null;
  readonly EMRMethod: string | null;
  readonly clinicalMonitoring: string | null;
  readonly drugs: readonly DrugFile[];
}

export interface DrugFile {
  readonly id?: string;
  readonly order: number;
  readonly name: string | null;
  readonly dose: string | null;
  readonly startApplicationDate: string | null;
  readonly lastAplicationDate: string | null;
}

export interface ReportFile {
  readonly id?: string;
  readonly name: string;
  readonly content: string | null;
  readonly date: string | null;
}

/** A patient file as the patient document (an admin's view: every field) holds it. */
export function patientFileOf(patient: Patient): PatientFile {
  return {
    identification: patient.identification,
    codeOP: patient.codeOP ?? null,
    demography: patient.demography
      ? {
          birthDate: patient.demography.birthDate,
          gender: patient.demography.gender,
          ecog: patient.demography.ecog,
          app: patient.demography.app,
        }
      : null,
    riskLevel: patient.riskLevel,
    deathDate: patient.deathDate,
    deathCause: patient.deathCause,
    lastContactDate: patient.lastContactDate,
    samples: patient.samples.map(({ id, sampleType, sampleDate }) => ({ id, sampleType, sampleDate })),
    diagnostics: patient.diagnostics.map(({ genetics, ...diagnostic }) => ({
      ...diagnostic,
      genetics: genetics
        ? {
            karyotype: genetics.karyotype,
            karyotypeResult: genetics.karyotypeResult,
            markers: genetics.markers,
          }
        : null,
    })),
    treatments: patient.treatments.map((treatment) => ({
      ...treatment,
      drugs: treatment.drugs.map((drug) => ({ ...drug })),
    })),
    reports: patient.reports.map(({ id, name, content, date }) => ({ id, name, content, date })),
  };
}

/** The demography step's schema, made once for each kind of institution (a file is judged per row). */
const DEMOGRAPHY = { biobank: demographyFormSchema(true), other: demographyFormSchema(false) };

/** What a file's rules refuse: a message key per field path (`diagnostics.0.dxDate`), or the whole row's. */
export interface FileIssues {
  readonly fields: Record<string, string>;
  /** A refusal of the file as a whole, by error code (`CONSENT_REQUIRED`, `SUBTYPE_OTHER`). */
  readonly codes: string[];
}

function zodIssues(
  schema: z.ZodType,
  value: unknown,
  prefix: string,
  into: Record<string, string>,
): unknown | undefined {
  const parsed = schema.safeParse(value);
  if (parsed.success) {
    return parsed.data;
  }
  for (const issue of parsed.error.issues) {
    const path = `${prefix}${issue.path.join('.')}`.replace(/\.$/, '');
    into[path] ??= isMessageKey(issue.message) ? issue.message : 'validation.invalid';
  }
  return undefined;
}

/** The wire form of a diagnostic: a stored `Other: text` subtype as it is sent. */
export function diagnosticInputOf(diagnostic: DiagnosticFile): DiagnosticFields {
  const { id: _id, genetics: _genetics, ...fields } = diagnostic;
  const subtype = splitOther(fields.dxSubType ?? null);
  return {
    ...fields,
    relapse: fields.relapse ?? undefined,
    consent: fields.consent ?? false,
    dxSubType: subtype.value,
    subTypeName: subtype.text,
  } as DiagnosticFields;
}

/** The wire form of a treatment (its scheme as sent, its drugs), for the shared schema. */
export function treatmentInputOf(treatment: TreatmentFile) {
  const scheme = splitOther(treatment.scheme);
  return {
    ...treatment,
    scheme: scheme.value,
    schemeName: scheme.text,
    drugs: treatment.drugs.map((drug) => ({ ...drug })),
  };
}

const nullsOut = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null && v !== undefined)) as T;

/** A value as JSON with each object's keys sorted, undefined as null: two equal values give one text. */
function canonical(value: unknown): string {
  if (value === undefined || value === null) {
    return 'null';
  }
  if (Array.isArray(value)) {
    return `[${value.map(canonical).join(',')}]`;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Whether two values are the same, whatever the order of their keys (absent and null alike). */
export const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/**
 * The refusals of a patient file as the write would make them (`patient-file-write.ts`), judged against
 * the patient's file as stored (`current`, null for a new patient): each part by its shared schema, the
 * dates of the timeline that change against the rest of it (CONTRACT §5), the diagnostic's and the
 * genetics' own rules, no date in the future, the consent gate before treatments and the doctor's lab
 * reports, and a death cause only with its date. Unchanged records are not judged again, as the write
 * leaves them be.
 */
export function patientFileIssues(
  file: PatientFile,
  current: PatientFile | null,
  context: { readonly institutionType: string; readonly today: string },
): FileIssues {
  const fields: Record<string, string> = {};
  const codes: string[] = [];
  const biobank = isBiobank(context.institutionType);

  zodIssues(createPatientSchema.shape.identification, file.identification, 'identification', fields);
  if (!same(file.codeOP, current?.codeOP ?? null)) {
    zodIssues(codeOPSchema, file.codeOP, 'codeOP', fields);
  }
  const demographyChanged = !same(file.demography, current?.demography ?? null);
  if (demographyChanged || !current) {
    zodIssues(
      DEMOGRAPHY[biobank ? 'biobank' : 'other'],
      nullsOut(file.demography ?? {}),
      'demography.',
      fields,
    );
  }
  const patientFields = {
    riskLevel: file.riskLevel,
    deathDate: file.deathDate,
    deathCause: file.deathCause,
    lastContactDate: file.lastContactDate,
  };
  const changedPatient = Object.fromEntries(
    Object.entries(patientFields).filter(([key, value]) => !same(value, current?.[key as keyof PatientFile])),
  );
  zodIssues(updatePatientSchema, changedPatient, '', fields);
  if (file.deathCause && !file.deathDate) {
    fields.deathDate ??= 'validation.chooseDate';
  }

  // The timeline (CONTRACT §5): the patient's dates that change against its first diagnostic's, and
  // each diagnostic's dates that change against the patient's, as the write judges them.
  const dates = (diagnostic: DiagnosticFile | undefined) => ({
    dxDate: diagnostic?.dxDate ?? null,
    relapseDate: diagnostic?.relapse ? (diagnostic.relapseDate ?? null) : null,
    consentDate: diagnostic?.consent && !biobank ? (diagnostic.consentDate ?? null) : null,
  });
  const own = {
    birthDate: file.demography?.birthDate ?? null,
    deathDate: file.deathDate,
    lastContactDate: file.lastContactDate,
  };
  const storedOwn = {
    birthDate: current?.demography?.birthDate ?? null,
    deathDate: current?.deathDate ?? null,
    lastContactDate: current?.lastContactDate ?? null,
  };
  const paths: Record<string, string> = {
    birthDate: 'demography.birthDate',
    deathDate: 'deathDate',
    lastContactDate: 'lastContactDate',
  };
  const changedOwn = (Object.keys(own) as (keyof typeof own)[]).filter(
    (key) => own[key] !== null && (!current || !same(own[key], storedOwn[key])),
  );
  const ownIssues = clinicalDateIssues({ ...own, ...dates(file.diagnostics[0]) }, changedOwn, context.today);
  for (const [field, key] of Object.entries(ownIssues)) {
    fields[paths[field] ?? field] ??= key;
  }
  file.diagnostics.forEach((diagnostic, i) => {
    const after = dates(diagnostic);
    const stored = current?.diagnostics.find((item) => diagnostic.id && item.id === diagnostic.id);
    const before = stored ? dates(stored) : null;
    const changedDates = (Object.keys(after) as (keyof typeof after)[]).filter(
      (key) => !before || !same(after[key], before[key]),
    );
    for (const [field, key] of Object.entries(
      clinicalDateIssues({ ...own, ...after }, changedDates, context.today),
    )) {
      if (field in after) {
        fields[`diagnostics.${i}.${field}`] ??= key;
      }
    }
  });

  const futureOf = (path: string, value: string | null | undefined) => {
    if (value && value > context.today) {
      fields[path] ??= 'validation.futureDate';
    }
  };
  const currentById = <T extends { id?: string }>(list: readonly T[] | undefined, id: string | undefined) =>
    id ? list?.find((item) => item.id === id) : undefined;

  file.samples.forEach((sample, i) => {
    if (same(sample, currentById(current?.samples, sample.id))) {
      return;
    }
    zodIssues(sampleFormSchema, nullsOut({ ...sample, id: undefined }), `samples.${i}.`, fields);
    futureOf(`samples.${i}.sampleDate`, sample.sampleDate);
  });

  file.diagnostics.forEach((diagnostic, i) => {
    const stored = currentById(current?.diagnostics, diagnostic.id);
    const { genetics, id: _id, ...own } = diagnostic;
    if (!stored || !same(own, { ...stored, id: undefined, genetics: undefined })) {
      const input = diagnosticInputOf(diagnostic);
      const parsed = zodIssues(diagnosticFieldsSchema, nullsOut(input), `diagnostics.${i}.`, fields) as
        | DiagnosticFields
        | undefined;
      if (parsed) {
        for (const [path, key] of Object.entries(diagnosticIssues(parsed, biobank))) {
          fields[`diagnostics.${i}.${path}`] ??= key;
        }
      }
    }
    if (genetics && !same(genetics, stored?.genetics ?? null)) {
      zodIssues(geneticsInputSchema, genetics, `diagnostics.${i}.genetics.`, fields);
    }
  });

  const treatmentsChanged = !same(
    file.treatments,
    (current?.treatments ?? []).filter((t) => file.treatments.some((s) => s.id === t.id)),
  );
  if (treatmentsChanged && file.treatments.length > 0) {
    file.treatments.forEach((treatment, i) => {
      const input = treatmentInputOf(treatment);
      zodIssues(
        treatmentInputSchema,
        nullsOut({
          ...input,
          id: undefined,
          drugs: input.drugs.map((drug) => nullsOut({ ...drug, id: undefined })),
        }),
        `treatments.${i}.`,
        fields,
      );
      for (const date of ['startDate', 'diseaseAssessmentDate', 'medulogramDate', 'EMRDate'] as const) {
        futureOf(`treatments.${i}.${date}`, treatment[date]);
      }
      // Each drug is judged by the treatment's schema, which holds its drugs'.
      treatment.drugs.forEach((drug, j) => {
        futureOf(`treatments.${i}.drugs.${j}.startApplicationDate`, drug.startApplicationDate);
        futureOf(`treatments.${i}.drugs.${j}.lastAplicationDate`, drug.lastAplicationDate);
      });
    });
  }

  const changedReports = file.reports.filter(
    (report) => !same(report, current?.reports.find((stored) => stored.name === report.name) ?? null),
  );
  file.reports.forEach((report, i) => {
    if (!changedReports.includes(report)) {
      return;
    }
    zodIssues(labReportInputSchema, nullsOut({ ...report, id: undefined }), `reports.${i}.`, fields);
    futureOf(`reports.${i}.date`, report.date);
  });

  const gated =
    (treatmentsChanged && file.treatments.length > 0) ||
    changedReports.some((report) => report.name !== NGS_OP);
  if (gated) {
    const first = file.diagnostics[0];
    const refusal = consentRefusal(
      first
        ? { consent: first.consent ?? false, dxSubType: storedChoice(first.dxSubType ?? null, null) }
        : null,
      biobank,
    );
    if (refusal) {
      codes.push(refusal);
    }
  }
  return { fields, codes };
}
