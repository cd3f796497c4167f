import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { decimalSeparatorOf } from '../lib/numbers.ts';

type NumberFieldProps = Omit<
  NumberInputProps,
  'decimalSeparator' | 'thousandSeparator' | 'clampBehavior' | 'min' | 'max'
>;

/**
 * A number typed and shown in the user's language (docs/product-rules.md#validation): in Spanish `0,5`
 * is a half and shows as `0,5`, in English `0.5`. What is out of range is never clamped or dropped: it
 * stays as typed and the form's shared rule refuses it with its message (150 % is an error, not 100 %).
 */
export function NumberField(props: NumberFieldProps) {
  const { i18n } = useTranslation();
  const decimal = decimalSeparatorOf(i18n.language);
  return (
    <NumberInput
      {...props}
      decimalSeparator={decimal}
      // The other mark is read as the decimal one too: `0.5` typed in Spanish is a half, not 5.
      allowedDecimalSeparators={decimal === ',' ? ['.'] : [',']}
      thousandSeparator={false}
      clampBehavior="none"
      hideControls
    />
  );
}
