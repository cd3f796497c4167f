import { Select } from '@mantine/core';
import { type Patient, takesVaf } from '@registry/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal.tsx';
import { notify } from '../../../lib/notify.ts';
import { serverMessage } from '../../../lib/translate.ts';
import { useOpenQuery } from '../api/query-actions.ts';
import { type FileSection, placeOf } from './field-place.ts';
import { QueryTextField, useQueryText } from './query-text-field.tsx';
import { useFieldLabel } from './use-field-label.ts';

/** The fields of a patient's document a query may name, in the file's order. */
export function fieldPaths(patient: Patient): string[] {
  const paths = [
    'identification',
    'demography.birthDate',
    'demography.gender',
    'demography.ecog',
    'demography.app',
    'lastContactDate',
  ];
  patient.samples.forEach((_sample, i) => {
    paths.push(`samples.${i}.sampleDate`, `samples.${i}.sampleType`);
  });
  patient.diagnostics.forEach((dx, i) => {
    for (const name of [
      'dxDate',
      'dxSubType',
      'dxSecondary',
      'patientFit',
      'riskLevel',
      'relapse',
      'relapseDate',
      'consent',
      'consentDate',
      'wbcAtDiagnosis',
      'marrowBlastsAtDiagnosis',
      'organsFailures',
    ]) {
      paths.push(`diagnostics.${i}.${name}`);
    }
    // The genetics: the karyotype, its result, and each marker tested (its VAF where it takes one).
    paths.push(`diagnostics.${i}.genetics.karyotype`, `diagnostics.${i}.genetics.karyotypeResult`);
    dx.genetics?.markers.forEach((marker, j) => {
      paths.push(`diagnostics.${i}.genetics.markers.${j}.result`);
      if (takesVaf(marker.code)) {
        paths.push(`diagnostics.${i}.genetics.markers.${j}.vaf`);
      }
    });
  });
  patient.treatments.forEach((treatment, i) => {
    for (const name of [
      'scheme',
      'startDate',
      'diseaseAssessment',
      'EMRBlasts',
      'EMRDate',
      'medulogramDate',
    ]) {
      paths.push(`treatments.${i}.${name}`);
    }
    treatment.drugs.forEach((_drug, j) => {
      paths.push(`treatments.${i}.drugs.${j}.startApplicationDate`, `treatments.${i}.drugs.${j}.dose`);
    });
  });
  patient.reports.forEach((_report, i) => {
    paths.push(`reports.${i}.content`, `reports.${i}.date`);
  });
  paths.push('riskLevel');
  if (patient.deathDate) {
    paths.push('deathDate', 'deathCause');
  }
  return paths;
}

interface OpenQueryModalProps {
  readonly patient: Patient;
  readonly opened: boolean;
  readonly onClose: () => void;
  /** Offers only the fields of this section of the file. */
  readonly section?: FileSection;
  readonly title: string;
}

/** An admin opens a query on a patient, optionally on one of its fields (CONTRACT §13). */
export function OpenQueryModal({ patient, opened, onClose, section, title }: OpenQueryModalProps) {
  const { t } = useTranslation();
  const fieldLabel = useFieldLabel();
  const open = useOpenQuery();
  // A marker is offered by its name (`NPM1 · VAF`): its place in the list says nothing to the reader.
  const markerLabel = (path: string): string | null => {
    const [, dx, , , index] = path.split('.');
    const code = path.includes('.genetics.markers.')
      ? patient.diagnostics[Number(dx)]?.genetics?.markers[Number(index)]?.code
      : undefined;
    return code
      ? t('dataQuality.fields.joined', { place: code, field: fieldLabel(path).split(' · ').at(-1) })
      : null;
  };
  const [field, setField] = useState<string | null>(null);
  const text = useQueryText();

  const options = fieldPaths(patient)
    .filter((path) => !section || placeOf(path).section === section)
    .map((path) => ({ value: path, label: markerLabel(path) ?? fieldLabel(path) }));

  const clear = () => {
    setField(null);
    text.clear();
  };

  const submit = () => {
    const trimmed = text.take();
    if (trimmed === null) {
      return;
    }
    open.mutate(
      { patientId: patient.id, field, text: trimmed },
      {
        onSuccess: () => {
          notify('success', t('queries.opened'), fieldLabel(field));
          clear();
          open.reset();
          onClose();
        },
      },
    );
  };

  return (
    <FormModal
      title={title}
      opened={opened}
      onClose={onClose}
      modal={{
        onSubmit: async (event) => {
          event?.preventDefault();
          submit();
        },
        failure: open.isError ? serverMessage(open.error, t('queries.openFailed')) : null,
        stale: false,
        clear,
      }}
      mutation={open}
      failedTitle={t('queries.openFailed')}
      submitLabel={t('queries.send')}
    >
      <Select
        label={t('queries.field')}
        description={t('queries.fieldHint')}
        placeholder={t('dataQuality.fields.whole')}
        data={options}
        value={field}
        onChange={setField}
        clearable
        searchable
        comboboxProps={{ withinPortal: true }}
      />
      <QueryTextField {...text.field} />
    </FormModal>
  );
}
