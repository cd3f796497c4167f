import type { DatePickerInputProps } from '@mantine/dates';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import dayjs from 'dayjs';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { todayString } from '../lib/date-strings.ts';

/** A calendar day as the API carries it ('yyyy-MM-dd'), or null for none. */
export type DayValue = string | null;

type SharedProps = Pick<
  DatePickerInputProps,
  'valueFormat' | 'locale' | 'firstDayOfWeek' | 'maxDate' | 'leftSection' | 'styles' | 'ariaLabels'
>;

/**
 * What every date picker of the app shares: DD/MM/YYYY, the user's language, weeks from Monday, no day
 * after today (the server refuses those, docs/product-rules.md#dates) and named calendar controls.
 */
export function useDatePickerProps(): SharedProps {
  const { t, i18n } = useTranslation();
  return {
    valueFormat: 'DD/MM/YYYY',
    locale: i18n.language,
    firstDayOfWeek: 1,
    maxDate: todayString(),
    leftSection: <IconCalendar size={16} aria-hidden />,
    // The placeholder is text in a button here: Mantine's light grey fails WCAG AA contrast on white.
    styles: { placeholder: { color: 'var(--mantine-color-dimmed)' } },
    ariaLabels: {
      monthLevelControl: t('dates.monthLevel'),
      yearLevelControl: t('dates.yearLevel'),
      nextMonth: t('dates.nextMonth'),
      previousMonth: t('dates.previousMonth'),
      nextYear: t('dates.nextYear'),
      previousYear: t('dates.previousYear'),
      nextDecade: t('dates.nextDecade'),
      previousDecade: t('dates.previousDecade'),
    },
  };
}

/** Mantine hands back 'yyyy-MM-dd' strings; the slice keeps any time part out of the records. */
const toDay = (value: unknown): DayValue => (value ? String(value).slice(0, 10) : null);

interface DateFieldProps {
  readonly label: string;
  /** 'yyyy-MM-dd', or null / '' for none: no Date (and so no time zone) is involved. */
  readonly value: string | null | undefined;
  readonly onChange: (value: DayValue) => void;
  readonly onBlur?: () => void;
  readonly name?: string;
  readonly inputRef?: Ref<HTMLButtonElement>;
  readonly error?: string;
  readonly required?: boolean;
  readonly disabled?: boolean;
  /** 'DD/MM/AAAA' unless the screen says otherwise. */
  readonly placeholder?: string;
  /** Where the calendar opens: 'decade' for a birth date. */
  readonly defaultLevel?: 'month' | 'year' | 'decade';
  /** Focused first when its modal opens. */
  readonly autofocus?: boolean;
}

/** A calendar day picked from a calendar; an optional one can be cleared. */
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
  placeholder,
  defaultLevel,
  autofocus,
}: DateFieldProps) {
  const { t } = useTranslation();
  const shared = useDatePickerProps();
  return (
    <DatePickerInput
      {...shared}
      label={label}
      withAsterisk={required}
      value={value || null}
      onChange={(day) => onChange(toDay(day))}
      onBlur={onBlur}
      name={name}
      ref={inputRef}
      error={error}
      disabled={disabled}
      placeholder={placeholder ?? t('dates.placeholder')}
      clearable={!required}
      clearButtonProps={{ 'aria-label': t('dates.clear') }}
      defaultLevel={defaultLevel}
      data-autofocus={autofocus || undefined}
    />
  );
}

/** A range of calendar days; either end may still be missing while it is being chosen. */
export type DayRange = [DayValue, DayValue];

interface DateRangeFieldProps {
  readonly label: string;
  readonly placeholder: string;
  readonly value: DayRange;
  readonly onChange: (value: DayRange) => void;
  /** The clear button's name, saying what it clears. */
  readonly clearLabel: string;
  readonly miw?: DatePickerInputProps['miw'];
}

/** A range of calendar days, picked on two months side by side. */
export function DateRangeField({
  label,
  placeholder,
  value,
  onChange,
  clearLabel,
  miw,
}: DateRangeFieldProps) {
  const shared = useDatePickerProps();
  return (
    <DatePickerInput
      {...shared}
      type="range"
      numberOfColumns={2}
      clearable
      label={label}
      placeholder={placeholder}
      value={value}
      onChange={([from, to]) => onChange([toDay(from), toDay(to)])}
      // No day lies after today: the two months shown end with the current one.
      defaultDate={dayjs().subtract(1, 'month').startOf('month').format('YYYY-MM-DD')}
      clearButtonProps={{ 'aria-label': clearLabel }}
      popoverProps={{ position: 'bottom-start' }}
      miw={miw}
    />
  );
}
