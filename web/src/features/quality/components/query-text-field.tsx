import { Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QUERY_TEXT_MAX } from '../api/schemas.ts';

interface QueryTextFieldProps {
  readonly value: string;
  readonly error: string | undefined;
  readonly onChange: (text: string) => void;
}

/** The text of a new query, one or many (CONTRACT §13): required, at most `QUERY_TEXT_MAX` characters. */
export function QueryTextField({ value, error, onChange }: QueryTextFieldProps) {
  const { t } = useTranslation();
  return (
    <Textarea
      label={t('queries.text')}
      description={t('queries.textHint')}
      required
      autosize
      minRows={3}
      maxLength={QUERY_TEXT_MAX}
      value={value}
      error={error}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

/**
 * What a query's modal keeps of its text: the field's props (typing clears the error), `clear()`, and
 * `take()`, the trimmed text, or null with the field's error shown when nothing but blanks was typed.
 */
export function useQueryText() {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  return {
    field: {
      value,
      error,
      onChange: (text: string) => {
        setValue(text);
        setError(undefined);
      },
    } satisfies QueryTextFieldProps,
    clear: () => {
      setValue('');
      setError(undefined);
    },
    take: (): string | null => {
      const trimmed = value.trim();
      if (!trimmed) {
        setError(t('queries.textRequired'));
        return null;
      }
      return trimmed;
    },
  };
}
