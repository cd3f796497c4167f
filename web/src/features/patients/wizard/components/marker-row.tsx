import { Box, Button, Group, Text } from '@mantine/core';
import { type GeneticMarker, type MarkerResult, takesVaf } from '@registry/shared';
import { memo, useId } from 'react';
import { Controller, type UseFormReturn, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldDisabled } from '../../../../components/disabled-fieldset.tsx';
import { NumberField } from '../../../../components/number-field.tsx';
import { formatNumber } from '../../../../lib/numbers.ts';
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

/** A VAF typed as a fraction (0.35): the percentage it probably stands for, or null. */
export function vafAsPercent(vaf: unknown): number | null {
  if (typeof vaf !== 'number' || !(vaf > 0 && vaf < 1)) {
    return null;
  }
  return Math.round(vaf * 10_000) / 100;
}

/**
 * One marker: its name, positive / negative / not tested as a segmented group of native radios (arrows
 * move between them; light enough for the panel's 35 markers), and,
 * for a positive gene mutation, its VAF in the user's number format. The name keeps its line whole: where
 * the row is too narrow for both (a phone), the choices go under it, each a thumb's width. A VAF under 1 is
 * asked about, not refused: 0.35 is usually 35 % typed as a fraction, but 0.5 % can be real.
 */
export const MarkerRow = memo(function MarkerRow({ form, code, implied }: MarkerRowProps) {
  const { t, i18n } = useTranslation();
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
  const vaf = useWatch({ control: form.control, name: `${path}.vaf` });
  const percent = result === 'positive' ? vafAsPercent(vaf) : null;
  const hint =
    result === 'not_tested' && implied
      ? t('geneticsPanel.implied', { result: t(`geneticRisk.results.${implied}`) })
      : null;
  return (
    <Box className={classes.row} data-result={result}>
      <div className={classes.head}>
        <Box className={classes.label}>
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
      </div>
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
      {percent !== null && (
        <Group gap="xs" mt={4} wrap="wrap" role="status">
          <Text size="xs" fw={500}>
            {t('geneticsPanel.vafFraction', { percent: formatNumber(percent, i18n.language) })}
          </Text>
          <Button
            variant="default"
            size="compact-xs"
            onClick={() => form.setValue(`${path}.vaf`, percent, { shouldDirty: true, shouldValidate: true })}
          >
            {t('geneticsPanel.vafUsePercent', { percent: formatNumber(percent, i18n.language) })}
          </Button>
        </Group>
      )}
    </Box>
  );
});
