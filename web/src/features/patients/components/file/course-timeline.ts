import {
  assessmentDateOf,
  type MrdMethod,
  type Patient,
  type Response,
  type TransplantType,
} from '@registry/shared';
import { lastKnownAlive } from './last-known-alive.ts';

/**
 * One step of a patient's course as the file shows it (CONTRACT §11). The course itself (first CR, MRD in
 * CR, induction failure, transplant) comes from the server's `course`; this adds the dates and details a
 * reader needs beside it and puts the steps in time order.
 */
export type CourseEvent =
  | { readonly kind: 'diagnosis'; readonly date: string | null; readonly subtype: string | null }
  | { readonly kind: 'induction'; readonly date: string | null; readonly scheme: string | null }
  | {
      readonly kind: 'firstCR';
      readonly date: string;
      readonly response: Response;
      readonly treatmentOrder: number;
    }
  | {
      readonly kind: 'response';
      readonly date: string | null;
      readonly response: Response;
      readonly inductionFailure: boolean;
    }
  | {
      readonly kind: 'mrd';
      readonly date: string | null;
      readonly negative: boolean;
      readonly method: MrdMethod | null;
    }
  | {
      readonly kind: 'transplant';
      readonly date: string | null;
      readonly type: TransplantType;
      readonly inCR1: boolean;
    }
  | { readonly kind: 'relapse'; readonly date: string | null }
  | { readonly kind: 'death'; readonly date: string }
  | { readonly kind: 'lastKnownAlive'; readonly date: string };

export type CourseEventKind = CourseEvent['kind'];

/**
 * The MRD result that decided `mrdNegativeInCR`: the earliest negative one (or, when none was negative,
 * the earliest positive one) dated on or after the first CR and before any relapse, each dated as
 * `courseOf` dates it (its own date, else its treatment's assessment).
 */
function mrdInCR(patient: Patient, negative: boolean, crDate: string, relapseDate: string | null) {
  const wanted = negative ? 'negative' : 'positive';
  let found: { date: string; method: MrdMethod | null } | null = null;
  for (const treatment of patient.treatments) {
    const date = treatment.EMRDate ?? assessmentDateOf(treatment);
    if (treatment.EMRStatus !== wanted || date === null || date < crDate) {
      continue;
    }
    if (relapseDate !== null && date >= relapseDate) {
      continue;
    }
    if (found === null || date < found.date) {
      found = { date, method: treatment.EMRMethod };
    }
  }
  return found;
}

/**
 * The steps of a patient's course, in time order: diagnosis, induction (the treatment of order 1), its
 * response when it was not the first CR, the first CR, MRD in that CR, the transplant, the relapse, and
 * the death or else the last day known alive. A step without a date keeps its place after the step
 * before it.
 */
export function courseTimeline(patient: Patient): CourseEvent[] {
  const { course } = patient;
  const diagnostic = patient.diagnostics[0] ?? null;
  const relapseDate = diagnostic?.relapse ? diagnostic.relapseDate : null;
  const induction = patient.treatments.find((treatment) => treatment.order === 1) ?? null;
  const events: CourseEvent[] = [];

  if (diagnostic) {
    events.push({ kind: 'diagnosis', date: diagnostic.dxDate, subtype: diagnostic.dxSubType });
  }
  if (induction) {
    events.push({ kind: 'induction', date: induction.startDate, scheme: induction.scheme });
    if (induction.diseaseAssessment && course.firstCR?.treatmentOrder !== 1) {
      events.push({
        kind: 'response',
        date: assessmentDateOf(induction),
        response: induction.diseaseAssessment,
        inductionFailure: course.inductionFailure === true,
      });
    }
  }
  if (course.firstCR) {
    const { date, category, treatmentOrder } = course.firstCR;
    events.push({ kind: 'firstCR', date, response: category, treatmentOrder });
    if (course.mrdNegativeInCR !== null) {
      const mrd = mrdInCR(patient, course.mrdNegativeInCR, date, relapseDate);
      events.push({
        kind: 'mrd',
        date: mrd?.date ?? null,
        negative: course.mrdNegativeInCR,
        method: mrd?.method ?? null,
      });
    }
  }
  if (course.transplant) {
    events.push({ kind: 'transplant', ...course.transplant });
  }
  if (diagnostic?.relapse) {
    events.push({ kind: 'relapse', date: diagnostic.relapseDate });
  }
  const known = lastKnownAlive(patient);
  if (patient.deathDate) {
    events.push({ kind: 'death', date: patient.deathDate });
  } else if (known) {
    events.push({ kind: 'lastKnownAlive', date: known });
  }
  return inTimeOrder(events);
}

/** Sorts by date ('yyyy-MM-dd' orders as text), stable; an undated step sorts as the step before it. */
function inTimeOrder(events: CourseEvent[]): CourseEvent[] {
  let previous = '';
  const keyed = events.map((event, index) => {
    previous = event.date ?? previous;
    return { event, key: previous, index };
  });
  const byDay = (a: string, b: string) => (a < b ? -1 : Number(a > b));
  keyed.sort((a, b) => byDay(a.key, b.key) || a.index - b.index);
  return keyed.map((item) => item.event);
}
