import { Fieldset, type FieldsetProps } from '@mantine/core';
import { createContext, useContext } from 'react';

const FieldsDisabled = createContext(false);

/**
 * A Mantine fieldset whose disabled state the fields inside also know of: the browser disables their
 * inputs, and the fields hide what only changes a value (a select's or a date's clear button).
 */
export function DisabledFieldset({ disabled = false, ...props }: FieldsetProps) {
  const outer = useContext(FieldsDisabled);
  return (
    <FieldsDisabled value={outer || disabled}>
      <Fieldset disabled={disabled} {...props} />
    </FieldsDisabled>
  );
}

/** Whether a field is disabled, by its own prop or by a disabled fieldset around it. */
export function useFieldDisabled(own: boolean | undefined): boolean {
  return useContext(FieldsDisabled) || Boolean(own);
}
