import { z } from 'zod';
import {
  COMPLETE_REMISSIONS,
  INDUCTION_FAILURES,
  RESPONSES,
  type Response,
  TRANSPLANT_SCHEMES,
} from './enums.ts';

/**
 * A patient's course from the registry's entries (CONTRACT §11): the first complete remission, whether
 * the measurable residual disease was negative in it, whether the induction failed, and the first
 * transplant and whether it was given in the first remission.
 *
 * Source: Döhner H, et al. Diagnosis and management of AML in adults: 2022 recommendations from an
 * international expert panel on behalf of the ELN. Blood 2022;140(12):1345–1377 — Table 7 (response
 * categories: CR, CRh and CRi are complete remissions; refractory disease and progressive disease are
 * the failures of an induction) and Table 8 (outcome definitions: event-free survival counts an
 * induction failure as an event on day 1, relapse-free survival starts at the complete remission).
 * Where the paper leaves a registry's choice open, CONTRACT §11 decides, as noted on each rule.
 *
 * A later revision of the response criteria is a new module beside this one, not an edit of it.
 */
export const COURSE_VERSION = 'ELN 2022 · CONTRACT §11';

export const TRANSPLANT_TYPES = ['allo', 'auto'] as const;
export type TransplantType = (typeof TRANSPLANT_TYPES)[number];

/** `course` in the patient document (CONTRACT §11). */
export const courseSchema = z.object({
  firstCR: z
    .object({ date: z.string(), category: z.enum(RESPONSES), treatmentOrder: z.number().int() })
    .nullable(),
  mrdNegativeInCR: z.boolean().nullable(),
  inductionFailure: z.boolean().nullable(),
  transplant: z
    .object({ date: z.string().nullable(), type: z.enum(TRANSPLANT_TYPES), inCR1: z.boolean() })
    .nullable(),
});
export type Course = z.infer<typeof courseSchema>;

/** What the course reads of a treatment. */
export interface CourseTreatment {
  readonly order: number;
  readonly scheme: string | null;
  readonly startDate: string | null;
  readonly diseaseAssessment: Response | null;
  readonly diseaseAssessmentDate: string | null;
  readonly medulogramDate: string | null;
  readonly EMRStatus: string | null;
  readonly EMRDate: string | null;
}

/** What the course reads of the first diagnostic: its date, and its relapse. */
export interface CourseDiagnostic {
  readonly dxDate: string | null;
  readonly relapse: boolean;
  readonly relapseDate: string | null;
}

/**
 * When a response was assessed: its own date, else the treatment's medulogram (CONTRACT §11: a client
 * may send a response without a date); null when neither is known.
 */
export function assessmentDateOf(
  treatment: Pick<CourseTreatment, 'diseaseAssessmentDate' | 'medulogramDate'>,
) {
  return treatment.diseaseAssessmentDate ?? treatment.medulogramDate ?? null;
}

const isComplete = (response: Response | null) =>
  response !== null && (COMPLETE_REMISSIONS as readonly string[]).includes(response);

/**
 * The course of a patient from its first diagnostic and its treatments (any order):
 * - `firstCR`: the earliest dated assessment on or after the diagnosis date whose category is CR, CRh
 *   or CRi (any dated one when the diagnosis has no date); ties go to the earlier treatment;
 * - `mrdNegativeInCR`: null without a first CR or without an MRD result after it; true when a negative
 *   result is dated on or after the CR and before any relapse; false when results there are all
 *   positive; an MRD result is dated by its own date, else by its treatment's assessment;
 * - `inductionFailure`: null when the first treatment (order 1) was not assessed or was not evaluable
 *   (NE: CONTRACT §11's "not assessed"); true when it was refractory (NR) or progressive (EP) and no
 *   complete remission is dated after its assessment and before the next treatment started; false
 *   otherwise;
 * - `transplant`: the first treatment, in order, whose scheme is an allogeneic (AloTCHP) or autologous
 *   (AutoTCPH) transplant, dated by its start; in CR1 when it falls on or after the first CR and before
 *   any relapse.
 */
export function courseOf(
  diagnostic: CourseDiagnostic | null,
  treatments: readonly CourseTreatment[],
): Course {
  const ordered = [...treatments].sort((a, b) => a.order - b.order);
  const relapseDate = diagnostic?.relapse ? diagnostic.relapseDate : null;
  const beforeRelapse = (day: string) => relapseDate === null || day < relapseDate;

  let firstCR: Course['firstCR'] = null;
  for (const treatment of ordered) {
    const date = assessmentDateOf(treatment);
    if (!isComplete(treatment.diseaseAssessment) || date === null) {
      continue;
    }
    if (diagnostic?.dxDate && date < diagnostic.dxDate) {
      continue;
    }
    if (firstCR === null || date < firstCR.date) {
      firstCR = { date, category: treatment.diseaseAssessment as Response, treatmentOrder: treatment.order };
    }
  }

  let mrdNegativeInCR: boolean | null = null;
  if (firstCR) {
    const crDate = firstCR.date;
    for (const treatment of ordered) {
      const date = treatment.EMRDate ?? assessmentDateOf(treatment);
      const status = treatment.EMRStatus;
      if ((status !== 'negative' && status !== 'positive') || date === null) {
        continue;
      }
      if (date >= crDate && beforeRelapse(date)) {
        mrdNegativeInCR = mrdNegativeInCR === true || status === 'negative';
      }
    }
  }

  let inductionFailure: boolean | null = null;
  const induction = ordered.find((treatment) => treatment.order === 1);
  if (induction?.diseaseAssessment && induction.diseaseAssessment !== 'NE') {
    const failed = (INDUCTION_FAILURES as readonly string[]).includes(induction.diseaseAssessment);
    if (!failed) {
      inductionFailure = false;
    } else {
      const assessed = assessmentDateOf(induction);
      const next = ordered.find((treatment) => treatment.order > 1)?.startDate ?? null;
      const rescued = ordered.some((treatment) => {
        const date = assessmentDateOf(treatment);
        return (
          treatment !== induction &&
          isComplete(treatment.diseaseAssessment) &&
          date !== null &&
          (assessed === null || date >= assessed) &&
          (next === null || date < next)
        );
      });
      inductionFailure = !rescued;
    }
  }

  let transplant: Course['transplant'] = null;
  const transplanted = ordered.find(
    (treatment) => treatment.scheme !== null && treatment.scheme in TRANSPLANT_SCHEMES,
  );
  if (transplanted) {
    const date = transplanted.startDate;
    transplant = {
      date,
      type: TRANSPLANT_SCHEMES[transplanted.scheme as keyof typeof TRANSPLANT_SCHEMES],
      inCR1: firstCR !== null && date !== null && date >= firstCR.date && beforeRelapse(date),
    };
  }

  return { firstCR, mrdNegativeInCR, inductionFailure, transplant };
}
