import { Box, Group, Text } from '@mantine/core';
import { type GeneticMarker, type MarkerResult, takesVaf } from '@registry/shared';
import { memo, useId } from 'react';
import { Controller, type UseFormReturn, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldDisabled } from '../../../../components/disabled-fieldset.tsx';
import { NumberField } from '../../../../components/number-field.tsx';
import { translateRuntimeKey } from '../../../../lib/translate.ts';
import { CYTOGENETIC_NAMES, useMarkerLabels } from '../../components/genetics/marker-labels.ts';
import type { DiagnosticValues } from '../forms/diagnostic-form.ts';
import { MARKER_INDEX, type MarkerChoice } from '../forms/genetics-form.ts';
import classes from './genetics-panel.module.css';

const CHOICES: readonly MarkerChoice[] = ['positive', 'negative', 'not_tested'];

interface MarkerRowProps {
  readonly form: UseFormReturn<DiagnosticValues>;
  readonly code: GeneticMarker;
  /** What the karyotype text or a normal result implies for a marker not entered, if anything. */
  readonly implied: MarkerResult | null;
}

/**
 * One marker: its name, positive / negative / not tested as a segmented group of native radios (arrows
 * move between them; light enough for the panel's 35 markers), and,
 * for a positive gene mutation, its VAF in the user's number format.
 */
export const MarkerRow = memo(function MarkerRow({ form, code, implied }: MarkerRowProps) {
  const { t } = useTranslation();
  const labels = useMarkerLabels();
  const nameId = useId();
  const hintId = useId();
  const disabled = useFieldDisabled(false);
  const row = MARKER_INDEX[code];
  const path = `genetics.markers.${row}` as const;
  const result = useWatch({ control: form.control, name: `${path}.result` });
  // Its own errors only: a row draws again when its marker or its messages change, not at each keystroke.
  const { errors: formErrors } = useFormState({ control: form.control, name: path });
  const errors = formErrors.genetics?.markers?.[row];
  const resultError = translateRuntimeKey(t, errors?.result?.message);
  const vafError = translateRuntimeKey(t, errors?.vaf?.message);
  const cytogenetic = CYTOGENETIC_NAMES[code];
  const hint =
    result === 'not_tested' && implied
      ? t('geneticsPanel.implied', { result: t(`geneticRisk.results.${implied}`) })
      : null;
  return (
    <Box className={classes.row} data-result={result}>
      <Group gap="xs" justify="space-between" wrap="nowrap" align="center">
        <Box miw={0}>
          <Text id={nameId} size="sm" fw={600} className={classes.name}>
            {labels.marker(code)}
            {cytogenetic && ' '}
            {cytogenetic && (
              <Text span size="xs" c="dimmed" fw={400} ml={2}>
                {cytogenetic}
              </Text>
            )}
          </Text>
          {hint && (
            <Text id={hintId} size="xs" c="dimmed">
              {hint}
            </Text>
          )}
        </Box>
        <Controller
          control={form.control}
          name={`${path}.result`}
          render={({ field }) => (
            <div
              role="radiogroup"
              aria-labelledby={nameId}
              aria-describedby={hint ? hintId : undefined}
              aria-invalid={resultError ? true : undefined}
              className={classes.choices}
            >
              {CHOICES.map((choice) => (
                <label key={choice} className={classes.choice} data-choice={choice}>
                  <input
                    type="radio"
                    className={classes.input}
                    name={field.name}
                    value={choice}
                    checked={field.value === choice}
                    disabled={disabled}
                    ref={choice === field.value ? field.ref : undefined}
                    onBlur={field.onBlur}
                    onChange={() => {
                      field.onChange(choice);
                      if (choice !== 'positive') {
                        form.setValue(`${path}.vaf`, '', { shouldDirty: true });
                      }
                    }}
                  />
                  <span>{t(`geneticsPanel.choices.${choice}`)}</span>
                </label>
              ))}
            </div>
          )}
        />
      </Group>
      {resultError && (
        <Text size="xs" c="red.8" mt={4}>
          {resultError}
        </Text>
      )}
      {takesVaf(code) && result === 'positive' && (
        <Controller
          control={form.control}
          name={`${path}.vaf`}
          render={({ field }) => (
            <NumberField
              mt={6}
              size="xs"
              label={t('geneticsPanel.vaf', { marker: code })}
              decimalScale={2}
              suffix=" %"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              name={field.name}
              ref={field.ref}
              error={vafError || undefined}
              className={classes.vaf}
            />
          )}
        />
      )}
    </Box>
  );
});
