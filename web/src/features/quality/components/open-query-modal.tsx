import { Alert, Button, Group, Modal, Select, Stack, Textarea } from '@mantine/core';
import type { Patient } from '@registry/shared';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify.ts';
import { serverMessage } from '../../../lib/translate.ts';
import { useOpenQuery } from '../api/query-actions.ts';
import { QUERY_TEXT_MAX } from '../api/schemas.ts';
import { type FileSection, placeOf } from './field-place.ts';
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
  patient.diagnostics.forEach((_dx, i) => {
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
      'organsFailures',
    ]) {
      paths.push(`diagnostics.${i}.${name}`);
    }
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
  const [field, setField] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();

  const options = fieldPaths(patient)
    .filter((path) => !section || placeOf(path).section === section)
    .map((path) => ({ value: path, label: fieldLabel(path) }));

  const close = () => {
    setField(null);
    setText('');
    setError(undefined);
    open.reset();
    onClose();
  };

  const submit = () => {
    const trimmed = text.trim();
    if (!trimmed) {
      setError(t('queries.textRequired'));
      return;
    }
    open.mutate(
      { patientId: patient.id, field, text: trimmed },
      {
        onSuccess: () => {
          notify('success', t('queries.opened'), fieldLabel(field));
          close();
        },
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form
        noValidate
        aria-label={title}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          {open.isError && (
            <Alert
              color="red"
              variant="light"
              title={t('queries.openFailed')}
              icon={<IconAlertCircle aria-hidden />}
            >
              {serverMessage(open.error, t('queries.openFailed'))}
            </Alert>
          )}
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
          <Textarea
            label={t('queries.text')}
            description={t('queries.textHint')}
            required
            autosize
            minRows={3}
            maxLength={QUERY_TEXT_MAX}
            value={text}
            error={error}
            onChange={(event) => {
              setText(event.currentTarget.value);
              setError(undefined);
            }}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={open.isPending}>
              {t('queries.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
