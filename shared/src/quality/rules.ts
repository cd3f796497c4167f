import { z } from 'zod';
import type { Diagnostic } from '../diagnostics.ts';
import {
  COMPLETE_REMISSIONS,
  type Diagnosis,
  LAB_REPORT,
  NGS_OP,
  type Risk,
  type Sex,
  TRANSPLANT_SCHEMES,
} from '../enums.ts';
import type { Eln2022Category } from '../genetics/genetics-schema.ts';
import { type GeneticMarker, resolveMarkers } from '../genetics/markers.ts';
import type { LabReport } from '../lab-reports.ts';
import type { Drug, Treatment } from '../treatments.ts';

/**
 * The data-quality rules (CONTRACT §13, docs/product-rules.md#data-quality): a fixed set of checks,
 * each with a stable id, a severity, the step of the patient's screens it concerns and a message in
 * both languages (`quality.<id>` in the shared texts). They run on a patient's document after every
 * write, in the write's transaction, and the read model keeps what they found: the list's counts and
 * filter, the patient file, the coordinator's view. The web app runs the same functions on the form.
 */

export const QUALITY_SEVERITIES = ['error', 'warning'] as const;
export type QualitySeverity = (typeof QUALITY_SEVERITIES)[number];

/** Where a finding is corrected: a step of the wizard, or the patient file (death, risk, follow-up). */
export const QUALITY_STEPS = [
  'demography',
  'samples',
  'diagnostic',
  'treatments',
  'lab-report',
  'patient',
] as const;
export type QualityStep = (typeof QUALITY_STEPS)[number];

/** The ids of the rules, stable: queries, links and stored findings name them. */
export const QUALITY_RULE_IDS = [
  'dateBeforeBirth',
  'dateAfterDeath',
  'relapseBeforeDiagnosis',
  'treatmentBeforeDiagnosis',
  'assessmentBeforeDiagnosis',
  'assessmentBeforeTreatment',
  'crWithBlasts',
  'crWithoutDate',
  'karyotypeOtherSex',
  'vafOutOfRange',
  'relapseWithoutDate',
  'wbcVeryHigh',
  'amlBlastsBelow20',
  'riskDisagreesWithEln',
  'elnInsufficient',
  'transplantWithoutResponse',
  'drugBeforeTreatment',
  'deathWithoutCause',
  'followUpOverdue',
  'possibleDuplicate',
] as const;
export type QualityRuleId = (typeof QUALITY_RULE_IDS)[number];

/** A rule as `GET /api/quality/rules` describes it; `fields` are dotted paths, `*` for any record. */
export interface QualityRule {
  readonly id: QualityRuleId;
  readonly severity: QualitySeverity;
  readonly step: QualityStep;
  readonly fields: readonly string[];
}

/** The months without news after which a living patient's follow-up is overdue (rule `followUpOverdue`). */
export const FOLLOW_UP_OVERDUE_MONTHS = 12;

/** The blast percentage from which a complete remission cannot stand (rule `crWithBlasts`). */
export const CR_MAX_BLASTS = 5;

/**
 * The white-cell count at diagnosis above which the value is worth confirming (rule `wbcVeryHigh`),
 * ×10⁹/L: five times the threshold of hyperleukocytosis, a count above 100 ×10⁹/L (Röllig C, Ehninger G.
 * How I treat hyperleukocytosis in acute myeloid leukemia. Blood 2015;125(21):3246–3252). The factor is
 * the registry's choice: such counts are seen, but seldom enough that a slip of a digit or of the unit is
 * as likely. A count above `WBC_MAX` (diagnostics.ts) is refused outright.
 */
export const WBC_VERY_HIGH = 500;

/**
 * The marrow blasts an AML needs without a genetic abnormality that defines it (rule `amlBlastsBelow20`),
 * and with one that the ICC accepts from 10 % of blasts. WHO 2022 (Khoury JD, et al. The 5th edition of
 * the World Health Organization Classification of Haematolymphoid Tumours: Myeloid and Histiocytic/
 * Dendritic Neoplasms. Leukemia 2022;36:1703–1719) asks ≥ 20 % blasts in blood or marrow of an AML
 * defined by differentiation, and none of one with a defining genetic abnormality, but for BCR::ABL1 and
 * CEBPA (≥ 20 %). The International Consensus Classification (Arber DA, et al. Blood
 * 2022;140(11):1200–1228) asks ≥ 10 % of an AML with a recurrent genetic abnormality (BCR::ABL1: 20 %),
 * ≥ 20 % of the others; 10–19 % without one is MDS/AML. Both, then, call for 20 % where no abnormality
 * defines the AML.
 */
export const AML_MIN_BLASTS = 20;
export const AML_MIN_BLASTS_ICC = 10;

/** The registry's markers that define an AML at any blast count (WHO 2022): its rearrangements and NPM1. */
export const AML_DEFINING_MARKERS = [
  'PML::RARA',
  'RUNX1::RUNX1T1',
  'CBFB::MYH11',
  'DEK::NUP214',
  'MLLT3::KMT2A',
  'KMT2A-r',
  'GATA2::MECOM',
  'MECOM-r',
  'NPM1',
] as const satisfies readonly GeneticMarker[];

/** The further markers with which the ICC accepts an AML from 10 % of blasts. */
export const AML_DEFINING_MARKERS_ICC = [
  'CEBPA-bZIP',
  'KAT6A::CREBBP',
] as const satisfies readonly GeneticMarker[];

/**
 * The subtypes rule `amlBlastsBelow20` reads: every AML but M3, which is defined by PML::RARA and counts
 * its abnormal promyelocytes as blasts, and M6, whose erythroid form is defined by its erythroid cells.
 */
const BLAST_COUNTED_AML = [
  'AML',
  'AML M0',
  'AML M1',
  'AML M2',
  'AML M4',
  'AML M5',
  'AML M7',
] as const satisfies readonly Diagnosis[];

const rule = (
  id: QualityRuleId,
  severity: QualitySeverity,
  step: QualityStep,
  fields: string[],
): QualityRule => ({
  id,
  severity,
  step,
  fields,
});

/** Every rule, in the order the patient file lists their findings (errors first). */
export const QUALITY_RULES: readonly QualityRule[] = [
  rule('dateBeforeBirth', 'error', 'demography', ['demography.birthDate']),
  rule('dateAfterDeath', 'error', 'patient', ['deathDate']),
  rule('relapseBeforeDiagnosis', 'error', 'diagnostic', [
    'diagnostics.*.relapseDate',
    'diagnostics.0.dxDate',
  ]),
  rule('treatmentBeforeDiagnosis', 'error', 'treatments', ['treatments.*.startDate', 'diagnostics.0.dxDate']),
  rule('assessmentBeforeDiagnosis', 'error', 'treatments', [
    'treatments.*.diseaseAssessmentDate',
    'diagnostics.0.dxDate',
  ]),
  rule('assessmentBeforeTreatment', 'error', 'treatments', [
    'treatments.*.diseaseAssessmentDate',
    'treatments.*.startDate',
  ]),
  rule('crWithBlasts', 'error', 'treatments', ['treatments.*.diseaseAssessment', 'treatments.*.EMRBlasts']),
  rule('karyotypeOtherSex', 'error', 'diagnostic', ['diagnostics.0.genetics.karyotype', 'demography.gender']),
  rule('vafOutOfRange', 'error', 'diagnostic', ['diagnostics.*.genetics.markers']),
  rule('crWithoutDate', 'warning', 'treatments', ['treatments.*.diseaseAssessmentDate']),
  rule('relapseWithoutDate', 'warning', 'diagnostic', ['diagnostics.*.relapseDate']),
  rule('wbcVeryHigh', 'warning', 'diagnostic', ['diagnostics.*.wbcAtDiagnosis']),
  rule('amlBlastsBelow20', 'warning', 'diagnostic', [
    'diagnostics.0.marrowBlastsAtDiagnosis',
    'diagnostics.0.dxSubType',
    'diagnostics.0.genetics',
  ]),
  rule('riskDisagreesWithEln', 'warning', 'patient', ['riskLevel', 'eln2022']),
  rule('elnInsufficient', 'warning', 'diagnostic', ['diagnostics.0.genetics']),
  rule('transplantWithoutResponse', 'warning', 'treatments', ['treatments.*.diseaseAssessment']),
  rule('drugBeforeTreatment', 'warning', 'treatments', ['treatments.*.drugs.*.startApplicationDate']),
  rule('deathWithoutCause', 'warning', 'patient', ['deathCause']),
  rule('followUpOverdue', 'warning', 'patient', ['lastContactDate']),
  rule('possibleDuplicate', 'warning', 'demography', [
    'demography.birthDate',
    'demography.gender',
    'diagnostics.0.dxDate',
  ]),
];

const RULES_BY_ID = new Map(QUALITY_RULES.map((entry) => [entry.id, entry]));

/** A rule by its id. */
export function qualityRule(id: QualityRuleId): QualityRule {
  const found = RULES_BY_ID.get(id);
  if (!found) {
    throw new Error(`Unknown quality rule ${id}`);
  }
  return found;
}

/** The key of a rule's message in the shared texts (`translateKey`). */
export const qualityMessageKey = (id: QualityRuleId): `quality.${QualityRuleId}` => `quality.${id}`;

/** A rule that fires for a patient: the fields are the patient's own paths (`treatments.1.startDate`). */
export interface QualityFinding {
  readonly rule: QualityRuleId;
  readonly severity: QualitySeverity;
  readonly step: QualityStep;
  readonly fields: readonly string[];
}

/** What the rules read of a patient: its document's fields (a `Patient` answers it). */
export interface QualityInput {
  readonly demography: { readonly birthDate: string | null; readonly gender: Sex | null } | null;
  readonly deathDate: string | null;
  readonly deathCause: string | null;
  readonly lastContactDate: string | null;
  readonly riskLevel: Risk | null;
  readonly samples: readonly { readonly sampleDate: string | null }[];
  readonly diagnostics: readonly Pick<
    Diagnostic,
    | 'dxDate'
    | 'dxSubType'
    | 'relapse'
    | 'relapseDate'
    | 'consentDate'
    | 'wbcAtDiagnosis'
    | 'marrowBlastsAtDiagnosis'
    | 'genetics'
  >[];
  readonly treatments: readonly (Pick<
    Treatment,
    | 'order'
    | 'scheme'
    | 'startDate'
    | 'diseaseAssessment'
    | 'diseaseAssessmentDate'
    | 'medulogramDate'
    | 'EMRDate'
    | 'EMRBlasts'
  > & { readonly drugs: readonly Pick<Drug, 'startApplicationDate' | 'lastAplicationDate'>[] })[];
  readonly reports: readonly Pick<LabReport, 'name' | 'content' | 'date'>[];
  /** The ELN 2022 category of the first diagnostic (CONTRACT §10). */
  readonly eln2022: { readonly category: Eln2022Category };
}

/** What the rules read besides the document: facts about other patients, and the day. */
export interface QualityContext {
  /** Another patient of the same institution has the same birth date, sex and diagnosis date. */
  readonly possibleDuplicate: boolean;
  /**
   * The day from which the follow-up is overdue (`followUpOverdueFrom`), or null; with `today`, the
   * rule fires when that day has come. Without `today` the rule is left out: it depends on the day, so
   * the read model keeps the day itself (docs/product-rules.md#data-quality).
   */
  readonly followUpOverdueFrom?: string | null;
  readonly today?: string;
}

interface DatedField {
  readonly path: string;
  readonly date: string;
}

/** Every date recorded for a patient, with its path, but the birth and death dates and the NGS OP entry's. */
function recordDates(input: QualityInput): DatedField[] {
  const dates: DatedField[] = [];
  const add = (path: string, date: string | null | undefined) => {
    if (date) {
      dates.push({ path, date });
    }
  };
  add('lastContactDate', input.lastContactDate);
  input.samples.forEach((sample, i) => {
    add(`samples.${i}.sampleDate`, sample.sampleDate);
  });
  input.diagnostics.forEach((dx, i) => {
    add(`diagnostics.${i}.dxDate`, dx.dxDate);
    add(`diagnostics.${i}.relapseDate`, dx.relapseDate);
    add(`diagnostics.${i}.consentDate`, dx.consentDate);
  });
  input.treatments.forEach((treatment, i) => {
    add(`treatments.${i}.startDate`, treatment.startDate);
    add(`treatments.${i}.diseaseAssessmentDate`, treatment.diseaseAssessmentDate);
    add(`treatments.${i}.medulogramDate`, treatment.medulogramDate);
    add(`treatments.${i}.EMRDate`, treatment.EMRDate);
    treatment.drugs.forEach((drug, j) => {
      add(`treatments.${i}.drugs.${j}.startApplicationDate`, drug.startApplicationDate);
      add(`treatments.${i}.drugs.${j}.lastAplicationDate`, drug.lastAplicationDate);
    });
  });
  // The admins' NGS OP entry is not the doctor's to correct: the rules leave it out, so that a doctor
  // and an admin see the same findings (each with the paths of their own document).
  input.reports.forEach((report, i) => {
    if (report.name !== NGS_OP) {
      add(`reports.${i}.date`, report.date);
    }
  });
  return dates;
}

/** A date before a birth date that may be a bare year (a biobank patient's). */
const beforeBirth = (date: string, birth: string) =>
  birth.length === 4 ? date.slice(0, 4) < birth : date < birth;

const isCompleteRemission = (response: string | null) =>
  response !== null && (COMPLETE_REMISSIONS as readonly string[]).includes(response);

/** The date of an assessment: its own, else its medulogram's (CONTRACT §11). */
const assessmentDate = (treatment: QualityInput['treatments'][number]) =>
  treatment.diseaseAssessmentDate ?? treatment.medulogramDate ?? null;

/** The sex chromosomes of the first clone of an ISCN karyotype (`46,XY[20]` → `XY`), or null. */
export function sexChromosomesOf(karyotype: string): string | null {
  const match = /\b\d{2,3}(?:~\d{2,3})?(?:<\dn>)?\s*,\s*([XY]+)(?=[\s,[/]|$)/.exec(karyotype);
  return match?.[1] ?? null;
}

/** A written abnormality of a sex chromosome (`-Y`, `+X`, `t(X;…)`, `del(X)`, `XXY`…). */
export function hasSexChromosomeAbnormality(karyotype: string): boolean {
  return (
    /(?:^|[,\s/])[+-]\s*[XY](?![A-Za-z])/.test(karyotype) ||
    /\(\s*[XY]\s*[;)]/.test(karyotype) ||
    /;\s*[XY]\s*\)/.test(karyotype) ||
    /(?:^|[,\s])(?:X{3,}|XXY+|XYY+|X0|XO)(?=[\s,[/]|$)/.test(karyotype)
  );
}

/**
 * The karyotype the sex rule reads: the first diagnostic's (CONTRACT §10), else the text of the
 * Cytogenetics lab report.
 */
function karyotypeText(input: QualityInput): { text: string; path: string } | null {
  const karyotype = input.diagnostics[0]?.genetics?.karyotype;
  if (karyotype?.trim()) {
    return { text: karyotype, path: 'diagnostics.0.genetics.karyotype' };
  }
  const index = input.reports.findIndex((report) => report.name === LAB_REPORT.cytogenetics);
  const content = input.reports[index]?.content;
  return content?.trim() ? { text: content, path: `reports.${index}.content` } : null;
}

/** Whether a karyotype names the other sex than the patient's, with no sex-chromosome abnormality written. */
export function karyotypeOfOtherSex(karyotype: string, gender: Sex | null): boolean {
  const sex = sexChromosomesOf(karyotype);
  if (!gender || !sex || hasSexChromosomeAbnormality(karyotype)) {
    return false;
  }
  return (gender === 'female' && sex === 'XY') || (gender === 'male' && sex === 'XX');
}

/**
 * The day a living patient's follow-up is counted from (CONTRACT §9): the last news, or for a patient
 * with no dated record at all the day it was registered (UTC); none for a patient who died.
 */
export function followUpFrom(
  deathDate: string | null,
  lastKnownAlive: string | null,
  registeredOn: string,
): string | null {
  return deathDate ? null : (lastKnownAlive ?? registeredOn);
}

/** The day a living patient's follow-up becomes overdue: 12 months after the last news (or the registration). */
export function followUpOverdueFrom(
  deathDate: string | null,
  lastKnownAlive: string | null,
  registeredOn: string,
): string | null {
  const from = followUpFrom(deathDate, lastKnownAlive, registeredOn);
  if (from === null) {
    return null;
  }
  const [year = 0, month = 1, day = 1] = from.split('-').map(Number);
  const target = new Date(Date.UTC(year, month - 1 + FOLLOW_UP_OVERDUE_MONTHS, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  // Overdue when the last news is *more* than 12 months old: from the day after.
  target.setUTCDate(target.getUTCDate() + 1);
  return target.toISOString().slice(0, 10);
}

type Check = (input: QualityInput, context: QualityContext) => readonly string[] | null;

const some = (fields: readonly string[]) => (fields.length > 0 ? fields : null);

/** Each rule's check: the fields that make it fire, or null. */
const CHECKS: Record<QualityRuleId, Check> = {
  dateBeforeBirth(input) {
    const birth = input.demography?.birthDate;
    if (!birth) {
      return null;
    }
    const dates = recordDates(input).filter((field) => beforeBirth(field.date, birth));
    if (input.deathDate && beforeBirth(input.deathDate, birth)) {
      dates.push({ path: 'deathDate', date: input.deathDate });
    }
    return dates.length > 0 ? ['demography.birthDate', ...dates.map((field) => field.path)] : null;
  },
  dateAfterDeath(input) {
    const death = input.deathDate;
    if (!death) {
      return null;
    }
    const dates = recordDates(input).filter((field) => field.date > death);
    return dates.length > 0 ? ['deathDate', ...dates.map((field) => field.path)] : null;
  },
  relapseBeforeDiagnosis(input) {
    const dx = input.diagnostics[0]?.dxDate;
    if (!dx) {
      return null;
    }
    return some(
      input.diagnostics.flatMap((diagnostic, i) =>
        diagnostic.relapseDate && diagnostic.relapseDate < dx ? [`diagnostics.${i}.relapseDate`] : [],
      ),
    );
  },
  treatmentBeforeDiagnosis(input) {
    const dx = input.diagnostics[0]?.dxDate;
    if (!dx) {
      return null;
    }
    return some(
      input.treatments.flatMap((treatment, i) =>
        treatment.startDate && treatment.startDate < dx ? [`treatments.${i}.startDate`] : [],
      ),
    );
  },
  assessmentBeforeDiagnosis(input) {
    const dx = input.diagnostics[0]?.dxDate;
    if (!dx) {
      return null;
    }
    return some(
      input.treatments.flatMap((treatment, i) =>
        treatment.diseaseAssessmentDate && treatment.diseaseAssessmentDate < dx
          ? [`treatments.${i}.diseaseAssessmentDate`]
          : [],
      ),
    );
  },
  assessmentBeforeTreatment(input) {
    return some(
      input.treatments.flatMap((treatment, i) =>
        treatment.diseaseAssessmentDate &&
        treatment.startDate &&
        treatment.diseaseAssessmentDate < treatment.startDate
          ? [`treatments.${i}.diseaseAssessmentDate`]
          : [],
      ),
    );
  },
  crWithBlasts(input) {
    return some(
      input.treatments.flatMap((treatment, i) =>
        isCompleteRemission(treatment.diseaseAssessment) &&
        treatment.EMRBlasts !== null &&
        treatment.EMRBlasts >= CR_MAX_BLASTS
          ? [`treatments.${i}.diseaseAssessment`, `treatments.${i}.EMRBlasts`]
          : [],
      ),
    );
  },
  crWithoutDate(input) {
    return some(
      input.treatments.flatMap((treatment, i) =>
        isCompleteRemission(treatment.diseaseAssessment) && assessmentDate(treatment) === null
          ? [`treatments.${i}.diseaseAssessmentDate`]
          : [],
      ),
    );
  },
  karyotypeOtherSex(input) {
    const karyotype = karyotypeText(input);
    const gender = input.demography?.gender ?? null;
    return karyotype && karyotypeOfOtherSex(karyotype.text, gender)
      ? [karyotype.path, 'demography.gender']
      : null;
  },
  vafOutOfRange(input) {
    return some(
      input.diagnostics.flatMap((diagnostic, i) =>
        (diagnostic.genetics?.markers ?? []).flatMap((marker, j) =>
          marker.vaf !== null && (marker.vaf < 0 || marker.vaf > 100)
            ? [`diagnostics.${i}.genetics.markers.${j}.vaf`]
            : [],
        ),
      ),
    );
  },
  relapseWithoutDate(input) {
    return some(
      input.diagnostics.flatMap((diagnostic, i) =>
        diagnostic.relapse && !diagnostic.relapseDate ? [`diagnostics.${i}.relapseDate`] : [],
      ),
    );
  },
  wbcVeryHigh(input) {
    return some(
      input.diagnostics.flatMap((diagnostic, i) =>
        diagnostic.wbcAtDiagnosis !== null && diagnostic.wbcAtDiagnosis > WBC_VERY_HIGH
          ? [`diagnostics.${i}.wbcAtDiagnosis`]
          : [],
      ),
    );
  },
  amlBlastsBelow20(input) {
    const first = input.diagnostics[0];
    const blasts = first?.marrowBlastsAtDiagnosis ?? null;
    if (
      !first ||
      blasts === null ||
      blasts >= AML_MIN_BLASTS ||
      !(BLAST_COUNTED_AML as readonly (string | null)[]).includes(first.dxSubType)
    ) {
      return null;
    }
    const genetics = first.genetics;
    const markers = genetics
      ? resolveMarkers({ ...genetics, derived: genetics.derived ?? { parsed: false, findings: {} } })
      : {};
    const positive = (code: GeneticMarker) => markers[code]?.result === 'positive';
    const defined =
      AML_DEFINING_MARKERS.some(positive) ||
      (blasts >= AML_MIN_BLASTS_ICC && AML_DEFINING_MARKERS_ICC.some(positive));
    return defined
      ? null
      : ['diagnostics.0.marrowBlastsAtDiagnosis', 'diagnostics.0.dxSubType', 'diagnostics.0.genetics'];
  },
  riskDisagreesWithEln(input) {
    const category = input.eln2022.category;
    const disagrees =
      (input.riskLevel === 'Bajo' && category === 'adverse') ||
      (input.riskLevel === 'Alto' && category === 'favorable');
    return disagrees ? ['riskLevel', 'eln2022'] : null;
  },
  elnInsufficient(input) {
    return input.eln2022.category === 'insufficient' ? ['diagnostics.0.genetics'] : null;
  },
  transplantWithoutResponse(input) {
    return some(
      input.treatments.flatMap((treatment, i) => {
        if (!treatment.scheme || !(treatment.scheme in TRANSPLANT_SCHEMES)) {
          return [];
        }
        const assessedBefore = input.treatments.some((other) => {
          if (other === treatment || !other.diseaseAssessment) {
            return false;
          }
          const date = assessmentDate(other);
          return treatment.startDate && date ? date <= treatment.startDate : other.order < treatment.order;
        });
        return assessedBefore ? [] : [`treatments.${i}.scheme`];
      }),
    );
  },
  drugBeforeTreatment(input) {
    return some(
      input.treatments.flatMap((treatment, i) =>
        treatment.drugs.flatMap((drug, j) =>
          treatment.startDate && drug.startApplicationDate && drug.startApplicationDate < treatment.startDate
            ? [`treatments.${i}.drugs.${j}.startApplicationDate`]
            : [],
        ),
      ),
    );
  },
  deathWithoutCause(input) {
    return input.deathDate && !input.deathCause?.trim() ? ['deathCause'] : null;
  },
  followUpOverdue(input, context) {
    const from = context.followUpOverdueFrom;
    return !input.deathDate && context.today && from && from <= context.today ? ['lastContactDate'] : null;
  },
  possibleDuplicate(_input, context) {
    return context.possibleDuplicate
      ? ['demography.birthDate', 'demography.gender', 'diagnostics.0.dxDate']
      : null;
  },
};

/** The rules that fire for a patient, in the rules' order. */
export function evaluateQuality(input: QualityInput, context: QualityContext): QualityFinding[] {
  return QUALITY_RULES.flatMap((entry) => {
    const fields = CHECKS[entry.id](input, context);
    return fields
      ? [{ rule: entry.id, severity: entry.severity, step: entry.step, fields: [...new Set(fields)] }]
      : [];
  });
}

/** How many errors and warnings a patient's findings hold. */
export function countFindings(findings: readonly Pick<QualityFinding, 'severity'>[]): {
  errors: number;
  warnings: number;
} {
  return {
    errors: findings.filter((finding) => finding.severity === 'error').length,
    warnings: findings.filter((finding) => finding.severity === 'warning').length,
  };
}

/** `GET /api/quality/rules`: each rule with its message in both languages. */
export const qualityRuleSchema = z.object({
  id: z.enum(QUALITY_RULE_IDS),
  severity: z.enum(QUALITY_SEVERITIES),
  step: z.enum(QUALITY_STEPS),
  fields: z.array(z.string()),
  message: z.object({ es: z.string(), en: z.string() }),
});
export type QualityRuleAnswer = z.infer<typeof qualityRuleSchema>;

/** A finding as the patient document carries it (`quality`), the message in the caller's language. */
export const qualityFindingSchema = z.object({
  rule: z.enum(QUALITY_RULE_IDS),
  severity: z.enum(QUALITY_SEVERITIES),
  step: z.enum(QUALITY_STEPS),
  fields: z.array(z.string()),
  message: z.string(),
});
export type QualityFindingAnswer = z.infer<typeof qualityFindingSchema>;

/** The list's filter `quality`: has an error; has a warning but no error; has neither. */
export const QUALITY_FILTERS = ['error', 'warning', 'none'] as const;
export type QualityFilter = (typeof QUALITY_FILTERS)[number];

/**
 * The latest date the patient was known alive (CONTRACT §9): the last contact and every recorded date
 * not after the death — the NGS OP entry's too.
 */
export function lastKnownAliveOf(input: QualityInput): string | null {
  const dates = [
    ...recordDates(input).map((field) => field.date),
    ...input.reports
      .filter((report) => report.name === NGS_OP && report.date)
      .map((report) => report.date as string),
  ].filter((date) => !input.deathDate || date <= input.deathDate);
  return dates.reduce<string | null>(
    (latest, date) => (latest === null || date > latest ? date : latest),
    null,
  );
}
