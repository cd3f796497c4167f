import { COMPLETENESS_FIELDS, type OutcomeFilters, relapseRangeOf } from '@registry/shared';
import type { TFunction } from 'i18next';
import { formatIsoDate } from './dates.ts';
import { translateRuntimeKey } from './translate.ts';

/** A range of days as '01/01/2020 – 31/12/2023', either end open. */
function range(from: string | null | undefined, to: string | null | undefined): string {
  return `${from ? formatIsoDate(from) : '…'} – ${to ? formatIsoDate(to) : '…'}`;
}

/**
 * The filters in force in words, each as 'label: value' in the user's language, in the order of the
 * filter bars: what an outcome figure prints under its title and what the datasets' list says of each
 * dataset. An empty list when the cohort is not filtered.
 */
export function describeFilters(filters: OutcomeFilters, t: TFunction): string[] {
  const parts: string[] = [];
  if (filters.text) {
    parts.push(`${t('outcomes.filters.search')}: «${filters.text}»`);
  }
  if (filters.dxFrom || filters.dxTo) {
    parts.push(`${t('outcomes.filters.dxDates')}: ${range(filters.dxFrom, filters.dxTo)}`);
  }
  if (filters.relapse) {
    parts.push(
      `${t('patientList.filters.relapse')}: ${filters.relapse === 'true' ? t('patientCommon.yes') : t('patientCommon.no')}`,
    );
  }
  if (filters.obito) {
    const [from, to] = relapseRangeOf(filters.obito);
    parts.push(`${t('patientList.filters.relapseDates')}: ${range(from, to)}`);
  }
  if (filters.institutionCode) {
    parts.push(`${t('patientList.filters.institutionCode')}: ${filters.institutionCode}`);
  }
  if (filters.subtype) {
    const subtype = translateRuntimeKey(t, `patientCommon.diagnoses.${filters.subtype}`, filters.subtype);
    parts.push(`${t('patientList.filters.subtype')}: ${subtype}`);
  }
  if (filters.dx) {
    parts.push(
      `${t('patientList.filters.dx')}: ${translateRuntimeKey(t, `patientCommon.stages.${filters.dx}`, filters.dx)}`,
    );
  }
  if (filters.eln) {
    const eln = translateRuntimeKey(t, `patientCommon.eln2022.${filters.eln}`, filters.eln);
    parts.push(`${t('outcomes.groupBy.eln2022')}: ${eln}`);
  }
  if (filters.eln2024) {
    const eln = translateRuntimeKey(t, `patientCommon.eln2022.${filters.eln2024}`, filters.eln2024);
    parts.push(`${t('outcomes.groupBy.eln2024')}: ${eln}`);
  }
  if (filters.codeOP) {
    parts.push(
      filters.codeOP === 'missing'
        ? t('patientList.filters.codeOPMissing')
        : t('patientList.filters.codeOPPresent'),
    );
  }
  if (filters.quality) {
    parts.push(`${t('dataQuality.filter.label')}: ${t(`dataQuality.filter.${filters.quality}`)}`);
  }
  if (filters.query) {
    parts.push(
      filters.query === 'open' ? t('patientList.filters.queryOpen') : t('patientList.filters.queryAnswered'),
    );
  }
  if (filters.missing) {
    const field = filters.missing;
    const name = (COMPLETENESS_FIELDS as readonly string[]).includes(field)
      ? translateRuntimeKey(t, `cohortSummary.fields.${field}`, field)
      : translateRuntimeKey(t, `coordinator.eln.${field}`, field);
    parts.push(`${t('patientList.filters.missing')}: ${name}`);
  }
  if (filters.followUpDue) {
    parts.push(
      `${t('patientList.filters.followUpDue')}: ${t('patientList.filters.followUpDueMonths', { count: filters.followUpDue })}`,
    );
  }
  if (filters.doctorId) {
    parts.push(t('patientList.filters.doctor', { name: filters.doctorId.slice(0, 8) }));
  }
  return parts;
}
