import type { TFunction } from 'i18next';
import { axisOrigin, DAYS_PER_MONTH, fromRemission, type Outcome } from './curves.ts';

/** The unit the time axis counts in. */
export type TimeUnit = 'months' | 'years';

/**
 * The time axis's title, in the user's language, from the origin the curves count from: "Months from
 * diagnosis", "Years from first CR", "Months from the landmark, 6 months after diagnosis". The screen's
 * chart, its number-at-risk table and the downloaded figure all read it here, so that they agree.
 */
export function axisLabelOf(t: TFunction, language: string, outcome: Outcome, unit: TimeUnit): string {
  const origin = axisOrigin(outcome);
  if (origin !== 'landmark' || outcome.landmark === null) {
    return t(`outcomes.axis.${unit}.${origin}`);
  }
  const months = new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(
    Math.round((outcome.landmark / DAYS_PER_MONTH) * 10) / 10,
  );
  const key = fromRemission(outcome.endpoint) ? 'landmarkCr' : 'landmark';
  return t(`outcomes.axis.${unit}.${key}`, { months });
}

/** The caption of the number-at-risk table: the unit and origin its columns count in. */
export function atRiskCaptionOf(t: TFunction, language: string, outcome: Outcome, unit: TimeUnit): string {
  return t('outcomes.atRisk.captionIn', {
    axis: lowerFirst(axisLabelOf(t, language, outcome, unit), language),
  });
}

function lowerFirst(text: string, language: string): string {
  return text.charAt(0).toLocaleLowerCase(language) + text.slice(1);
}
