import type { CoxModelAnswer } from '@registry/shared';
import type { TFunction } from 'i18next';
import { countOf, pValue, ratioOf } from './format.ts';

const TESTS = ['likelihoodRatio', 'wald', 'score'] as const;

/** How a Cox model is reported, on the screen and in the footer of its figure, in the user's language. */
export interface CoxReport {
  /** The patients and events the model used. */
  readonly summary: string;
  /** The patients it left out, and why; null when none was. */
  readonly excluded: string | null;
  /** The likelihood-ratio, Wald and score tests and cox.zph, each as 'name: χ² (df), p'. */
  readonly tests: readonly string[];
}

export function coxReport(model: CoxModelAnswer, t: TFunction, language: string): CoxReport {
  const test = (value: { chisq: number; df: number; p: number }) =>
    t('outcomes.cox.test', {
      chisq: ratioOf(value.chisq, language),
      df: value.df,
      p: pValue(value.p, language),
    });
  const { noDiagnosisDate, noResponseDate, incomplete } = model.excluded;
  return {
    summary: t('outcomes.cox.summary', {
      patients: t('outcomes.cox.patients', { count: model.n, value: countOf(model.n, language) }),
      events: t('outcomes.cox.events', { count: model.events, value: countOf(model.events, language) }),
    }),
    excluded:
      noDiagnosisDate + noResponseDate + incomplete > 0
        ? t('outcomes.cox.excluded', {
            noDiagnosisDate: countOf(noDiagnosisDate, language),
            noResponseDate: countOf(noResponseDate, language),
            incomplete: countOf(incomplete, language),
          })
        : null,
    tests: [
      ...TESTS.map((name) => `${t(`outcomes.cox.${name}`)}: ${test(model.tests[name])}`),
      `${t('outcomes.cox.zph')}: ${model.proportionalHazards ? test(model.proportionalHazards) : t('outcomes.cox.zphNone')}`,
    ],
  };
}
