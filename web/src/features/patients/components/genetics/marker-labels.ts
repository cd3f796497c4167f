import type { GeneticMarker, MarkerEntry } from '@registry/shared';
import { useTranslation } from 'react-i18next';

/**
 * The ISCN name of each rearrangement, shown beside its fusion: notation, the same in every language.
 * KMT2A-r and MECOM-r are the other rearrangements at 11q23 and 3q26.2.
 */
export const CYTOGENETIC_NAMES: Partial<Record<GeneticMarker, string>> = {
  'PML::RARA': 't(15;17)',
  'RUNX1::RUNX1T1': 't(8;21)',
  'CBFB::MYH11': 'inv(16)/t(16;16)',
  'MLLT3::KMT2A': 't(9;11)',
  'KMT2A-r': '11q23',
  'DEK::NUP214': 't(6;9)',
  'BCR::ABL1': 't(9;22)',
  'KAT6A::CREBBP': 't(8;16)',
  'GATA2::MECOM': 'inv(3)/t(3;3)',
  'MECOM-r': '3q26.2',
};

/**
 * How markers read on screen: genes and fusions by their names, the complex and monosomal karyotypes in
 * the user's language, a VAF in the user's number format.
 */
export function useMarkerLabels() {
  const { t, i18n } = useTranslation();
  const numbers = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const marker = (code: GeneticMarker): string => {
    if (code === 'complex') {
      return t('geneticRisk.markers.complex');
    }
    if (code === 'monosomal') {
      return t('geneticRisk.markers.monosomal');
    }
    return code;
  };
  const list = (codes: readonly GeneticMarker[]): string => codes.map(marker).join(', ');
  /** An entered marker with its VAF, when it has one: `NPM1 (VAF 38,5 %)`. */
  const entry = (value: Pick<MarkerEntry, 'code' | 'vaf'>): string =>
    value.vaf === null
      ? marker(value.code)
      : t('geneticRisk.withVaf', { marker: marker(value.code), vaf: numbers.format(value.vaf) });
  return { marker, list, entry };
}
