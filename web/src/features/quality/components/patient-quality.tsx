import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { countFindings, type Patient } from '@registry/shared';
import { IconMessageQuestion } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ListError } from '../../../components/list-error.tsx';
import type { PatientFileSection } from '../../../lib/patient-slots.tsx';
import { useCurrentUser } from '../../../lib/session.ts';
import { usePatientQueries } from '../api/get-queries.ts';
import type { QualityFinding, Query } from '../api/schemas.ts';
import { placeOf } from './field-place.ts';
import { FindingList } from './finding-item.tsx';
import { OpenQueryModal } from './open-query-modal.tsx';
import { QueryThread } from './query-thread.tsx';

/** The findings the patient document carries (CONTRACT §13); none before the server computes them. */
export function findingsOf(patient: Patient): readonly QualityFinding[] {
  return patient.quality;
}

function QueryList({
  queries,
  onReload,
}: {
  readonly queries: readonly Query[];
  readonly onReload: () => Promise<unknown>;
}) {
  const user = useCurrentUser();
  return (
    <Stack gap="sm">
      {queries.map((query) => (
        <QueryThread key={query.id} query={query} isAdmin={user.isAdmin} onReload={onReload} />
      ))}
    </Stack>
  );
}

/**
 * Above the patient file (docs/product-rules.md#data-quality): the rules that fire for the patient, each
 * with the way to its correction, the queries on the patient as a whole, and, for admins, a way to open one.
 */
export function PatientQualitySummary({ patient }: { readonly patient: Patient }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [opened, modal] = useDisclosure(false);
  const queries = usePatientQueries(patient.id);
  const findings = findingsOf(patient);
  const counts = countFindings(findings);
  const general = (queries.data?.data ?? []).filter((query) => !query.field);

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="quality-title" mb="md">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={2} size="h4" id="quality-title">
            {t('dataQuality.findingsTitle')}
          </Title>
          {user.isAdmin && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconMessageQuestion size={14} aria-hidden />}
              onClick={modal.open}
            >
              {t('queries.open')}
            </Button>
          )}
        </Group>
        {findings.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('dataQuality.noFindings')}
          </Text>
        ) : (
          <>
            <Text size="sm">
              {t('dataQuality.counts', {
                errors: t('dataQuality.errors', { count: counts.errors }),
                warnings: t('dataQuality.warnings', { count: counts.warnings }),
              })}
            </Text>
            <FindingList
              patientId={patient.id}
              findings={findings}
              label={t('dataQuality.findingsLabel')}
              gap="sm"
            />
          </>
        )}
        {queries.isError && (
          <ListError
            message={t('queries.loadError')}
            onRetry={() => void queries.refetch()}
            retrying={queries.isFetching}
          />
        )}
        {general.length > 0 && <QueryList queries={general} onReload={queries.refetch} />}
      </Stack>
      {user.isAdmin && (
        <OpenQueryModal
          patient={patient}
          opened={opened}
          onClose={modal.close}
          title={t('queries.openTitle')}
        />
      )}
    </Paper>
  );
}

interface SectionQueriesProps {
  readonly patient: Patient;
  readonly section: PatientFileSection;
  /** The section's title, for the button's name and the modal's title. */
  readonly title: string;
}

/**
 * At the top of a section of the patient file: the queries on its fields, each with its thread, and for
 * admins a way to open one on a field of the section.
 */
export function SectionQueries({ patient, section, title }: SectionQueriesProps) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [opened, modal] = useDisclosure(false);
  const queries = usePatientQueries(patient.id);
  const mine = (queries.data?.data ?? []).filter(
    (query) => query.field && placeOf(query.field).section === section,
  );
  if (mine.length === 0 && !user.isAdmin) {
    return null;
  }
  return (
    <Stack
      gap="sm"
      mb="md"
      component="section"
      aria-label={t('dataQuality.sectionLabel', { section: title })}
    >
      {mine.length > 0 && <QueryList queries={mine} onReload={queries.refetch} />}
      {user.isAdmin && (
        <>
          <Group justify="flex-end">
            <Button
              size="xs"
              variant="subtle"
              leftSection={<IconMessageQuestion size={14} aria-hidden />}
              onClick={modal.open}
            >
              {t('queries.openOnSection', { section: title })}
            </Button>
          </Group>
          <OpenQueryModal
            patient={patient}
            section={section}
            opened={opened}
            onClose={modal.close}
            title={t('queries.openOnSection', { section: title })}
          />
        </>
      )}
    </Stack>
  );
}
