import { Select } from '@mantine/core';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { DateField } from '../../../../components/date-field.tsx';
import { useFieldDisabled } from '../../../../components/disabled-fieldset.tsx';
import { YesNoField } from './yes-no-field.tsx';

interface ControlledProps<V extends FieldValues> {
  readonly control: Control<V>;
  readonly name: Path<V>;
  readonly label: string;
  /** The translated message, when the field has one. */
  readonly error?: string;
  readonly required?: boolean;
  readonly disabled?: boolean;
}

interface SelectFieldProps<V extends FieldValues> extends ControlledProps<V> {
  readonly data: readonly { readonly value: string; readonly label: string }[];
  readonly placeholder: string;
  readonly description?: string;
  readonly searchable?: boolean;
}

/**
 * A Mantine Select bound to a form field holding one option's value or null. Confirming the chosen option
 * again (a click, Enter) never empties it; an optional field has a clear button for that.
 */
export function SelectField<V extends FieldValues>(props: SelectFieldProps<V>) {
  const { control, name, label, error, required, disabled, data, placeholder, description, searchable } =
    props;
  const off = useFieldDisabled(disabled);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Select
          label={label}
          description={description}
          placeholder={placeholder}
          withAsterisk={required}
          // A disabled field offers no clear button.
          clearable={!required && !off}
          // Choosing the option already chosen keeps it: only the clear button empties the field.
          allowDeselect={false}
          searchable={searchable}
          data={data.map((option) => ({ ...option }))}
          value={field.value ?? null}
          onChange={field.onChange}
          onBlur={field.onBlur}
          name={field.name}
          ref={field.ref}
          error={error}
          disabled={disabled}
        />
      )}
    />
  );
}

/** A calendar day ('yyyy-MM-dd' or null) bound to a form field. */
export function DateFormField<V extends FieldValues>(props: ControlledProps<V>) {
  const { control, name, label, error, required, disabled } = props;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <DateField
          label={label}
          required={required}
          disabled={disabled}
          value={field.value ?? null}
          onChange={field.onChange}
          onBlur={field.onBlur}
          name={field.name}
          inputRef={field.ref}
          error={error}
        />
      )}
    />
  );
}

interface YesNoFormFieldProps<V extends FieldValues> extends ControlledProps<V> {
  readonly onlyYes?: string;
}

/** A boolean bound to a yes / no radio pair. */
export function YesNoFormField<V extends FieldValues>(props: YesNoFormFieldProps<V>) {
  const { control, name, label, error, onlyYes } = props;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <YesNoField
          label={label}
          name={field.name}
          value={Boolean(field.value)}
          onChange={field.onChange}
          inputRef={field.ref}
          error={error}
          onlyYes={onlyYes}
        />
      )}
    />
  );
}
