import {
  assessmentDateOf,
  COMPLETE_REMISSIONS,
  COURSE_VERSION,
  type Course,
  type CourseTreatment,
  classifyEln2022,
  classifyEln2024,
  countFindings,
  courseOf,
  DEFAULT_LANGUAGE,
  type Diagnostic,
  deriveGenetics,
  ELN2022_VERSION,
  ELN2024_VERSION,
  type Eln,
  type Eln2024,
  elnInputBit,
  elnInputsPresent,
  evaluateQuality,
  followUpFrom,
  followUpOverdueFrom,
  type GeneticMarker,
  type Genetics,
  LANGUAGES,
  type Language,
  lastKnownAliveOf,
  type QualityInput,
  resolveMarkers,
  type Sex,
} from '@registry/shared';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import type { ElnDetail } from '../../db/schema.ts';
import { rowsOf } from '../../db/statements.ts';

/**
 * What the code derives from a patient's records, for the read model to keep beside them: rules of
 * TypeScript that SQL does not hold (docs/decisions/014). The write frame derives it for the patients
 * it wrote, from their stored records, and hands it to the projection's function in the same
 * transaction; the patient file derives it again as it reads the records.
 */

/**
 * The revision of what `derive` computes: part of the projection's digest, so that a change of the
 * classification or of the karyotype's reading rebuilds every row of the list as the server starts.
 * Change it with the code of either.
 */
export const DERIVED_REVISION = `${ELN2022_VERSION} · ${ELN2024_VERSION} · ${COURSE_VERSION} · 2 · quality 2`;

/**
 * A diagnostic's genetics with the karyotype read by this version of the reader; with a language, the
 * reader's message is worded in it (the caller's), quoting the text as typed.
 */
export function currentGenetics(genetics: Genetics | null | undefined, language?: Language): Genetics | null {
  return genetics ? { ...genetics, derived: deriveGenetics(genetics.karyotype, language) } : null;
}

/** The ELN 2022 genetic risk of a patient: that of the first diagnostic (CONTRACT §10). */
export function eln2022Of(
  diagnostics: readonly Pick<Diagnostic, 'dxSubType' | 'genetics'>[],
  language: Language = DEFAULT_LANGUAGE,
): Eln {
  const first = diagnostics[0];
  return classifyEln2022(first?.dxSubType ?? null, currentGenetics(first?.genetics), language);
}

/**
 * The ELN 2024 genetic risk for less-intensive therapy (CONTRACT §10b): that of the first diagnostic,
 * when the first line (the treatment with order 1) is less intensive.
 */
export function eln2024Of(
  diagnostics: readonly Pick<Diagnostic, 'dxSubType' | 'dxSecondary' | 'genetics'>[],
  treatments: readonly Pick<CourseTreatment, 'order' | 'scheme'>[],
  language: Language = DEFAULT_LANGUAGE,
): Eln2024 {
  const first = diagnostics[0];
  const firstLine = treatments.find((treatment) => treatment.order === 1);
  return classifyEln2024(
    first?.dxSubType ?? null,
    currentGenetics(first?.genetics),
    { firstScheme: firstLine?.scheme ?? null, dxSecondary: first?.dxSecondary ?? null },
    language,
  );
}

/** An ELN classification's words in each language, as the read model keeps them (the JSON export reads them). */
function detailOf(of: (language: Language) => Eln): ElnDetail {
  return Object.fromEntries(
    LANGUAGES.map((language) => {
      const { category: _category, ...words } = of(language);
      return [language, words];
    }),
  ) as ElnDetail;
}

/** What the list's row keeps of a patient's derived facts. */
export interface Derived {
  readonly eln2022: Eln['category'];
  readonly eln2022Detail: ElnDetail;
  readonly eln2024: Eln2024['category'];
  readonly eln2024Detail: ElnDetail;
  /** Each marker as the classification reads it: entered, or implied by the karyotype. */
  readonly geneticMarkers: Partial<Record<GeneticMarker, { result: string; vaf: number | null }>> | null;
  readonly karyotype: string | null;
  readonly karyotypeResult: string | null;
  /** The ELN 2022 inputs the patient has, one bit each (`elnInputBit`): what the coordinator's view counts. */
  readonly elnInputs: number;
  /** The first line's assessment date (its own, else its medulogram's): the response's date. */
  readonly firstResponseDate: string | null;
  readonly firstCrDate: string | null;
  readonly firstCrCategory: string | null;
  readonly crUndated: boolean;
  readonly mrdNegativeInCr: boolean | null;
  readonly inductionFailure: boolean | null;
  readonly transplantType: string | null;
  readonly transplantDate: string | null;
  readonly transplantInCr1: boolean | null;
  readonly course: Course;
}

/** The records a patient's facts are derived from, as the patient file holds them. */
export interface DerivationInput {
  readonly diagnostics: readonly Pick<
    Diagnostic,
    'dxSubType' | 'dxSecondary' | 'genetics' | 'dxDate' | 'relapse' | 'relapseDate'
  >[];
  readonly treatments: readonly CourseTreatment[];
}

/** The course of a patient from its records (CONTRACT §11). */
export function courseOfRecords({ diagnostics, treatments }: DerivationInput): Course {
  return courseOf(diagnostics[0] ?? null, treatments);
}

/** The facts of one patient, from its records as the patient file holds them. */
export function derive(records: DerivationInput): Derived {
  const { diagnostics, treatments } = records;
  const eln = eln2022Of(diagnostics);
  const course = courseOfRecords(records);
  const firstLine = treatments.find((treatment) => treatment.order === 1);
  const genetics = currentGenetics(diagnostics[0]?.genetics);
  const markers = genetics
    ? Object.fromEntries(
        Object.entries(resolveMarkers(genetics)).map(([code, marker]) => [
          code,
          { result: marker.result, vaf: marker.vaf },
        ]),
      )
    : null;
  return {
    eln2022: eln.category,
    eln2022Detail: detailOf((language) => eln2022Of(diagnostics, language)),
    eln2024: eln2024Of(diagnostics, treatments).category,
    eln2024Detail: detailOf((language) => eln2024Of(diagnostics, treatments, language)),
    geneticMarkers: markers,
    karyotype: genetics?.karyotype ?? null,
    karyotypeResult: genetics?.karyotypeResult ?? null,
    elnInputs: elnInputsPresent({
      karyotype: genetics?.karyotype ?? null,
      karyotypeResult: genetics?.karyotypeResult ?? null,
      markers,
      category: eln.category,
    }).reduce((bits, field) => bits | elnInputBit(field), 0),
    firstResponseDate: firstLine?.diseaseAssessment ? assessmentDateOf(firstLine) : null,
    firstCrDate: course.firstCR?.date ?? null,
    firstCrCategory: course.firstCR?.category ?? null,
    crUndated: treatments.some(
      (treatment) =>
        (COMPLETE_REMISSIONS as readonly string[]).includes(treatment.diseaseAssessment ?? '') &&
        assessmentDateOf(treatment) === null,
    ),
    mrdNegativeInCr: course.mrdNegativeInCR,
    inductionFailure: course.inductionFailure,
    transplantType: course.transplant?.type ?? null,
    transplantDate: course.transplant?.date ?? null,
    transplantInCr1: course.transplant?.inCR1 ?? null,
    course,
  };
}

/** The category of a patient without a diagnostic: the projection's default. */
export const NO_DIAGNOSTIC_ELN = derive({ diagnostics: [], treatments: [] }).eln2022;

/** The patient's own fields the quality rules read beside its records. */
export interface PatientFacts {
  readonly birthDate: string | null;
  readonly gender: Sex | null;
  readonly hasDemography: boolean;
  readonly deathDate: string | null;
  readonly deathCause: string | null;
  readonly lastContactDate: string | null;
  readonly riskLevel: QualityInput['riskLevel'];
  /** The day the patient was registered (`yyyy-MM-dd`, UTC). */
  readonly registeredOn: string;
}

/** What the read model keeps of the data-quality rules (CONTRACT §13) for one patient. */
export interface QualityDerived {
  /** The document's rules that fire: not the duplicate, nor the follow-up, which the row keeps apart. */
  readonly qualityRules: readonly string[];
  readonly qualityErrors: number;
  readonly qualityWarnings: number;
  readonly qualityOverdueFrom: string | null;
  /** The day the follow-up is counted from (shared `followUpFrom`): the list's `followUpDue` reads it. */
  readonly followUpFrom: string | null;
}

/** The rules' input: a patient's records as the patient file holds them, and its own fields. */
export function qualityInputOf(
  records: DerivationInput & Pick<QualityInput, 'samples' | 'reports'>,
  facts: PatientFacts,
  eln2022: QualityInput['eln2022'],
): QualityInput {
  return {
    demography: facts.hasDemography ? { birthDate: facts.birthDate, gender: facts.gender } : null,
    deathDate: facts.deathDate,
    deathCause: facts.deathCause,
    lastContactDate: facts.lastContactDate,
    riskLevel: facts.riskLevel,
    samples: records.samples,
    diagnostics: records.diagnostics as QualityInput['diagnostics'],
    treatments: records.treatments as unknown as QualityInput['treatments'],
    reports: records.reports,
    eln2022,
  };
}

/** The quality the read model keeps for a patient: the document's findings, and when its follow-up falls due. */
export function qualityOfRecords(
  records: DerivationInput & Pick<QualityInput, 'samples' | 'reports'>,
  facts: PatientFacts,
): QualityDerived {
  const input = qualityInputOf(records, facts, { category: eln2022Of(records.diagnostics).category });
  // Without a day, the rules that depend on the day or on other patients are left out (the row keeps them).
  const findings = evaluateQuality(input, { possibleDuplicate: false });
  const counts = countFindings(findings);
  return {
    qualityRules: findings.map((finding) => finding.rule),
    qualityErrors: counts.errors,
    qualityWarnings: counts.warnings,
    qualityOverdueFrom: followUpOverdueFrom(facts.deathDate, lastKnownAliveOf(input), facts.registeredOn),
    followUpFrom: followUpFrom(facts.deathDate, lastKnownAliveOf(input), facts.registeredOn),
  };
}

/** The derived facts of some patients, by id, from their stored records and their own fields. */
export async function derivedOf(
  db: Queryable,
  ids: readonly string[],
): Promise<Record<string, Derived & QualityDerived>> {
  const result = await db.execute(
    sql`select pd.patient_id as "id", pd.records::text as "records", dm.patient_id is not null as "hasDemography",
        dm.birth_date as "birthDate", dm.gender as "gender", p.death_date::text as "deathDate",
        p.death_cause as "deathCause", p.last_contact_date::text as "lastContactDate", p.risk_level as "riskLevel",
        to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD') as "registeredOn"
      from patient_documents pd join patients p on p.id = pd.patient_id
      left join demographies dm on dm.patient_id = pd.patient_id
      where pd.patient_id = any (${`{${ids.join(',')}}`}::uuid[])`,
  );
  return Object.fromEntries(
    rowsOf<{ id: string; records: string } & PatientFacts>(result).map((row) => {
      const records = JSON.parse(row.records) as DerivationInput & Pick<QualityInput, 'samples' | 'reports'>;
      return [row.id, { ...derive(records), ...qualityOfRecords(records, row) }];
    }),
  );
}
