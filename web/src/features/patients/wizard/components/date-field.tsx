import { DatePickerInput } from '@mantine/dates';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { todayString } from '../../../../lib/date-strings.ts';

interface DateFieldProps {
  readonly label: string;
  /** 'yyyy-MM-dd' or null: Mantine's own value format, so no Date (and no time zone) is involved. */
  readonly value: string | null;
  readonly onChange: (value: string | null) => void;
  readonly onBlur?: () => void;
  readonly name?: string;
  readonly inputRef?: Ref<HTMLButtonElement>;
  readonly error?: string;
  readonly required?: boolean;
  readonly disabled?: boolean;
  /** Where the calendar opens: 'decade' for a birth date. */
  readonly defaultLevel?: 'month' | 'year' | 'decade';
}

/** A calendar day picked from a calendar, shown as DD/MM/YYYY; no day after today (the server refuses it). */
export function DateField({
  label,
  value,
  onChange,
  onBlur,
  name,
  inputRef,
  error,
  required = false,
  disabled,
  defaultLevel,
}: DateFieldProps) {
  const { t, i18n } = useTranslation();
  return (
    <DatePickerInput
      label={label}
      withAsterisk={required}
      value={value}
      onChange={(day) => onChange(day ? String(day).slice(0, 10) : null)}
      onBlur={onBlur}
      name={name}
      ref={inputRef}
      error={error}
      disabled={disabled}
      valueFormat="DD/MM/YYYY"
      placeholder={t('wizardDates.placeholder')}
      // The placeholder is text in a button here: Mantine's light grey fails WCAG contrast.
      styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
      clearable={!required}
      clearButtonProps={{ 'aria-label': t('wizardDates.clear') }}
      maxDate={todayString()}
      defaultLevel={defaultLevel}
      locale={i18n.language}
      firstDayOfWeek={1}
      ariaLabels={{
        monthLevelControl: t('wizardDates.monthLevel'),
        yearLevelControl: t('wizardDates.yearLevel'),
        nextMonth: t('wizardDates.nextMonth'),
        previousMonth: t('wizardDates.previousMonth'),
        nextYear: t('wizardDates.nextYear'),
        previousYear: t('wizardDates.previousYear'),
        nextDecade: t('wizardDates.nextDecade'),
        previousDecade: t('wizardDates.previousDecade'),
      }}
    />
  );
}
