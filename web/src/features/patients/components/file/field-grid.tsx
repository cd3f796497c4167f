import { Box, SimpleGrid, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface Field {
  readonly label: string;
  /** Nothing recorded shows a dash (read as 'no data'). */
  readonly value: ReactNode | null | undefined;
  /** Long free text keeps its line breaks and takes a whole row. */
  readonly wide?: boolean;
}

/** What an empty value shows: a dash, announced as 'no data'. */
export function NoData() {
  const { t } = useTranslation();
  return (
    <>
      <span aria-hidden style={{ color: 'var(--mantine-color-dimmed)' }}>
        —
      </span>
      <VisuallyHidden>{t('patientCommon.noData')}</VisuallyHidden>
    </>
  );
}

interface FieldGridProps {
  /** `false` leaves a field out (a field that does not apply). */
  readonly fields: readonly (Field | false)[];
}

/** The label / value pairs of a patient-file section, as a definition list in a responsive grid. */
export function FieldGrid({ fields }: FieldGridProps) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" verticalSpacing="md" m={0}>
      {fields
        .filter((field): field is Field => field !== false)
        .map((field) => (
          <Box key={field.label} style={field.wide ? { gridColumn: '1 / -1' } : undefined}>
            <Text component="dt" size="xs" fw={600} c="dimmed" tt="uppercase" lts={0.3}>
              {field.label}
            </Text>
            <Text
              component="dd"
              size="sm"
              m={0}
              mt={2}
              style={{ whiteSpace: field.wide ? 'pre-wrap' : undefined, overflowWrap: 'anywhere' }}
            >
              {field.value === null || field.value === undefined || field.value === '' ? (
                <NoData />
              ) : (
                field.value
              )}
            </Text>
          </Box>
        ))}
    </SimpleGrid>
  );
}
