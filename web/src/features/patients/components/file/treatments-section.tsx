import { Accordion, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { Treatment } from '@registry/shared';
import { useTranslation } from 'react-i18next';
import { formatIsoDate } from '../../../../lib/dates.ts';
import { FieldGrid, NoData } from './field-grid.tsx';
import { useValueLabels } from './use-value-labels.ts';

const date = (value: string | null) => (value ? formatIsoDate(value) : null);

function DrugsTable({ treatment }: { readonly treatment: Treatment }) {
  const { t } = useTranslation();
  const title = `${t('patientFile.fields.drugs')} — ${t('patientFile.treatmentTitle', { order: treatment.order })}`;
  if (treatment.drugs.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('patientFile.empty.noDrugs')}
      </Text>
    );
  }
  return (
    // Narrow enough for a phone; where it still scrolls, the keyboard reaches it.
    <Table.ScrollContainer minWidth={280} type="native" tabIndex={0} role="region" aria-label={title}>
      <Table aria-label={title} withTableBorder verticalSpacing="xs" fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('patientFile.fields.drugName')}</Table.Th>
            <Table.Th>{t('patientFile.fields.dose')}</Table.Th>
            <Table.Th>{t('patientFile.fields.lastApplication')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {treatment.drugs.map((drug) => (
            <Table.Tr key={drug.id}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{drug.name}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{drug.dose || <NoData />}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {drug.lastAplicationDate ? formatIsoDate(drug.lastAplicationDate) : <NoData />}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

interface TreatmentsSectionProps {
  readonly treatments: readonly Treatment[];
}

/** 04 treatments: one sub-accordion per treatment, else 'noTreatments'. */
export function TreatmentsSection({ treatments }: TreatmentsSectionProps) {
  const { t } = useTranslation();
  const labels = useValueLabels();
  if (treatments.length === 0) {
    return <Text c="dimmed">{t('patientFile.empty.noTreatments')}</Text>;
  }
  const sorted = [...treatments].sort((a, b) => a.order - b.order);
  return (
    <Accordion
      multiple
      defaultValue={sorted.map((item) => item.id)}
      keepMountedMode="display-none"
      variant="contained"
      order={3}
    >
      {sorted.map((treatment) => (
        <Accordion.Item key={treatment.id} value={treatment.id}>
          <Accordion.Control>
            <Group gap="xs" wrap="wrap">
              <Text fw={600} size="sm">
                {t('patientFile.treatmentTitle', { order: treatment.order })}
              </Text>
              {treatment.scheme && (
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {labels.scheme(treatment.scheme)}
                </Text>
              )}
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            <Stack gap="md">
              <FieldGrid
                fields={[
                  { label: t('patientFile.fields.scheme'), value: labels.scheme(treatment.scheme) },
                  { label: t('patientFile.fields.startDate'), value: date(treatment.startDate) },
                  {
                    label: t('patientFile.fields.diseaseAssessment'),
                    value: labels.response(treatment.diseaseAssessment),
                  },
                  {
                    label: t('patientFile.fields.diseaseAssessmentDate'),
                    value: date(treatment.diseaseAssessmentDate),
                  },
                  { label: t('patientFile.fields.EMRStatus'), value: labels.mrdStatus(treatment.EMRStatus) },
                  { label: t('patientFile.fields.EMRMethod'), value: labels.mrdMethod(treatment.EMRMethod) },
                  { label: t('patientFile.fields.EMRDate'), value: date(treatment.EMRDate) },
                  { label: t('patientFile.fields.EMRBlasts'), value: labels.percent(treatment.EMRBlasts) },
                  { label: t('patientFile.fields.EMR'), value: treatment.EMR },
                  { label: t('patientFile.fields.medulogram'), value: treatment.medulogram },
                  { label: t('patientFile.fields.medulogramDate'), value: date(treatment.medulogramDate) },
                  {
                    label: t('patientFile.fields.clinicalMonitoring'),
                    value: treatment.clinicalMonitoring,
                    wide: true,
                  },
                  { label: t('patientFile.fields.toxicities'), value: treatment.toxicities, wide: true },
                ]}
              />
              <Title order={4} size="sm">
                {t('patientFile.fields.drugs')}
              </Title>
              <DrugsTable treatment={treatment} />
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
