import { Button, Fieldset, Group, Paper, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import {
  classifyEln2022,
  GENETIC_MARKERS,
  type GeneticMarker,
  KARYOTYPE_RESULTS,
  karyotypeOfOtherSex,
  type MarkerEntry,
  readKaryotype,
  resolveMarkers,
  type Sex,
} from '@registry/shared';
import { useDeferredValue, useId } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldDisabled } from '../../../../components/disabled-fieldset.tsx';
import { currentLanguage } from '../../../../lib/i18n.ts';
import { translateRuntimeKey } from '../../../../lib/translate.ts';
import { ElnSummary } from '../../components/genetics/eln-summary.tsx';
import type { DiagnosticValues } from '../forms/diagnostic-form.ts';
import { MARKER_INDEX, type MarkerValues, PANEL_GROUPS, type PanelGroup } from '../forms/genetics-form.ts';
import { SelectField } from './controlled-fields.tsx';
import classes from './genetics-panel.module.css';
import { KaryotypeReading } from './karyotype-reading.tsx';
import { MarkerRow } from './marker-row.tsx';

interface GeneticsPanelProps {
  readonly form: UseFormReturn<DiagnosticValues>;
  /** The subtype chosen: the ELN 2022 preview reads it (M3 is not applicable). */
  readonly subType: string | null;
  /** The patient's sex, for the karyotype of the other sex to be said as it is typed. */
  readonly sex?: Sex | null;
}

/** The markers entered so far, as the rules read them (a VAF still being typed counts as none). */
function enteredMarkers(markers: readonly MarkerValues[]): MarkerEntry[] {
  return GENETIC_MARKERS.flatMap((code, row) => {
    const marker = markers[row];
    if (!marker || marker.result === 'not_tested') {
      return [];
    }
    return [{ code, result: marker.result, vaf: typeof marker.vaf === 'number' ? marker.vaf : null }];
  });
}

/**
 * The genetics of an AML diagnostic (CONTRACT §10): the karyotype text, read as it is typed, and its
 * result; the markers by the report's groups; and the ELN 2022 genetic risk these data give, computed in
 * the browser by the same rules the server applies when they are saved.
 */
export function GeneticsPanel({ form, subType, sex = null }: GeneticsPanelProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const readingId = useId();
  const disabled = useFieldDisabled(false);
  const [karyotype, karyotypeResult, markers] = useWatch({
    control: form.control,
    name: ['genetics.karyotype', 'genetics.karyotypeResult', 'genetics.markers'],
  });
  const text = useDeferredValue(karyotype);
  const reading = text.trim() === '' ? null : readKaryotype(text);
  const otherSex = text.trim() !== '' && karyotypeOfOtherSex(text, sex) ? sex : null;
  const useLine = (line: string) =>
    form.setValue('genetics.karyotype', line, { shouldDirty: true, shouldValidate: true });
  const entered = enteredMarkers(markers);
  const derived = reading ?? readKaryotype(null);
  const implied = resolveMarkers({ karyotypeResult, markers: [], derived });
  const eln = classifyEln2022(subType, { karyotypeResult, markers: entered, derived }, currentLanguage());
  const errors = form.formState.errors.genetics;

  /** Every marker of a group not tested yet becomes negative: most of a panel is negative. */
  const restNegative = (codes: readonly GeneticMarker[]) => {
    for (const code of codes) {
      const path = `genetics.markers.${MARKER_INDEX[code]}.result` as const;
      if (form.getValues(path) === 'not_tested') {
        form.setValue(path, 'negative', { shouldDirty: true });
      }
    }
  };
  const untested = (codes: readonly GeneticMarker[]) =>
    codes.some((code) => markers[MARKER_INDEX[code]]?.result === 'not_tested');

  return (
    <Paper
      component="section"
      mt="lg"
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      aria-labelledby={titleId}
    >
      <Stack gap="md">
        <div>
          <Title order={3} size="h4" id={titleId}>
            {t('geneticsPanel.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('geneticsPanel.intro')}
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" verticalSpacing="md">
          <Stack gap={6}>
            <Textarea
              label={t('geneticsPanel.karyotype')}
              placeholder="46,XY,t(8;21)(q22;q22)[20]"
              autosize
              minRows={1}
              maxRows={4}
              spellCheck={false}
              autoComplete="off"
              aria-describedby={readingId}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              error={translateRuntimeKey(t, errors?.karyotype?.message) || undefined}
              {...form.register('genetics.karyotype')}
            />
            <KaryotypeReading
              id={readingId}
              text={text}
              reading={reading}
              otherSex={otherSex}
              onUseLine={useLine}
            />
          </Stack>
          <SelectField
            control={form.control}
            name="genetics.karyotypeResult"
            label={t('geneticRisk.karyotypeResult')}
            placeholder={t('wizardOptions.choose')}
            data={KARYOTYPE_RESULTS.map((value) => ({
              value,
              label: t(`geneticRisk.karyotypeResults.${value}`),
            }))}
            error={translateRuntimeKey(t, errors?.karyotypeResult?.message) || undefined}
          />
        </SimpleGrid>
        <div className={classes.groups}>
          {PANEL_GROUPS.map(({ group, codes }) => (
            <MarkerGroup
              key={group}
              group={group}
              disabled={disabled || !untested(codes)}
              onRestNegative={() => restNegative(codes)}
            >
              {codes.map((code) => (
                <MarkerRow
                  key={code}
                  form={form}
                  code={code}
                  implied={implied[code as GeneticMarker]?.result ?? null}
                />
              ))}
            </MarkerGroup>
          ))}
        </div>
        <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-default-hover)" aria-live="polite">
          <ElnSummary eln={eln} title={t('geneticsPanel.preview')} />
        </Paper>
      </Stack>
    </Paper>
  );
}

interface MarkerGroupProps {
  readonly group: PanelGroup;
  /** The 'rest negative' button does nothing: read-only, or every marker answered. */
  readonly disabled: boolean;
  readonly onRestNegative: () => void;
  readonly children: React.ReactNode;
}

function MarkerGroup({ group, disabled, onRestNegative, children }: MarkerGroupProps) {
  const { t } = useTranslation();
  const name = t(`geneticRisk.groups.${group}`);
  return (
    <Fieldset legend={name} variant="default" radius="md" p="sm" pt={4}>
      <Group justify="flex-end" mb={4}>
        <Button
          variant="subtle"
          size="compact-xs"
          onClick={onRestNegative}
          disabled={disabled}
          aria-label={t('geneticsPanel.restNegativeIn', { group: name })}
        >
          {t('geneticsPanel.restNegative')}
        </Button>
      </Group>
      {children}
    </Fieldset>
  );
}
