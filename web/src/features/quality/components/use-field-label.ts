import { useTranslation } from 'react-i18next';
import { useChangeLabels } from '../../../lib/change-labels.ts';
import { translateRuntimeKey } from '../../../lib/translate.ts';
import { placeOf } from './field-place.ts';

/** Genetics and other fields the change labels do not name, by their own name. */
const OWN_LABELS: Readonly<Record<string, string>> = {
  identification: 'dataQuality.fields.identification',
  lastContactDate: 'dataQuality.fields.lastContactDate',
  eln2022: 'dataQuality.fields.eln2022',
  genetics: 'dataQuality.fields.genetics',
  karyotype: 'dataQuality.fields.karyotype',
  karyotypeResult: 'dataQuality.fields.karyotypeResult',
  result: 'dataQuality.fields.markerResult',
  markers: 'dataQuality.fields.markers',
  vaf: 'dataQuality.fields.vaf',
  diseaseAssessmentDate: 'dataQuality.fields.diseaseAssessmentDate',
};

const ENTITY_OF_CHANGES: Readonly<Record<string, string>> = {
  patient: 'patient',
  sample: 'sample',
  diagnostic: 'diagnostic',
  treatment: 'treatment',
  drug: 'drug',
  labReport: 'labReport',
};

/**
 * A field of the patient document as people read it: the record it belongs to and the field's label, in
 * the labels of the patient file (`Tratamiento 2 · Fecha de inicio`); a query on no field names the patient.
 */
export function useFieldLabel() {
  const { t } = useTranslation();
  const changes = useChangeLabels();
  const ordinal = (value: number | '*' | undefined) =>
    value === '*' || value === undefined ? t('dataQuality.fields.anyRecord') : String(value + 1);

  return (path: string | null | undefined): string => {
    if (!path) {
      return t('dataQuality.fields.whole');
    }
    const place = placeOf(path);
    const own = OWN_LABELS[place.name];
    const label = own
      ? translateRuntimeKey(t, own, place.name)
      : changes.fieldLabel(ENTITY_OF_CHANGES[place.entity] ?? 'patient', place.name);
    const [first, second] = place.positions;
    switch (place.entity) {
      case 'sample':
        return t('dataQuality.fields.joined', {
          place: t('dataQuality.fields.sample', { n: ordinal(first) }),
          field: label,
        });
      case 'treatment':
        return t('dataQuality.fields.joined', {
          place: t('dataQuality.fields.treatment', { n: ordinal(first) }),
          field: label,
        });
      case 'drug':
        return t('dataQuality.fields.joined', {
          place: `${t('dataQuality.fields.treatment', { n: ordinal(first) })} · ${t('dataQuality.fields.drug', { n: ordinal(second) })}`,
          field: label,
        });
      case 'labReport':
        return t('dataQuality.fields.joined', {
          place: t('dataQuality.fields.report', { n: ordinal(first) }),
          field: label,
        });
      case 'genetics': {
        // A marker by its place among the diagnostic's tested markers.
        const field =
          second === undefined
            ? label
            : t('dataQuality.fields.joined', {
                place: t('dataQuality.fields.marker', { n: ordinal(second) }),
                field: label,
              });
        return first === 0
          ? field
          : t('dataQuality.fields.joined', {
              place: t('dataQuality.fields.diagnostic', { n: ordinal(first) }),
              field,
            });
      }
      case 'diagnostic':
        return first === 0
          ? label
          : t('dataQuality.fields.joined', {
              place: t('dataQuality.fields.diagnostic', { n: ordinal(first) }),
              field: label,
            });
      default:
        return label;
    }
  };
}
