import type { DatePickerInputProps } from '@mantine/dates';
import { DateInput, DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { type Ref, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { firstOfLastMonthIsoDate, isIsoDate, isoDateFromTyped, todayIsoDate } from '../lib/dates.ts';
import { useFieldDisabled } from './disabled-fieldset.tsx';

/** A calendar day as the API carries it ('yyyy-MM-dd'), or null for none. */
export type DayValue = string | null;

type SharedProps = Pick<
  DatePickerInputProps,
  | 'valueFormat'
  | 'locale'
  | 'firstDayOfWeek'
  | 'maxDate'
  | 'leftSection'
  | 'styles'
  | 'ariaLabels'
  | 'hideOutsideDates'
  | 'weekendDays'
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
    maxDate: todayIsoDate(),
    leftSection: <IconCalendar size={16} aria-hidden />,
    // Days of the months around are drawn in a grey that fails WCAG AA contrast; a month shows its own.
    hideOutsideDates: true,
    // Weekends in Mantine's red fail WCAG AA contrast on white; every day reads the same.
    weekendDays: [],
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

/** Keys that move on or modify another key: they leave a quiet calendar shut. */
const MOVING_KEYS: ReadonlySet<string> = new Set(['Tab', 'Shift', 'Control', 'Alt', 'Meta', 'Escape']);

/** The calendar's distance from the field (Mantine's default), and from a field with a message under it. */
const DEFAULT_OFFSET = 8;
const ERROR_OFFSET = 32;

/** Mantine hands back 'yyyy-MM-dd' strings; the slice keeps any time part out of the records. */
const toDay = (value: unknown): DayValue => (value ? String(value).slice(0, 10) : null);

interface DateFieldProps {
  readonly label: string;
  /**
   * 'yyyy-MM-dd', or null / '' for none: no Date (and so no time zone) is involved. Text typed that is no
   * day reaches the form as it was typed, so that the form's rules refuse it.
   */
  readonly value: string | null | undefined;
  readonly onChange: (value: DayValue) => void;
  readonly onBlur?: () => void;
  readonly name?: string;
  readonly inputRef?: Ref<HTMLInputElement>;
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

/**
 * A calendar day, typed as DD/MM/YYYY or picked from the calendar that opens under the field; focus stays
 * in the field after a day is picked. Text that is no day says so under the field once the user leaves
 * it; an optional day can be cleared.
 */
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
  const { styles: _buttonStyles, ...shared } = useDatePickerProps();
  const off = useFieldDisabled(disabled);
  // Typed text that is no day: kept in the field, and told once the user leaves it.
  const [unreadable, setUnreadable] = useState<string | null>(null);
  const [left, setLeft] = useState(false);
  // A field focused as its modal opens keeps its calendar shut (it would cover the modal's buttons) until
  // the user clicks it or types; focus that comes later opens the calendar as usual.
  const [quiet, setQuiet] = useState(Boolean(autofocus));
  const day = isIsoDate(value) ? value : null;
  const shownError = unreadable !== null && left ? t('dates.invalid') : error;
  const typed = (text: string) => {
    setLeft(false);
    if (text.trim() === '') {
      setUnreadable(null);
      onChange(null);
      return;
    }
    const read = isoDateFromTyped(text);
    setUnreadable(read ? null : text);
    // A day after today is left to the form's rules, which say why it is refused.
    onChange(read ?? text);
  };
  return (
    <DateInput
      {...shared}
      dateParser={isoDateFromTyped}
      fixOnBlur={false}
      label={label}
      withAsterisk={required}
      // The asterisk is drawn for the eye; a screen reader hears that the day is asked for.
      aria-required={required || undefined}
      value={day}
      onChange={(picked) => {
        setUnreadable(null);
        onChange(toDay(picked));
      }}
      onInput={(event) => typed(event.currentTarget.value)}
      onBlur={() => {
        setLeft(true);
        setQuiet(false);
        onBlur?.();
      }}
      onClick={() => setQuiet(false)}
      onKeyDown={(event) => {
        if (!MOVING_KEYS.has(event.key)) {
          setQuiet(false);
        }
      }}
      // The calendar opens below the field's message, not over it (the message is what needs reading).
      popoverProps={{
        position: 'bottom-start',
        offset: shownError ? ERROR_OFFSET : DEFAULT_OFFSET,
        ...(quiet ? { opened: false } : {}),
      }}
      name={name}
      ref={inputRef}
      error={shownError}
      disabled={disabled}
      placeholder={placeholder ?? t('dates.placeholder')}
      // A disabled field offers no clear button.
      clearable={!required && !off}
      // The clear button is clicked, not tabbed to: Tab goes from field to field.
      clearButtonProps={{ 'aria-label': t('dates.clear'), tabIndex: -1 }}
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
      defaultDate={firstOfLastMonthIsoDate()}
      clearButtonProps={{ 'aria-label': clearLabel }}
      popoverProps={{ position: 'bottom-start' }}
      miw={miw}
    />
  );
}
